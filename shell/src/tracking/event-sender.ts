import {
  encodeTrackingEnvelope,
  redactTrackedUrl,
  TRACKING_ENDPOINT,
  TRACKING_WEB_VERSION,
  type TrackingData,
  type TrackingEventName,
} from '@reelkeep/shared-contracts/tracking';
import type { TrackingAnswer } from '@reelkeep/shared-contracts';
import { buildAbTryList } from './ab-try-list.ts';
import { findPageProduct } from './page-category.ts';
import type { TrackerEnvironment } from './tracker-environment.ts';
import { DAY_S, GUID_MAX_AGE_S, type VisitorIdentity } from './visitor-identity.ts';

/** The schemas of the answers, loaded with the first answer (docs/tracking.md "Loading"). */
export const loadAnswers = () => import('./tracker-answers.ts');

/** The page on screen and the one before it, as events report them; `pageView` moves them on. */
export interface TrackedPage {
  currentUrl: string;
  previousUrl: string;
}

export interface EventSenderOptions {
  env: TrackerEnvironment;
  visitor: VisitorIdentity;
  page: TrackedPage;
  pageId: string;
  locale: string;
  devMode: boolean;
  readAbValues: () => Readonly<Record<string, string>>;
  /** The categories of the page on screen, most specific last (docs/tracking.md "Categories"). */
  pageCategories: () => string[];
}

export interface EventSender {
  /** Sends an event by beacon, or by POST when `wantAnswer` (the answer's identifiers become cookies). */
  send(data: TrackingData, wantAnswer: boolean): void;
  /** What every event says of the page and, with consent, of the visitor. */
  baseData(): Omit<TrackingData, 'event'>;
  track(event: TrackingEventName, fields?: Partial<TrackingData>): void;
}

/** docs/tracking.md "Envelope": events go to the shell's server, each numbered within the page. */
export function createEventSender({ env, visitor, page, pageId, locale, devMode, readAbValues, pageCategories }: EventSenderOptions): EventSender {
  let sendCount = 0;

  function baseData(): Omit<TrackingData, 'event'> {
    const root = env.document.documentElement;
    const base: Omit<TrackingData, 'event'> = {
      ab_try_list: buildAbTryList(readAbValues(), env.document.cookie, findPageProduct(env.window.location.pathname)),
      elk_category_id: pageCategories().at(-1),
      url: redactTrackedUrl(page.currentUrl),
      referer_url: page.previousUrl ? redactTrackedUrl(page.previousUrl) : undefined,
      viewport_width: env.window.innerWidth,
      viewport_height: env.window.innerHeight,
      scroll_height: root.scrollHeight,
      web_version: TRACKING_WEB_VERSION,
      lang_domain: locale,
    };
    if (visitor.consented()) {
      base.tmp_token_id = visitor.readOwn('TID');
      base.s_id = visitor.readOwn('SID');
      base.finger_id = visitor.readOwn('FID');
      const visit = Number(visitor.readOwn('VT_TS'));
      if (visit > 0) base.visit_timestamp = visit;
    }
    return base;
  }

  /** docs/tracking.md "Tracking cookies": the answer's identifiers go into cookies (with consent only). */
  function keepAnswer(answer: TrackingAnswer): void {
    if (answer.cscode !== 0 || !answer.data || !visitor.consented()) return;
    const { tmp_token_id: tokenId, s_id: sessionId, s_expiration: sessionEnd, visit_timestamp: visit } = answer.data;
    if (tokenId) visitor.writeOwn('TID', tokenId, GUID_MAX_AGE_S);
    if (sessionId && sessionEnd) visitor.writeOwn('SID', sessionId, (sessionEnd - Date.now()) / 1000);
    if (!visitor.readOwn('VT_TS')) visitor.writeOwn('VT_TS', String(visit), DAY_S);
  }

  function send(data: TrackingData, wantAnswer: boolean): void {
    const viaBeacon = !wantAnswer && typeof env.navigator.sendBeacon === 'function';
    sendCount += 1;
    const envelope = encodeTrackingEnvelope(
      { ...data, xargs_request_type: viaBeacon ? 'send_beacon' : 'axios' },
      visitor.visitorId(),
      devMode,
      `${pageId}.${sendCount}`,
    );
    const body = JSON.stringify(envelope);
    // docs/tracking.md "Failures are ignored": tracking failures are ignored, a browser that cannot send at all
    // (no beacon, no fetch) included: the page view is sent as the page hydrates, and must never take it down.
    try {
      if (viaBeacon && env.navigator.sendBeacon(TRACKING_ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
      env
        .fetch(TRACKING_ENDPOINT, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'text/html' } })
        .then(async (response) => {
          if (!response.ok) return;
          const [body, { parseTrackingAnswer }] = await Promise.all([response.json(), loadAnswers()]);
          const answer = parseTrackingAnswer(body);
          if (answer) keepAnswer(answer);
        })
        .catch(() => undefined);
    } catch {
      // nothing was sent: dropped, like a refused send
    }
  }

  return {
    send,
    baseData,
    track: (event, fields = {}) => send({ ...baseData(), ...fields, event }, false),
  };
}
