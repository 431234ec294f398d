import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  encodeTrackingEnvelope,
  type ClientTrackingSettings,
  readConsent,
  redactTrackedUrl,
  TRACKING_ENDPOINT,
  TRACKING_WEB_VERSION,
  type ConsentState,
  type TrackingData,
  type TrackingEventName,
} from '@reelkeep/shared-contracts/tracking';
import { onSiteEvent, readCookie, serialiseCookie, type TrackingAnswer } from '@reelkeep/shared-contracts';
import { buildAbTryList } from './ab-try-list.ts';
import { isClickCounted, isExposed, isHoverCounted, EXPOSURE_VISIBLE_RATIO, HOVER_DWELL_MS } from './interaction-rules.ts';
import { decorateOutboundUrl } from './outbound-links.ts';
import { findPageCategories, findPageProduct, type Category } from './page-category.ts';
import { decideFingerprintCookies, isThirdPartyAllowed } from './third-party-rules.ts';
import { describeClick, describeShown, TRACK_EXPOSURE_ATTRIBUTE, TRACK_HOVER_ATTRIBUTE } from './tracked-elements.ts';
import { pushTrackingHistory } from './tracking-history.ts';
import { CONSENTED_VISITOR_COOKIES } from '../visitor-cookies/visitor-cookie-rules.ts';
import { readTrackerPageContext } from './page-context.ts';

/** docs/constants.md "Counts" and docs/constants.md "Timings". */
export const SCROLL_THRESHOLDS = [20, 40, 60, 80, 100] as const;
const DAY_S = 86_400;
const GUID_MAX_AGE_S = 365 * DAY_S;
const VISIT_MAX_AGE_S = DAY_S;
const PATH_TRACK_MAX_AGE_S = 30 * 60;
/** Where the SDK asks for the categories and writes the category cookie (docs/tracking.md "Categories"). */
const CATEGORY_LIST_PATH = '/category/list';
const CATEGORY_COOKIE_PATH = '/cookie_set';
/** The schemas of the answers, loaded with the first answer (docs/tracking.md "Loading"). */
const loadAnswers = () => import('./tracker-answers.ts');
/** The third parties' code is fetched only once one of them is allowed to run. */
const LAZY_THIRD_PARTIES: ThirdPartyLoaders = {
  loadTagAnalytics: (doc, scriptUrl) => void import('./third-parties.ts').then((module) => module.loadTagAnalytics(doc, scriptUrl)),
  computeFingerprint: () => import('./third-parties.ts').then((module) => module.computeFingerprint()),
};
/** A TypeError's message is cut to this length in its `page_type_error` event. */
const ERROR_LABEL_MAX_CHARS = 200;
/** The tracker's own cookies (suffixes after the prefix), removed when the visitor declines. */
const TRACKER_COOKIE_SUFFIXES = ['GUID', 'TID', 'SID', 'VT_TS', 'PATH_TRK', 'FID', 'DID'] as const;

/** What the tracker reads of the browser; a test passes its own. */
export interface TrackerEnvironment {
  document: Document;
  window: Window;
  navigator: Navigator & { globalPrivacyControl?: boolean };
  fetch: typeof fetch;
  /** Absent in old browsers: then nothing is exposed. */
  IntersectionObserver?: typeof IntersectionObserver | undefined;
  MutationObserver?: typeof MutationObserver | undefined;
  /** Where the page logs the errors its boundaries catch (docs/tracking.md "Errors"). */
  console?: Pick<Console, 'error'> | undefined;
}

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
 * Control) it is cookieless: a per-page id, no `_EA_*` cookies, no identifiers.
 */
export function createTracker({ locale, devMode, environment, thirdParties, ...options }: TrackerOptions): Tracker {
  // In the page (no environment given), what the server configured and assigned comes with the hydration state.
  const pageContext = environment ? null : readTrackerPageContext(document);
  const settings = options.settings ?? pageContext?.settings ?? {};
  const readAbValues = options.readAbValues ?? (() => pageContext?.abValues ?? {});
  const env: TrackerEnvironment = environment ?? {
    document,
    window,
    navigator,
    fetch: (...args: Parameters<typeof fetch>) => fetch(...args),
    IntersectionObserver: globalThis.IntersectionObserver,
    MutationObserver: globalThis.MutationObserver,
    console: globalThis.console,
  };
  const doc = env.document;
  const prefix = env.window.location.hostname.includes('test') ? '_T_EA' : '_EA';
  const pageId = `anon-${randomId()}`;
  // docs/security.md "Cookies": Secure whenever the page is served over HTTPS.
  const secure = env.window.location.protocol === 'https:';
  let highestScroll = 0;
  let previousUrl = doc.referrer;
  let currentUrl = env.window.location.href;
  const lastCounted = new Map<Element | string, number>();
  const exposed = new Set<Element>();
  const reportedErrors = new Set<string>();
  let categories: Category[] | null = null;
  let thirdPartiesStarted = false;
  let viewed = false;
  let sendCount = 0;
  let exposureObserver: IntersectionObserver | null = null;
  const observed = new Set<Element>();

  const cookie = (name: string) => readCookie(doc.cookie, name);
  const writeCookie = (name: string, value: string, maxAgeS: number) => {
    doc.cookie = serialiseCookie(name, value, { secure, maxAgeS: Math.round(maxAgeS) });
  };
  const gpc = () => env.navigator.globalPrivacyControl === true;
  const consent = (): ConsentState => (gpc() ? 'denied' : readConsent(doc.cookie));
  const consented = () => consent() === 'granted';

  function visitorId(): string {
    if (!consented()) return pageId;
    let guid = cookie(`${prefix}_GUID`);
    if (!guid || !/^[\w-]{8,64}$/.test(guid)) {
      guid = randomId();
      writeCookie(`${prefix}_GUID`, guid, GUID_MAX_AGE_S);
    }
    return guid;
  }

  function pageCategories(): string[] {
    return categories ? findPageCategories(env.window.location.pathname, categories) : [];
  }

  function baseData(): Omit<TrackingData, 'event'> {
    const root = doc.documentElement;
    const base: Omit<TrackingData, 'event'> = {
      ab_try_list: buildAbTryList(readAbValues(), doc.cookie, findPageProduct(env.window.location.pathname)),
      elk_category_id: pageCategories().at(-1),
      url: redactTrackedUrl(currentUrl),
      referer_url: previousUrl ? redactTrackedUrl(previousUrl) : undefined,
      viewport_width: env.window.innerWidth,
      viewport_height: env.window.innerHeight,
      scroll_height: root.scrollHeight,
      web_version: TRACKING_WEB_VERSION,
      lang_domain: locale,
    };
    if (consented()) {
      base.tmp_token_id = cookie(`${prefix}_TID`);
      base.s_id = cookie(`${prefix}_SID`);
      base.finger_id = cookie(`${prefix}_FID`);
      const visit = Number(cookie(`${prefix}_VT_TS`));
      if (visit > 0) base.visit_timestamp = visit;
    }
    return base;
  }

  /** docs/tracking.md "Tracking cookies": the answer's identifiers go into cookies (with consent only). */
  function keepAnswer(answer: TrackingAnswer): void {
    if (answer.cscode !== 0 || !answer.data || !consented()) return;
    const { tmp_token_id: tokenId, s_id: sessionId, s_expiration: sessionEnd, visit_timestamp: visit } = answer.data;
    if (tokenId) writeCookie(`${prefix}_TID`, tokenId, GUID_MAX_AGE_S);
    if (sessionId && sessionEnd) writeCookie(`${prefix}_SID`, sessionId, (sessionEnd - Date.now()) / 1000);
    if (!cookie(`${prefix}_VT_TS`)) writeCookie(`${prefix}_VT_TS`, String(visit), VISIT_MAX_AGE_S);
  }

  function send(data: TrackingData, wantAnswer: boolean): void {
    const viaBeacon = !wantAnswer && typeof env.navigator.sendBeacon === 'function';
    sendCount += 1;
    const envelope = encodeTrackingEnvelope(
      { ...data, xargs_request_type: viaBeacon ? 'send_beacon' : 'axios' },
      visitorId(),
      devMode,
      `${pageId}.${sendCount}`,
    );
    const body = JSON.stringify(envelope);
    if (viaBeacon && env.navigator.sendBeacon(TRACKING_ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
    // docs/tracking.md "Failures are ignored": tracking failures are ignored.
    env
      .fetch(TRACKING_ENDPOINT, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'text/html' } })
      .then(async (response) => {
        if (!response.ok) return;
        const [body, { parseTrackingAnswer }] = await Promise.all([response.json(), loadAnswers()]);
        const answer = parseTrackingAnswer(body);
        if (answer) keepAnswer(answer);
      })
      .catch(() => undefined);
  }

  function track(event: TrackingEventName, fields: Partial<TrackingData> = {}): void {
    send({ ...baseData(), ...fields, event }, false);
  }

  function rememberPath(): void {
    if (!consented()) return;
    writeCookie(`${prefix}_PATH_TRK`, pushTrackingHistory(cookie(`${prefix}_PATH_TRK`), env.window.location.pathname), PATH_TRACK_MAX_AGE_S);
  }

  /** docs/tracking.md "Categories": with consent, a page of a category marks the visitor for a day. */
  async function rememberCategory(): Promise<void> {
    if (!consented()) return;
    const pathname = env.window.location.pathname;
    if (!categories) {
      const query = new URLSearchParams({ language: locale, origin_url: pathname });
      const response = await env.fetch(`${CATEGORY_LIST_PATH}?${query}`, { credentials: 'same-origin' });
      if (!response.ok) return;
      const [body, { parseCategoryListAnswer }] = await Promise.all([response.json(), loadAnswers()]);
      const answer = parseCategoryListAnswer(body);
      if (answer?.cscode !== 200 || !answer.data) return;
      categories = answer.data;
    }
    const uids = findPageCategories(pathname, categories);
    if (uids.length > 0)
      await env.fetch(`${CATEGORY_COOKIE_PATH}?${new URLSearchParams({ review_category_page_new: uids.join(',') })}`, { credentials: 'same-origin' });
  }

  /** docs/tracking.md "Third parties": tag analytics and fingerprinting, once, when configured and allowed. */
  function startThirdParties(): void {
    const allowed = (configured: boolean) => isThirdPartyAllowed({ configured, consent: consent(), globalPrivacyControl: gpc() });
    if (thirdPartiesStarted || !allowed(Boolean(settings.tagAnalyticsUrl) || settings.fingerprint === true)) return;
    thirdPartiesStarted = true;
    const loaders = thirdParties ?? LAZY_THIRD_PARTIES;
    if (settings.tagAnalyticsUrl) loaders.loadTagAnalytics(doc, settings.tagAnalyticsUrl);
    if (settings.fingerprint)
      loaders
        .computeFingerprint()
        .then((fingerprint) => {
          if (!consented()) return;
          for (const write of decideFingerprintCookies({ fid: cookie(`${prefix}_FID`) }, fingerprint))
            writeCookie(`${prefix}_${write.name}`, write.value, write.maxAgeS);
        })
        .catch(() => undefined);
  }

  /** Watches the page's tracked elements for exposure (each once per page). */
  function observeExposures(): void {
    for (const element of doc.querySelectorAll(`[${TRACK_EXPOSURE_ATTRIBUTE}]`))
      if (!observed.has(element)) {
        observed.add(element);
        exposureObserver?.observe(element);
      }
  }

  function pageView(): void {
    const withoutFragment = (href: string) => href.split('#')[0];
    // A jump within the page (a table of contents, a `#fragment`) is not another page.
    if (viewed && withoutFragment(env.window.location.href) === withoutFragment(currentUrl)) return;
    viewed = true;
    if (env.window.location.href !== currentUrl) {
      previousUrl = currentUrl;
      currentUrl = env.window.location.href;
      // A new page: its elements may count again (an observed element is reported again when watched anew).
      lastCounted.clear();
      exposed.clear();
      reportedErrors.clear();
      for (const element of observed) exposureObserver?.unobserve(element);
      observed.clear();
      observeExposures();
    }
    highestScroll = 0;
    rememberPath();
    // docs/tracking.md "Failures are ignored".
    rememberCategory().catch(() => undefined);
    // The first view of a consenting visitor asks for the identifiers; the others go by beacon.
    send({ ...baseData(), event: 'page_view' }, consented() && !cookie(`${prefix}_SID`));
  }

  function onScroll(): void {
    const root = doc.documentElement;
    const viewed = root.scrollHeight > 0 ? ((env.window.scrollY + env.window.innerHeight) / root.scrollHeight) * 100 : 100;
    const reached = SCROLL_THRESHOLDS.filter((threshold) => viewed >= threshold - 0.5).at(-1) ?? 0;
    if (reached <= highestScroll) return;
    highestScroll = reached;
    track('page_scroll', { highest_page_viewed_percent: reached });
  }

  const pageUrl = () => new URL(env.window.location.href);

  /** docs/tracking.md "Outbound links": a link to a configured domain carries the visit along. */
  function decorateOutbound(anchor: HTMLAnchorElement): void {
    if (!settings.outboundDomains?.length) return;
    const decorated = decorateOutboundUrl(anchor.href, {
      pageUrl: pageUrl(),
      domains: settings.outboundDomains,
      source: redactTrackedUrl(env.window.location.pathname + env.window.location.search),
      visitorId: consented() ? visitorId() : undefined,
      sessionId: consented() ? cookie(`${prefix}_SID`) : undefined,
    });
    if (decorated) anchor.href = decorated;
  }

  /** Counts an interaction unless the same element (or link) counted one less than 2 s ago. */
  function countThrottled(key: Element | string, send: () => void): void {
    const now = Date.now();
    if (!isClickCounted(lastCounted.get(key), now)) return;
    lastCounted.set(key, now);
    send();
  }

  function onClick(event: MouseEvent): void {
    const target = event.target as Element | null;
    if (typeof target?.closest !== 'function') return;
    const anchor = target.closest('a');
    if (anchor?.href) decorateOutbound(anchor);
    const interaction = describeClick(target, pageUrl());
    if (!interaction) return;
    const { event: name, label, category, target: linkTarget, install, key } = interaction;
    countThrottled(key, () => track(name, { event_label: label, event_category: category, event_target: linkTarget, install }));
  }

  const hoverTimers = new Map<Element, { enteredAt: number; timer: number }>();

  function onPointerOver(event: MouseEvent): void {
    const element = (event.target as Element | null)?.closest?.(`[${TRACK_HOVER_ATTRIBUTE}]`);
    if (!element || hoverTimers.has(element)) return;
    const enteredAt = Date.now();
    const timer = env.window.setTimeout(() => {
      hoverTimers.delete(element);
      if (!element.isConnected || !isHoverCounted(enteredAt, Date.now())) return;
      const { label, category, target } = describeShown(element, TRACK_HOVER_ATTRIBUTE, pageUrl());
      countThrottled(element, () => track('hover', { event_label: label, event_category: category, event_target: target }));
    }, HOVER_DWELL_MS);
    hoverTimers.set(element, { enteredAt, timer });
  }

  function onPointerOut(event: MouseEvent): void {
    for (const [element, { timer }] of hoverTimers) {
      // Moving between the element's own children is not leaving it.
      if (element.contains(event.relatedTarget as Node | null) || !element.contains(event.target as Node | null)) continue;
      env.window.clearTimeout(timer);
      hoverTimers.delete(element);
    }
  }

  function onExposures(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      if (!isExposed(entry.intersectionRatio) || exposed.has(entry.target)) continue;
      exposed.add(entry.target);
      const { label, category, target } = describeShown(entry.target, TRACK_EXPOSURE_ATTRIBUTE, pageUrl());
      track('exposure', { event_label: label, event_category: category, event_target: target });
    }
  }

  /** docs/tracking.md "Errors": a client TypeError is an event, once per message and page. */
  function reportTypeError(error: unknown, source?: string): void {
    if (!(error instanceof TypeError)) return;
    const message = error.message.slice(0, ERROR_LABEL_MAX_CHARS);
    if (reportedErrors.has(message)) return;
    reportedErrors.add(message);
    track('page_type_error', { event_label: message, event_target: source ? redactTrackedUrl(source) : undefined });
  }

  function setConsent(state: 'granted' | 'denied'): void {
    writeCookie(CONSENT_COOKIE, state, CONSENT_MAX_AGE_DAYS * DAY_S);
    if (state === 'denied') {
      for (const suffix of TRACKER_COOKIE_SUFFIXES) if (cookie(`${prefix}_${suffix}`) !== undefined) writeCookie(`${prefix}_${suffix}`, '', 0);
      // docs/tracking.md "Visitor cookies": the guest record and the referrer go with the refusal too.
      for (const name of CONSENTED_VISITOR_COOKIES) if (cookie(name) !== undefined) writeCookie(name, '', 0);
      return;
    }
    rememberPath();
    rememberCategory().catch(() => undefined);
    startThirdParties();
  }

  function start(): () => void {
    let frame = 0;
    const scrolled = () => {
      if (frame) return;
      frame = env.window.requestAnimationFrame(() => {
        frame = 0;
        onScroll();
      });
    };
    const onError = (event: ErrorEvent) => reportTypeError(event.error, event.filename);
    const onRejection = (event: PromiseRejectionEvent) => reportTypeError(event.reason);
    env.window.addEventListener('scroll', scrolled, { passive: true });
    env.window.addEventListener('error', onError);
    env.window.addEventListener('unhandledrejection', onRejection);
    doc.addEventListener('click', onClick, true);
    // A middle click opens an outbound link too.
    doc.addEventListener('auxclick', onClick, true);
    doc.addEventListener('mouseover', onPointerOver, true);
    doc.addEventListener('mouseout', onPointerOut, true);
    exposureObserver = env.IntersectionObserver ? new env.IntersectionObserver(onExposures, { threshold: [EXPOSURE_VISIBLE_RATIO] }) : null;
    observeExposures();
    // Pages change under the tracker (client navigations, late regions): new tracked elements are watched too.
    const mutations = env.MutationObserver ? new env.MutationObserver(observeExposures) : null;
    mutations?.observe(doc.body, { childList: true, subtree: true });
    const offRequested = onSiteEvent('trackRequested', ({ event, ...fields }) => track(event, fields));
    // A TypeError an error boundary caught never reaches `error` listeners: the boundaries log it (React's own
    // default does too), so the log is read, as error-reporting SDKs read it, and passed on untouched.
    const logger = env.console;
    const logError = logger?.error;
    if (logger && logError)
      logger.error = (...args: unknown[]) => {
        reportTypeError(args.find((arg) => arg instanceof TypeError));
        logError.apply(logger, args);
      };
    startThirdParties();
    return () => {
      env.window.removeEventListener('scroll', scrolled);
      env.window.removeEventListener('error', onError);
      env.window.removeEventListener('unhandledrejection', onRejection);
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('auxclick', onClick, true);
      doc.removeEventListener('mouseover', onPointerOver, true);
      doc.removeEventListener('mouseout', onPointerOut, true);
      for (const { timer } of hoverTimers.values()) env.window.clearTimeout(timer);
      hoverTimers.clear();
      exposureObserver?.disconnect();
      exposureObserver = null;
      observed.clear();
      mutations?.disconnect();
      offRequested();
      if (logger && logError) logger.error = logError;
    };
  }

  return { track, pageView, consent, setConsent, start };
}
