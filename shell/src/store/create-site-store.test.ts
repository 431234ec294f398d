import { describe, expect, it } from '@jest/globals';
import { createSlice } from '@reduxjs/toolkit';
import { CLIENT_NOT_DETECTED, createOsSwitchedAction, PROMPT_QUEUE_INITIAL_STATE, type SharedState } from '@reelkeep/shared-contracts';
import { createSiteStore } from './create-site-store.ts';
import { abSlice, campaignNavSlice, localeSlice, pageMetaSlice, sessionSlice } from './shared-slices.ts';

const initial: SharedState = {
  locale: { current: 'en', prefix: '', path: '/' },
  os: { os: 'win', is64Bit: true },
  session: { signedIn: false, user: null },
  pageMeta: { title: 'Home', description: '', keywords: '', status: 200, canonicalUrl: 'https://www.reelkeep.com/' },
  ab: { values: { abPlanPrice: 'a' } },
  campaignNav: { visible: false },
  prompts: PROMPT_QUEUE_INITIAL_STATE,
  client: CLIENT_NOT_DETECTED,
};

describe('the site store', () => {
  it.each([
    ['a remote switches the OS by the contract action', createOsSwitchedAction('mac'), { os: { os: 'mac', is64Bit: true } }],
    [
      'the locale follows a navigation',
      localeSlice.actions.localeChanged({ current: 'fr', prefix: '/fr', path: '/contact' }),
      { locale: { current: 'fr', prefix: '/fr', path: '/contact' } },
    ],
    [
      'the head follows the page',
      pageMetaSlice.actions.pageMetaReplaced({
        title: 'Contact',
        description: 'd',
        keywords: 'k',
        status: 200,
        canonicalUrl: 'https://www.reelkeep.com/contact',
      }),
      { pageMeta: { title: 'Contact', description: 'd', keywords: 'k', status: 200, canonicalUrl: 'https://www.reelkeep.com/contact' } },
    ],
    [
      'a sign-in',
      sessionSlice.actions.sessionChanged({ signedIn: true, user: { id: '1', email: 'a@b.c', name: 'Ada' } }),
      { session: { signedIn: true, user: { id: '1', email: 'a@b.c', name: 'Ada' } } },
    ],
    [
      'an A/B value is added beside the others',
      abSlice.actions.abValueAssigned({ key: 'hero', value: 'b' }),
      { ab: { values: { abPlanPrice: 'a', hero: 'b' } } },
    ],
    ['the campaign navigation shows', campaignNavSlice.actions.campaignNavToggled(true), { campaignNav: { visible: true } }],
    ['an action of no slice changes nothing', { type: 'os/unknownCase', payload: 'mac' }, {}],
    ['a case name inherited from Object is no case', { type: 'os/toString' }, {}],
  ])('%s', (_name, action, changed) => {
    const { store } = createSiteStore(initial);
    const before = store.getState();
    store.dispatch(action);
    expect(store.getState()).toEqual({ ...initial, ...changed });
    expect(before).toEqual(initial);
    if (Object.keys(changed).length === 0) expect(store.getState()).toBe(before);
  });

  it('injects a remote slice made with RTK once, with its initial state, and keeps its state on a second injection', () => {
    const { store, injectSlices } = createSiteStore(initial);
    const cart = createSlice({ name: 'cart', initialState: { items: 0 }, reducers: { itemAdded: (state) => void (state.items += 1) } });
    injectSlices([cart]);
    store.dispatch(cart.actions.itemAdded());
    injectSlices([cart]);
    expect((store.getState() as SharedState & { cart: { items: number } }).cart).toEqual({ items: 1 });
    expect(store.getState().os).toEqual(initial.os);
  });

  it('starts an injected slice from the hydration state the server wrote, and a slice nobody hydrated from its own', () => {
    const cart = createSlice({ name: 'cart', initialState: { items: 0 }, reducers: { itemAdded: (state) => void (state.items += 1) } });
    const wishlist = createSlice({ name: 'wishlist', initialState: { names: [] as string[] }, reducers: {} });
    const { store, injectSlices } = createSiteStore({ ...initial, cart: { items: 3 } } as SharedState);
    // Before injection the contract's slices are there, the remote's state waits for its slice.
    expect(store.getState()).toEqual(initial);
    injectSlices([cart, wishlist]);
    expect(store.getState()).toEqual({ ...initial, cart: { items: 3 }, wishlist: { names: [] } });
    store.dispatch(cart.actions.itemAdded());
    expect((store.getState() as SharedState & { cart: { items: number } }).cart).toEqual({ items: 4 });
  });
});
