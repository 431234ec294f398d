import { createContext, useContext, useSyncExternalStore } from 'react';
import type { PagePayload } from '@reelkeep/shared-contracts';

/** Where the visitor is: the parts of the URL the frame reads, plus a key per history entry. */
export interface NavigatorLocation {
  pathname: string;
  search: string;
  hash: string;
  key: string;
}

/** The page on screen and how the visitor got there. */
export interface NavigatorState {
  location: NavigatorLocation;
  payload: PagePayload;
  /** PUSH for links, POP for back/forward, REPLACE for redirects and replaced entries. */
  navigationType: 'PUSH' | 'POP' | 'REPLACE';
}

/** What loading a page gives: its payload or a same-site redirect. */
export type PageLoadResult = { payload: PagePayload } | { redirect: string };

/** Client-side navigation (spec §2 router behaviour): the browser half of the shell's router. */
export interface Navigator {
  getState(): NavigatorState;
  subscribe(listener: () => void): () => void;
  navigate(to: string, options?: { replace?: boolean }): Promise<void>;
}

const noop = () => undefined;

/** A navigator that stays on one page: the server render (effects never run there). */
export function createStaticNavigator(state: NavigatorState): Navigator {
  return { getState: () => state, subscribe: () => noop, navigate: async () => undefined };
}

let keySequence = 0;
const nextKey = () => `k${(keySequence += 1).toString(36)}`;

function toLocation(url: URL, key: string): NavigatorLocation {
  return { pathname: url.pathname, search: url.search, hash: url.hash, key };
}

/**
 * The browser navigator: history mode, one page load at a time (a newer navigation aborts the older),
 * the old page stays until the new one is ready (spec §2: old page leaves before the new enters).
 */
/** Redirects followed in a row before the navigator gives up and loads the home page. */
export const MAX_REDIRECTS = 5;

export function createBrowserNavigator(
  initialPayload: PagePayload,
  load: (url: URL, signal: AbortSignal) => Promise<PageLoadResult>,
  /** A full page load (a foreign redirect, a redirect loop): the browser's own by default. */
  leave: (href: string) => void = (href) => window.location.assign(href),
): Navigator {
  const initialKey = (window.history.state as { key?: string } | null)?.key ?? nextKey();
  window.history.replaceState({ key: initialKey }, '');
  let state: NavigatorState = { location: toLocation(new URL(window.location.href), initialKey), payload: initialPayload, navigationType: 'POP' };
  const listeners = new Set<() => void>();
  let inFlight: AbortController | undefined;

  const commit = (next: NavigatorState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const go = async (url: URL, type: NavigatorState['navigationType'], key: string, redirects = 0): Promise<void> => {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    let result: PageLoadResult;
    try {
      result = await load(url, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      throw error;
    }
    if (controller.signal.aborted) return;
    if ('redirect' in result) {
      const target = new URL(result.redirect, window.location.origin);
      if (target.origin !== window.location.origin || redirects >= MAX_REDIRECTS) {
        leave('/');
        return;
      }
      return go(target, type === 'POP' ? 'REPLACE' : type, key, redirects + 1);
    }
    if (type === 'PUSH') window.history.pushState({ key }, '', url.pathname + url.search + url.hash);
    if (type === 'REPLACE') window.history.replaceState({ key }, '', url.pathname + url.search + url.hash);
    commit({ location: toLocation(url, key), payload: result.payload, navigationType: type });
  };

  window.addEventListener('popstate', (event) => {
    const key = (event.state as { key?: string } | null)?.key ?? nextKey();
    void go(new URL(window.location.href), 'POP', key);
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate: (to, options) => go(new URL(to, window.location.href), options?.replace ? 'REPLACE' : 'PUSH', nextKey()),
  };
}

/** Provides the navigator to the frame. */
export const NavigatorContext = createContext<Navigator | null>(null);

/** The navigator of this render. */
export function useNavigator(): Navigator {
  const navigator = useContext(NavigatorContext);
  if (!navigator) throw new Error('useNavigator outside NavigatorContext');
  return navigator;
}

/** The current navigator state, re-rendering on every navigation. */
export function useNavigatorState(): NavigatorState {
  const navigator = useNavigator();
  return useSyncExternalStore(navigator.subscribe, navigator.getState, navigator.getState);
}

/** The payload of the page on screen. */
export function usePagePayload(): PagePayload {
  return useNavigatorState().payload;
}
