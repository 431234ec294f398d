import { type ClientTrackingSettings, type ConsentState, type TrackingData, type TrackingEventName } from '@reelkeep/shared-contracts/tracking';
import { createCategoryMemory } from './category-memory.ts';
import { createPageInteractions } from './page-interactions.ts';
import { readTrackerPageContext } from './page-context.ts';
import { decideFingerprintCookies, isThirdPartyAllowed } from './third-party-rules.ts';
import { readBrowserEnvironment, type TrackerEnvironment } from './tracker-environment.ts';
import { createPageViews, type PageViews } from './page-views.ts';

export type { TrackerEnvironment } from './tracker-environment.ts';

/** The third parties' code is fetched only once one of them is allowed to run. */
const LAZY_THIRD_PARTIES: ThirdPartyLoaders = {
  loadTagAnalytics: (doc, scriptUrl) => void import('./third-parties.ts').then((module) => module.loadTagAnalytics(doc, scriptUrl)),
  computeFingerprint: () => import('./third-parties.ts').then((module) => module.computeFingerprint()),
};

/** The third parties' work, loaded only when allowed (a test passes its own). */
export interface ThirdPartyLoaders {
  loadTagAnalytics(doc: Document, scriptUrl: string): void;
  computeFingerprint(): Promise<string>;
}

export interface TrackerOptions {
  locale: string;
  /** docs/tracking.md "Envelope": `#dev=1` sends plain data (`mode` 1). */
  devMode: boolean;
  /** The configured outbound domains and third parties; in the page, read from the hydration state when absent. */
  settings?: ClientTrackingSettings | undefined;
  /** The experiment variants the server assigned with the page (the store's `ab` values, read from the hydration state when absent). */
  readAbValues?: () => Readonly<Record<string, string>>;
  environment?: TrackerEnvironment;
  thirdParties?: ThirdPartyLoaders;
  /**
   * The document's page views, counted from its first load on (`page-views.ts`): the tracker sends its events with
   * their per-page id and numbering, and never a page view they sent. A tracker given none counts its own.
   */
  pageViews?: PageViews;
}

export interface Tracker {
  track(event: TrackingEventName, fields?: Partial<TrackingData>): void;
  /** A page on screen (first load and each client-side navigation). */
  pageView(): void;
  consent(): ConsentState;
  /** Records the visitor's answer; a refusal removes the tracker's cookies. */
  setConsent(state: 'granted' | 'denied'): void;
  /**
   * Starts listening to scrolls, clicks, hovers, exposures, TypeErrors and `trackRequested`, and loads the
   * allowed third parties; returns the stop function.
   */
  start(): () => void;
}

function randomId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The first-party tracking SDK (docs/tracking.md "Envelope"): events go to the shell's server by beacon,
 * or by POST when the answer's identifiers are needed. Without consent (and always under Global Privacy
 * Control) it is cookieless: a per-page id, no `_EA_*` cookies, no identifiers. The parts: the visitor's
 * consent and cookies (`visitor-identity.ts`), the envelope and its sending (`event-sender.ts`), the category
 * cookie (`category-memory.ts`) and what the visitor does on the page (`page-interactions.ts`).
 */
export function createTracker({ locale, devMode, environment, thirdParties, pageViews, ...options }: TrackerOptions): Tracker {
  // In the page (no environment given), what the server configured and assigned comes with the hydration state.
  const pageContext = environment ? null : readTrackerPageContext(document);
  const settings = options.settings ?? pageContext?.settings ?? {};
  const readAbValues = options.readAbValues ?? (() => pageContext?.abValues ?? {});
  const env = environment ?? readBrowserEnvironment();
  const views = pageViews ?? createPageViews({ locale, devMode, readAbValues, env, randomId });
  const { visitor, sender } = views;
  const categories = createCategoryMemory(env, visitor, locale);
  views.readCategoriesFrom(categories.pageCategories);
  const interactions = createPageInteractions({ env, visitor, settings, track: sender.track });
  let thirdPartiesStarted = false;
  // docs/tracking.md "Categories": each page view marks a consenting visitor with its categories (failures are ignored).
  const rememberCategory = () => void categories.rememberCategory().catch(() => undefined);
  views.onPageView(({ changed }) => {
    // A new page: its elements may count again (an observed element is reported again when watched anew).
    if (changed) interactions.pageChanged();
    interactions.pageShown();
    rememberCategory();
  });
  // The page on screen was counted before the tracker came: the category cookie is all it still owes it.
  if (views.viewed()) rememberCategory();

  /** docs/tracking.md "Third parties": tag analytics and fingerprinting, once, when configured and allowed. */
  function startThirdParties(): void {
    const allowed = (configured: boolean) =>
      isThirdPartyAllowed({ configured, consent: visitor.consent(), globalPrivacyControl: visitor.globalPrivacyControl() });
    if (thirdPartiesStarted || !allowed(Boolean(settings.tagAnalyticsUrl) || settings.fingerprint === true)) return;
    thirdPartiesStarted = true;
    const loaders = thirdParties ?? LAZY_THIRD_PARTIES;
    if (settings.tagAnalyticsUrl) loaders.loadTagAnalytics(env.document, settings.tagAnalyticsUrl);
    if (settings.fingerprint)
      loaders
        .computeFingerprint()
        .then((fingerprint) => {
          if (!visitor.consented()) return;
          for (const write of decideFingerprintCookies({ fid: visitor.readOwn('FID') }, fingerprint))
            visitor.writeOwn(write.name, write.value, write.maxAgeS);
        })
        .catch(() => undefined);
  }

  function setConsent(state: 'granted' | 'denied'): void {
    visitor.recordConsent(state);
    if (state === 'denied') return;
    visitor.rememberPath();
    categories.rememberCategory().catch(() => undefined);
    startThirdParties();
  }

  return {
    track: sender.track,
    pageView: () => void views.pageView(),
    consent: visitor.consent,
    setConsent,
    start() {
      const stop = interactions.start();
      startThirdParties();
      return stop;
    },
  };
}
