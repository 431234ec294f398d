import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { DEFAULT_LOCALE, onSiteEvent, toLocalePrefix } from '@reelkeep/shared-contracts';
import { toPageMeta } from '../rendering/hydration-state.ts';
import { useFrameData } from './frame-data.ts';
import { isServerPath, splitLocale } from '../routing/locale-path.ts';
import { useNavigator, type NavigatorState } from '../routing/navigator.ts';
import { localeSlice, pageMetaSlice } from '../store/shared-slices.ts';
import { clearChunkReloadFlag } from '../federation/browser-remotes.ts';

const scrollPositions = new Map<string, number>();

/** Where the window goes after a navigation (docs/routing.md "Client navigation"). */
export type ScrollDecision = { kind: 'target'; element: Element } | { kind: 'position'; y: number } | { kind: 'top' };

/** The hash target when there is one; on back or forward the position saved for that entry; else the top. */
export function decideScroll(input: {
  navigationType: NavigatorState['navigationType'];
  hashTarget: Element | null;
  savedY: number | undefined;
}): ScrollDecision {
  if (input.hashTarget) return { kind: 'target', element: input.hashTarget };
  if (input.navigationType === 'POP' && input.savedY !== undefined) return { kind: 'position', y: input.savedY };
  return { kind: 'top' };
}

/** Whether a click on an anchor should stay a normal browser navigation. */
function isNativeNavigation(event: MouseEvent, anchor: HTMLAnchorElement, url: URL): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return true;
  if (anchor.target || anchor.hasAttribute('download') || url.origin !== window.location.origin) return true;
  // Downloads, APIs and files are the server's: the browser follows them itself.
  if (isServerPath(url.pathname)) return true;
  // A change of language is a full load: the server renders the other locale with its resources.
  const from = splitLocale(window.location.pathname);
  const to = splitLocale(url.pathname);
  if (!from || !to || from.locale !== to.locale) return true;
  // Same page, other hash: the browser scrolls by itself.
  return url.pathname === window.location.pathname && url.search === window.location.search && url.hash !== '';
}

/**
 * Browser behaviour of the router (docs/routing.md "Client navigation"): same-locale links navigate
 * client-side, scroll to top or to the hash target, restore the saved position on back, and the store
 * follows the page.
 */
export function useClientNavigation({ location, payload, navigationType }: NavigatorState): void {
  const navigator = useNavigator();
  const dispatch = useDispatch();
  const { siteUrl } = useFrameData();
  const first = useRef(true);

  useEffect(() => {
    clearChunkReloadFlag();
    window.history.scrollRestoration = 'manual';
    // Tells journeys and monitoring that the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
    // The same moment on the page's clock, for the first-load benchmark (bench/measure-landing-js.ts).
    performance.mark('rk-hydrated');
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || anchor.getAttribute('href') === null) return;
      const url = new URL(anchor.href, window.location.href);
      if (isNativeNavigation(event, anchor, url)) return;
      event.preventDefault();
      void navigator.navigate(url.pathname + url.search + url.hash);
    };
    const offNavigation = onSiteEvent('navigationRequested', ({ path, replace }) => void navigator.navigate(path, { replace }));
    // docs/routing.md "Link prefetch": its code (and the route matching it needs) loads after the page has hydrated.
    let stopPrefetch: (() => void) | undefined;
    let stopped = false;
    void import('../routing/link-prefetch.ts').then(({ watchLinksForPrefetch }) => {
      if (!stopped) stopPrefetch = watchLinksForPrefetch(document.body);
    });
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      offNavigation();
      stopped = true;
      stopPrefetch?.();
    };
  }, [navigator]);

  useEffect(() => {
    const save = () => scrollPositions.set(location.key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [location.key]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const split = splitLocale(location.pathname);
    if (split) dispatch(localeSlice.actions.localeChanged({ current: split.locale, prefix: toLocalePrefix(split.locale), path: split.path }));
    const locale = split?.locale ?? DEFAULT_LOCALE;
    dispatch(pageMetaSlice.actions.pageMetaReplaced(toPageMeta(payload, { locale, path: split?.path ?? '/', siteUrl })));
    // The head follows the page by itself: PageHead renders it with React (docs/routing.md "Page head").
    const hashTarget = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    const scroll = decideScroll({ navigationType, hashTarget, savedY: scrollPositions.get(location.key) });
    if (scroll.kind === 'target') scroll.element.scrollIntoView();
    else window.scrollTo(0, scroll.kind === 'position' ? scroll.y : 0);
  }, [location, payload, navigationType, dispatch, siteUrl]);
}
