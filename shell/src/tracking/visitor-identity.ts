import { CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, readConsent, type ConsentState } from '@reelkeep/shared-contracts/tracking';
import { readCookie, serialiseCookie } from '@reelkeep/shared-contracts';
import { CONSENTED_VISITOR_COOKIES } from '../visitor-cookies/visitor-cookie-rules.ts';
import type { TrackerEnvironment } from './tracker-environment.ts';
import { pushTrackingHistory } from './tracking-history.ts';

/** docs/constants.md "Timings". */
export const DAY_S = 86_400;
/** How long the visitor id and the server's token are kept (docs/tracking.md "Tracking cookies"). */
export const GUID_MAX_AGE_S = 365 * DAY_S;
const PATH_TRACK_MAX_AGE_S = 30 * 60;
/** The tracker's own cookies (suffixes after the prefix), removed when the visitor declines. */
const TRACKER_COOKIE_SUFFIXES = ['GUID', 'TID', 'SID', 'VT_TS', 'PATH_TRK', 'FID', 'DID'] as const;

/** The visitor as the tracker knows them: consent, and the `_EA_*` cookies that only a consenting visitor gets. */
export interface VisitorIdentity {
  /** Reads one of the tracker's cookies by its suffix (`GUID` → `_EA_GUID`, `_T_EA_GUID` on test hosts). */
  readOwn(suffix: string): string | undefined;
  writeOwn(suffix: string, value: string, maxAgeS: number): void;
  globalPrivacyControl(): boolean;
  consent(): ConsentState;
  consented(): boolean;
  /** The `_EA_GUID` of a consenting visitor (created on first use), else the page's own id. */
  visitorId(): string;
  /** docs/tracking.md "Tracking cookies": the last paths visited, with consent only. */
  rememberPath(): void;
  /** Records the answer; a refusal removes the tracker's cookies and the consented visitor cookies. */
  recordConsent(state: 'granted' | 'denied'): void;
}

/** Consent and the tracker's cookies (docs/tracking.md "Consent"); without consent the visitor is the page's id. */
export function createVisitorIdentity(env: TrackerEnvironment, pageId: string, randomId: () => string): VisitorIdentity {
  const doc = env.document;
  const prefix = env.window.location.hostname.includes('test') ? '_T_EA' : '_EA';
  // docs/security.md "Cookies": Secure whenever the page is served over HTTPS.
  const secure = env.window.location.protocol === 'https:';
  const read = (name: string) => readCookie(doc.cookie, name);
  const write = (name: string, value: string, maxAgeS: number) => {
    doc.cookie = serialiseCookie(name, value, { secure, maxAgeS: Math.round(maxAgeS) });
  };
  const readOwn = (suffix: string) => read(`${prefix}_${suffix}`);
  const writeOwn = (suffix: string, value: string, maxAgeS: number) => write(`${prefix}_${suffix}`, value, maxAgeS);
  const globalPrivacyControl = () => env.navigator.globalPrivacyControl === true;
  const consent = (): ConsentState => (globalPrivacyControl() ? 'denied' : readConsent(doc.cookie));
  const consented = () => consent() === 'granted';

  return {
    readOwn,
    writeOwn,
    globalPrivacyControl,
    consent,
    consented,
    visitorId() {
      if (!consented()) return pageId;
      let guid = readOwn('GUID');
      if (!guid || !/^[\w-]{8,64}$/.test(guid)) {
        guid = randomId();
        writeOwn('GUID', guid, GUID_MAX_AGE_S);
      }
      return guid;
    },
    rememberPath() {
      if (consented()) writeOwn('PATH_TRK', pushTrackingHistory(readOwn('PATH_TRK'), env.window.location.pathname), PATH_TRACK_MAX_AGE_S);
    },
    recordConsent(state) {
      write(CONSENT_COOKIE, state, CONSENT_MAX_AGE_DAYS * DAY_S);
      if (state === 'granted') return;
      for (const suffix of TRACKER_COOKIE_SUFFIXES) if (readOwn(suffix) !== undefined) writeOwn(suffix, '', 0);
      // docs/tracking.md "Visitor cookies": the guest record and the referrer go with the refusal too.
      for (const name of CONSENTED_VISITOR_COOKIES) if (read(name) !== undefined) write(name, '', 0);
    },
  };
}
