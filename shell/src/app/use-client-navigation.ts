import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { onSiteEvent, type PagePayload } from '@reelkeep/shared-contracts';
import { splitLocale } from '../routing/route-table.ts';
import { pageMetaSlice, localeSlice } from '../store/shared-slices.ts';
import { clearChunkReloadFlag } from '../federation/browser-remotes.ts';

const scrollPositions = new Map<string, number>();

function setMeta(selector: string, attribute: string, value: string) {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/**
 * Browser behaviour of the router (spec §2): same-locale links navigate client-side, scroll to top or to
 * the hash target, restore the saved position on back, and the head follows the page.
 */
export function useClientNavigation(payload: PagePayload): void {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const dispatch = useDispatch();
  const first = useRef(true);

  useEffect(() => {
    clearChunkReloadFlag();
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || anchor.target || anchor.hasAttribute('download') || anchor.getAttribute('href') === null) return;
      const url = new URL(anchor.href, location.href);
      if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
      // A change of language is a full load: the server renders the other locale with its resources.
      const from = splitLocale(window.location.pathname);
      const to = splitLocale(url.pathname);
      if (!to || !from || from.locale !== to.locale) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash);
    };
    const offNavigation = onSiteEvent('navigationRequested', ({ path, replace }) => void navigate(path, { replace }));
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      offNavigation();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- registered once per page load
  }, []);

  useEffect(() => {
    const key = location.key;
    const save = () => scrollPositions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [location.key]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const split = splitLocale(location.pathname);
    if (split) dispatch(localeSlice.actions.localeChanged({ current: split.locale, prefix: split.locale === 'en' ? '' : `/${split.locale}`, path: split.path }));
    dispatch(pageMetaSlice.actions.pageMetaReplaced({ ...payload.head, keywords: payload.head.keywords ?? '', status: payload.status }));
    document.title = payload.head.title;
    setMeta('meta[name="description"]', 'content', payload.head.description);
    setMeta('meta[name="keywords"]', 'content', payload.head.keywords ?? '');
    const canonical = new URL(location.pathname, window.location.origin).href;
    setMeta('link[rel="canonical"]', 'href', canonical);
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else if (navigationType === 'POP' && scrollPositions.has(location.key)) {
      window.scrollTo(0, scrollPositions.get(location.key)!);
    } else {
      window.scrollTo(0, 0);
    }
  }, [payload, location, navigationType, dispatch]);
}
