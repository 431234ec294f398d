import { type ClientTrackingSettings, type ConsentState, type TrackingData, type TrackingEventName } from '@reelkeep/shared-contracts/tracking';
import { createCategoryMemory } from './category-memory.ts';
import { createEventSender, type TrackedPage } from './event-sender.ts';
import { createPageInteractions } from './page-interactions.ts';
import { readTrackerPageContext } from './page-context.ts';
import { decideFingerprintCookies, isThirdPartyAllowed } from './third-party-rules.ts';
import { readBrowserEnvironment, type TrackerEnvironment } from './tracker-environment.ts';
import { createVisitorIdentity } from './visitor-identity.ts';

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
export function createTracker({ locale, devMode, environment, thirdParties, ...options }: TrackerOptions): Tracker {
  // In the page (no environment given), what the server configured and assigned comes with the hydration state.
  const pageContext = environment ? null : readTrackerPageContext(document);
  const settings = options.settings ?? pageContext?.settings ?? {};
  const readAbValues = options.readAbValues ?? (() => pageContext?.abValues ?? {});
  const env = environment ?? readBrowserEnvironment();
  const pageId = `anon-${randomId()}`;
  const page: TrackedPage = { currentUrl: env.window.location.href, previousUrl: env.document.referrer };
  const visitor = createVisitorIdentity(env, pageId, randomId);
  const categories = createCategoryMemory(env, visitor, locale);
  const sender = createEventSender({ env, visitor, page, pageId, locale, devMode, readAbValues, pageCategories: categories.pageCategories });
  const interactions = createPageInteractions({ env, visitor, settings, track: sender.track });
  let thirdPartiesStarted = false;
  let viewed = false;

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

  function pageView(): void {
    const withoutFragment = (href: string) => href.split('#')[0];
    // A jump within the page (a table of contents, a `#fragment`) is not another page.
    if (viewed && withoutFragment(env.window.location.href) === withoutFragment(page.currentUrl)) return;
    viewed = true;
    if (env.window.location.href !== page.currentUrl) {
      page.previousUrl = page.currentUrl;
      page.currentUrl = env.window.location.href;
      // A new page: its elements may count again (an observed element is reported again when watched anew).
      interactions.pageChanged();
    }
    interactions.pageShown();
    visitor.rememberPath();
    // docs/tracking.md "Failures are ignored".
    categories.rememberCategory().catch(() => undefined);
    // The first view of a consenting visitor asks for the identifiers; the others go by beacon.
    sender.send({ ...sender.baseData(), event: 'page_view' }, visitor.consented() && !visitor.readOwn('SID'));
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
    pageView,
    consent: visitor.consent,
    setConsent,
    start() {
      const stop = interactions.start();
      startThirdParties();
      return stop;
    },
  };
}
