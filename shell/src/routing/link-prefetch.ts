import { resolvePath } from './route-table.ts';
import { prefetchRemotePage } from '../federation/browser-remotes.ts';
import { whenIdle } from '../when-idle.ts';

/** docs/routing.md "Link prefetch": prefetch waits for an idle moment, at most this long. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** docs/routing.md "Link prefetch": no prefetching on 2g, with data saver on, or offline. */
export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!navigator.onLine) return false;
  return !(connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? ''));
}

/**
 * Prefetches the files of the remote page module of same-site links once they scroll into view, so a
 * click needs no network. Returns the function that stops watching.
 */
export function watchLinksForPrefetch(root: HTMLElement): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const url = new URL((entry.target as HTMLAnchorElement).href, window.location.href);
      const match = url.origin === window.location.origin ? resolvePath(url.pathname) : null;
      if (match && canPrefetch()) whenIdle(() => prefetchRemotePage(match.definition.remote), PREFETCH_IDLE_TIMEOUT_MS);
    }
  });
  const observeLinks = () => root.querySelectorAll('a[href]').forEach((anchor) => observer.observe(anchor));
  observeLinks();
  const mutations = new MutationObserver(observeLinks);
  mutations.observe(root, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    mutations.disconnect();
  };
}
