import { describe, expect, it } from '@jest/globals';
import {
  selectAbValues,
  selectCampaignNavVisible,
  selectClient,
  selectIsWin,
  selectCanonicalUrl,
  selectPageMeta,
  selectLocale,
  selectLocalePrefix,
  selectLocaleState,
  selectOs,
  selectSession,
  selectSignedIn,
  selectUser,
  type SharedState,
} from './store-contract.ts';
import { PROMPT_QUEUE_INITIAL_STATE } from './prompt-queue.ts';

const user = { id: 'u1', email: 'ana@example.com', name: 'Ana', hasPassword: true };
const state: SharedState = {
  locale: { current: 'fr', prefix: '/fr', path: '/blog/' },
  os: { os: 'mac', is64Bit: true },
  session: { signedIn: true, user },
  pageMeta: { title: 'Blog', description: '', keywords: '', status: 200, canonicalUrl: 'https://www.reelkeep.com/fr/blog/' },
  ab: { values: { abPlanPrice: 'price_b' } },
  campaignNav: { visible: true },
  prompts: PROMPT_QUEUE_INITIAL_STATE,
  client: { mobile: true, webp: true, referer: 'https://search.example/', browser: 'safari', downloadUrl: '/fr/downloading', categories: ['hot'] },
};

describe('the store contract’s selectors', () => {
  it.each([
    ['selectLocale', selectLocale, 'fr'],
    ['selectLocalePrefix', selectLocalePrefix, '/fr'],
    ['selectLocaleState', selectLocaleState, state.locale],
    ['selectOs', selectOs, 'mac'],
    ['selectSession', selectSession, state.session],
    ['selectSignedIn', selectSignedIn, true],
    ['selectUser', selectUser, user],
    ['selectAbValues', selectAbValues, { abPlanPrice: 'price_b' }],
    ['selectPageMeta', selectPageMeta, state.pageMeta],
    ['selectCanonicalUrl', selectCanonicalUrl, 'https://www.reelkeep.com/fr/blog/'],
    ['selectCampaignNavVisible', selectCampaignNavVisible, true],
    ['selectIsWin', selectIsWin, false],
    ['selectClient', selectClient, state.client],
  ])('%s reads its part of the shared state', (_name, select: (state: SharedState) => unknown, expected) => {
    expect(select(state)).toEqual(expected);
  });

  it('hands back the slice itself, so a component re-renders only when it changes', () => {
    expect(selectLocaleState(state)).toBe(state.locale);
    expect(selectSession(state)).toBe(state.session);
  });

  it('reads the default locale’s empty prefix and an anonymous session', () => {
    const anonymous: SharedState = { ...state, locale: { current: 'en', prefix: '', path: '/' }, session: { signedIn: false, user: null } };
    expect([selectLocale(anonymous), selectLocalePrefix(anonymous), selectSignedIn(anonymous), selectUser(anonymous)]).toEqual([
      'en',
      '',
      false,
      null,
    ]);
  });
});
