import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  encodeTrackingEnvelope,
  readConsent,
  redactTrackedUrl,
  TRACKING_ENDPOINT,
  TRACKING_WEB_VERSION,
  type ConsentState,
  type TrackingData,
  type TrackingEventName,
} from '@reelkeep/shared-contracts/tracking';
import { onSiteEvent, parseJsonAnswer, readCookie, serialiseCookie, trackingAnswerSchema, type TrackingAnswer } from '@reelkeep/shared-contracts';

/** docs/constants.md "Counts" and docs/constants.md "Timings". */
export const SCROLL_THRESHOLDS = [20, 40, 60, 80, 100] as const;
const PATH_HISTORY_LENGTH = 5;
const DAY_S = 86_400;
const GUID_MAX_AGE_S = 365 * DAY_S;
const VISIT_MAX_AGE_S = DAY_S;
const PATH_TRACK_MAX_AGE_S = 30 * 60;
/** docs/tracking.md "Events": clicks on the same link are counted once per 2 s. */
const CLICK_THROTTLE_MS = 2_000;

/** Links whose clicks are events of their own (docs/tracking.md "Events"). */
const EVENT_BY_PATH: [RegExp, TrackingEventName][] = [
  [/^\/mlink(\/|$)/, 'download'],
  [/^(\/[a-z]{2})?\/checkout(\.htm)?$/, 'buy_now'],
];

/** What the tracker reads of the browser; a test passes its own. */
export interface TrackerEnvironment {
  document: Document;
  window: Window;
  navigator: Navigator & { globalPrivacyControl?: boolean };
  fetch: typeof fetch;
}

export interface TrackerOptions {
  locale: string;
  /** docs/tracking.md "Envelope": `#dev=1` sends plain data (`mode` 1). */
  devMode: boolean;
  environment?: TrackerEnvironment;
}

export interface Tracker {
  track(event: TrackingEventName, fields?: Partial<TrackingData>): void;
  /** A page on screen (first load and each client-side navigation). */
  pageView(): void;
  consent(): ConsentState;
  /** Records the visitor's answer; a refusal removes the tracker's cookies. */
  setConsent(state: 'granted' | 'denied'): void;
  /** Starts listening to scrolls, clicks and `trackRequested`; returns the stop function. */
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
export function createTracker({ locale, devMode, environment }: TrackerOptions): Tracker {
  const env: TrackerEnvironment = environment ?? { document, window, navigator, fetch: (...args: Parameters<typeof fetch>) => fetch(...args) };
  const doc = env.document;
  const prefix = env.window.location.hostname.includes('test') ? '_T_EA' : '_EA';
  const pageId = `anon-${randomId()}`;
  // docs/security.md "Cookies": Secure whenever the page is served over HTTPS.
  const secure = env.window.location.protocol === 'https:';
  let highestScroll = 0;
  let previousUrl = doc.referrer;
  let currentUrl = env.window.location.href;
  const lastClicks = new Map<string, number>();

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

  function baseData(): Omit<TrackingData, 'event'> {
    const root = doc.documentElement;
    const base: Omit<TrackingData, 'event'> = {
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
    const envelope = encodeTrackingEnvelope({ ...data, xargs_request_type: viaBeacon ? 'send_beacon' : 'axios' }, visitorId(), devMode);
    const body = JSON.stringify(envelope);
    if (viaBeacon && env.navigator.sendBeacon(TRACKING_ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
    // docs/tracking.md "Failures are ignored": tracking failures are ignored.
    env
      .fetch(TRACKING_ENDPOINT, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'text/html' } })
      .then(async (response) => {
        const answer = response.ok ? parseJsonAnswer(trackingAnswerSchema, await response.json()) : null;
        if (answer) keepAnswer(answer);
      })
      .catch(() => undefined);
  }

  function track(event: TrackingEventName, fields: Partial<TrackingData> = {}): void {
    send({ ...baseData(), ...fields, event }, false);
  }

  function rememberPath(): void {
    if (!consented()) return;
    const path = env.window.location.pathname;
    const history = (cookie(`${prefix}_PATH_TRK`) ?? '').split(',').filter((entry) => entry && entry !== path);
    writeCookie(`${prefix}_PATH_TRK`, [path, ...history].slice(0, PATH_HISTORY_LENGTH).join(','), PATH_TRACK_MAX_AGE_S);
  }

  function pageView(): void {
    if (env.window.location.href !== currentUrl) {
      previousUrl = currentUrl;
      currentUrl = env.window.location.href;
    }
    highestScroll = 0;
    rememberPath();
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

  function onClick(event: MouseEvent): void {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor?.href) return;
    const url = new URL(anchor.href, env.window.location.href);
    if (url.origin !== env.window.location.origin) return;
    const name = EVENT_BY_PATH.find(([pattern]) => pattern.test(url.pathname))?.[1];
    if (!name) return;
    const now = Date.now();
    if (now - (lastClicks.get(url.href) ?? 0) < CLICK_THROTTLE_MS) return;
    lastClicks.set(url.href, now);
    track(name, { event_target: url.pathname + url.search, event_label: anchor.textContent?.trim().slice(0, 100) || undefined });
  }

  function setConsent(state: 'granted' | 'denied'): void {
    writeCookie(CONSENT_COOKIE, state, CONSENT_MAX_AGE_DAYS * DAY_S);
    if (state === 'denied') for (const suffix of ['GUID', 'TID', 'SID', 'VT_TS', 'PATH_TRK']) writeCookie(`${prefix}_${suffix}`, '', 0);
    else rememberPath();
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
    env.window.addEventListener('scroll', scrolled, { passive: true });
    doc.addEventListener('click', onClick, true);
    const offRequested = onSiteEvent('trackRequested', ({ event, ...fields }) => track(event, fields));
    return () => {
      env.window.removeEventListener('scroll', scrolled);
      doc.removeEventListener('click', onClick, true);
      offRequested();
    };
  }

  return { track, pageView, consent, setConsent, start };
}
