/** @jest-environment jsdom */
import { afterEach, describe, expect, it } from '@jest/globals';
import { CLIENT_NOT_DETECTED, PROMPT_QUEUE_INITIAL_STATE, emitSiteEvent, readCookie, type SharedState } from '@reelkeep/shared-contracts';
import { createSiteStore } from '../store/create-site-store.ts';
import { osSlice } from '../store/shared-slices.ts';
import { startVisitorCookies, type VisitorCookieEnvironment } from './visitor-cookies.ts';

const STATE: SharedState = {
  locale: { current: 'en', prefix: '', path: '/' },
  os: { os: 'win', is64Bit: true },
  session: { signedIn: false, user: null },
  pageMeta: { title: '', description: '', keywords: '', status: 200, canonicalUrl: '' },
  ab: { values: {} },
  campaignNav: { visible: false },
  client: CLIENT_NOT_DETECTED,
  prompts: PROMPT_QUEUE_INITIAL_STATE,
};

function clearCookies() {
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

function start(asked: string[]) {
  const { store } = createSiteStore(STATE);
  const env: VisitorCookieEnvironment = {
    document,
    window,
    fetch: async (url) => {
      asked.push(url);
      return null;
    },
  };
  return { store, stop: startVisitorCookies(store, 'firefox', env) };
}

afterEach(() => {
  clearCookies();
  sessionStorage.clear();
});

describe('spec: the guest_user, is_popup_dated, is_online_user, isWin and referrer cookies in the browser', () => {
  it('without consent writes isWin and dates a popup, keeps no guest record, and asks the country once a session', () => {
    const asked: string[] = [];
    const { store, stop } = start(asked);
    expect(readCookie(document.cookie, 'isWin')).toBe('true');
    expect(readCookie(document.cookie, 'guest_user')).toBeUndefined();
    store.dispatch(osSlice.actions.osSwitched('mac'));
    expect(readCookie(document.cookie, 'isWin')).toBe('false');
    emitSiteEvent('popupShown', { kind: 'coupon-modal' });
    expect(readCookie(document.cookie, 'is_popup_dated')).toBe('1');
    stop();
    start(asked).stop();
    expect(asked).toEqual(['/api/site/visitor-country']);
  });

  it('with consent keeps the guest record: one session for pages of one session, popups counted', () => {
    document.cookie = 'rk_consent=granted; Path=/';
    const first = start([]);
    first.stop();
    const second = start([]);
    emitSiteEvent('popupShown', { kind: 'image-ad' });
    second.stop();
    expect(JSON.parse(readCookie(document.cookie, 'guest_user')!)).toMatchObject({ session_count: 1, popup_count: 1, user_agent: 'firefox/win' });
  });
});
