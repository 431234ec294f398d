import type { PagePayload, RemotePageModule, SharedState } from '@reelkeep/shared-contracts';
import type { createSiteStore } from './create-site-store.ts';

/**
 * A page opens in the store (docs/sharing.md "One store"): its module's slices are injected (once per store), then
 * the page's opening events are dispatched. On the server this happens before the render, so the hydration state
 * holds the result; in the browser, before a client navigation shows the page. The first page in the browser only
 * injects (`withEvents: false`): its slices' state comes from the hydration state, as the server left it.
 */
export function openPageInStore(
  site: ReturnType<typeof createSiteStore>,
  module: RemotePageModule | undefined,
  payload: Pick<PagePayload, 'match' | 'data'>,
  options: { withEvents: boolean },
): void {
  if (!module) return;
  site.injectSlices(module.slices);
  const definition = payload.match ? module.pages[payload.match.route] : undefined;
  if (!options.withEvents || !definition?.openingEvents || !payload.match) return;
  const events = definition.openingEvents({ ...payload.match, data: payload.data }, site.store.getState() as SharedState);
  for (const event of events) site.store.dispatch(event);
}
