import { onSiteEvent, readConsent, readCookie, serialiseCookie, type BrowserType, type SharedState } from '@reelkeep/shared-contracts';
import { decideVisitorCookies, type CookieWrite } from './visitor-cookie-rules.ts';

/** Session storage keys: the browser session has begun; the country was asked this session. */
const SESSION_STARTED_KEY = 'rk_session_started';
const COUNTRY_ASKED_KEY = 'rk_country_asked';
const VISITOR_COUNTRY_PATH = '/api/site/visitor-country';
/** The cookies the rules read. */
const READ_COOKIES = ['isWin', 'guest_user', 'referrer'] as const;

/** What the visitor cookies read of the browser; a test passes its own. */
export interface VisitorCookieEnvironment {
  document: Document;
  window: Window & { navigator: Navigator & { globalPrivacyControl?: boolean } };
  fetch: (url: string) => Promise<unknown>;
}

function readSession(win: Window, key: string): string | null {
  try {
    return win.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(win: Window, key: string): void {
  try {
    win.sessionStorage.setItem(key, '1');
  } catch {
    // Storage refused: each page counts as a new session, nothing worse.
  }
}

/**
 * docs/tracking.md "Visitor cookies": writes the spec's visitor cookies in the browser, never on the server (a cached
 * page carries no cookie of anyone): after the page is idle, again when a popup shows and when the OS is switched;
 * asks the edge's country once a session. Returns the stop function.
 */
export function startVisitorCookies(
  store: { getState(): SharedState; subscribe(listener: () => void): () => void },
  browser: BrowserType,
  // The body is read to its end although the cookies come with the headers: an unread body keeps the request open in
  // the browser, so the page never reaches network idle.
  env: VisitorCookieEnvironment = {
    document,
    window,
    fetch: (url) => fetch(url, { credentials: 'same-origin' }).then((response) => response.arrayBuffer()),
  },
): () => void {
  const doc = env.document;
  const win = env.window;
  const secure = win.location.protocol === 'https:';
  const newSession = readSession(win, SESSION_STARTED_KEY) === null;
  writeSession(win, SESSION_STARTED_KEY);

  const write = (cookies: CookieWrite[]) => {
    for (const { name, value, maxAgeS } of cookies) doc.cookie = serialiseCookie(name, value, { secure, maxAgeS });
  };
  const decide = (popupShown: boolean, firstPage: boolean) =>
    write(
      decideVisitorCookies({
        consent: readConsent(doc.cookie),
        globalPrivacyControl: win.navigator.globalPrivacyControl === true,
        cookies: Object.fromEntries(READ_COOKIES.map((name) => [name, readCookie(doc.cookie, name)])),
        nowS: Math.floor(Date.now() / 1000),
        newSession: firstPage && newSession,
        os: store.getState().os.os,
        browser,
        referrer: firstPage ? doc.referrer : '',
        siteOrigin: win.location.origin,
        popupShown,
      }),
    );

  decide(false, true);
  if (readSession(win, COUNTRY_ASKED_KEY) === null) {
    writeSession(win, COUNTRY_ASKED_KEY);
    // docs/tracking.md "Failures are ignored": the answer sets the cookies itself; a failure leaves them unset.
    env.fetch(VISITOR_COUNTRY_PATH).catch(() => undefined);
  }
  const offPopup = onSiteEvent('popupShown', () => decide(true, false));
  let os = store.getState().os.os;
  const offStore = store.subscribe(() => {
    if (store.getState().os.os === os) return;
    os = store.getState().os.os;
    decide(false, false);
  });
  return () => {
    offPopup();
    offStore();
  };
}
