import { describe, expect, it } from '@jest/globals';
import { decideVisitorCookies, parseGuestRecord, updateGuestRecord, type VisitorFacts } from './visitor-cookie-rules.ts';

const NOW_S = 1_790_000_000;
const BASE: VisitorFacts = {
  consent: 'granted',
  globalPrivacyControl: false,
  cookies: {},
  nowS: NOW_S,
  newSession: true,
  os: 'win',
  browser: 'chrome',
  referrer: '',
  siteOrigin: 'https://www.reelkeep.com',
};
const guest = (fields: Partial<Record<string, number | string>> = {}) =>
  JSON.stringify({ last_active: NOW_S - 3600, session_count: 2, created_at: NOW_S - 86_400, user_agent: 'chrome/win', popup_count: 1, ...fields });
const names = (facts: Partial<VisitorFacts>) => decideVisitorCookies({ ...BASE, ...facts }).map(({ name, value, maxAgeS }) => [name, value, maxAgeS]);

describe('spec: the guest_user, is_popup_dated, isWin and referrer cookies, set as the spec says and as consent allows', () => {
  it.each<[string, Partial<VisitorFacts>, (string | number)[][]]>([
    [
      'a first visit with consent: isWin, a new guest record, the external referrer for 7 days',
      { referrer: 'https://search.example/results?q=ana%40example.com' },
      [
        ['isWin', 'true', 86_400],
        [
          'guest_user',
          JSON.stringify({ last_active: NOW_S, session_count: 1, created_at: NOW_S, user_agent: 'chrome/win', popup_count: 0 }),
          180 * 86_400,
        ],
        ['referrer', 'https://search.example/results', 7 * 86_400],
      ],
    ],
    [
      'a Mac visitor whose isWin is already right, arriving from this site, in a session already counted',
      { os: 'mac', cookies: { isWin: 'false', guest_user: guest() }, referrer: 'https://www.reelkeep.com/blog/', newSession: false },
      [['guest_user', guest({ last_active: NOW_S, user_agent: 'chrome/mac' }), 180 * 86_400]],
    ],
    [
      'a new session of a returning visitor counts one more; a kept referrer stays',
      { cookies: { isWin: 'true', guest_user: guest(), referrer: 'https://old.example/' }, referrer: 'https://new.example/' },
      [['guest_user', guest({ last_active: NOW_S, session_count: 3 }), 180 * 86_400]],
    ],
    [
      'a popup dates the popups for a day (86,400 s) and counts in the guest record',
      { cookies: { isWin: 'true', guest_user: guest() }, newSession: false, popupShown: true },
      [
        ['is_popup_dated', '1', 86_400],
        ['guest_user', guest({ last_active: NOW_S, popup_count: 2 }), 180 * 86_400],
      ],
    ],
    [
      'without consent: only what steers the page; the guest record and the referrer are removed',
      { consent: 'unknown', cookies: { guest_user: guest(), referrer: 'https://old.example/' }, referrer: 'https://new.example/', popupShown: true },
      [
        ['isWin', 'true', 86_400],
        ['is_popup_dated', '1', 86_400],
        ['guest_user', '', 0],
        ['referrer', '', 0],
      ],
    ],
    ['a refusal writes no guest record', { consent: 'denied', cookies: { isWin: 'true' } }, []],
    [
      'Global Privacy Control is a refusal whatever the consent cookie says',
      { globalPrivacyControl: true, cookies: { isWin: 'true', guest_user: guest() } },
      [['guest_user', '', 0]],
    ],
    [
      'a broken guest record starts over',
      { cookies: { isWin: 'true', guest_user: '{"session_count":"lots"}' } },
      [
        [
          'guest_user',
          JSON.stringify({ last_active: NOW_S, session_count: 1, created_at: NOW_S, user_agent: 'chrome/win', popup_count: 0 }),
          180 * 86_400,
        ],
      ],
    ],
  ])('%s', (_case, facts, writes) => {
    expect(names(facts)).toEqual(writes);
  });

  it('keeps only the browser family and OS of the user agent, and reads back what it writes', () => {
    const record = updateGuestRecord(null, { nowS: NOW_S, newSession: true, userAgent: 'firefox/mac', popupShown: false });
    expect(parseGuestRecord(JSON.stringify(record))).toEqual(record);
    expect(parseGuestRecord(guest({ user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)' }))).toBeNull();
    expect(parseGuestRecord('not json')).toBeNull();
  });
});
