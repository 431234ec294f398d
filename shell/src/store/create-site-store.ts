import { combineSlices, configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import type { InjectableSlice, SharedState } from '@reelkeep/shared-contracts';
import { abSlice, campaignNavSlice, clientSlice, localeSlice, osSlice, pageMetaSlice, sessionSlice } from './shared-slices.ts';
import { promptsSlice } from './prompts-slice.ts';

/** The event the store records once it injected slices: their state is in the store from then on. */
export const SLICES_INJECTED_ACTION = 'store/slicesInjected';

/** The contract's slices, by the name their state lives under. */
const SHARED_SLICE_PATHS = new Set<string>(
  [localeSlice, osSlice, sessionSlice, pageMetaSlice, abSlice, campaignNavSlice, promptsSlice, clientSlice].map((slice) => slice.reducerPath),
);

/**
 * Builds the one store of a page (docs/sharing.md "One store"): RTK's `configureStore` over `combineSlices` of the
 * contract's slices, into which the slices a remote's page module hands over are injected when its page first loads.
 * `preloadedState` is the hydration state: the contract's slices start from it at once, an injected slice when it
 * is injected (its state was written on the server, where the same slice was injected before the render).
 */
export function createSiteStore(preloadedState: SharedState) {
  // One root reducer per store: injecting a pinned remote version's slice on the server touches no other request's store.
  const rootReducer = combineSlices(localeSlice, osSlice, sessionSlice, pageMetaSlice, abSlice, campaignNavSlice, promptsSlice, clientSlice);
  const shared: Record<string, unknown> = {};
  const hydrated = new Map<string, unknown>();
  for (const [key, value] of Object.entries(preloadedState as object)) {
    if (SHARED_SLICE_PATHS.has(key)) shared[key] = value;
    else hydrated.set(key, value);
  }
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: shared as Partial<SharedState>,
    devTools: false,
  });
  const injected = new Set<string>();
  /** Injects remote slices (idempotent: a slice already present keeps its reducer and its state). */
  const injectSlices = (slices: readonly InjectableSlice[] | undefined) => {
    const added = (slices ?? []).filter((slice) => !SHARED_SLICE_PATHS.has(slice.reducerPath) && !injected.has(slice.reducerPath));
    if (added.length === 0) return;
    for (const slice of added) {
      injected.add(slice.reducerPath);
      const restored = hydrated.get(slice.reducerPath);
      hydrated.delete(slice.reducerPath);
      // The hydration state is the slice's starting point; without one, its own initial state.
      const reducer: Reducer = (state: unknown, action: UnknownAction) => slice.reducer(state === undefined ? restored : state, action);
      rootReducer.inject({ reducerPath: slice.reducerPath, reducer });
    }
    store.dispatch({ type: SLICES_INJECTED_ACTION, payload: added.map((slice) => slice.reducerPath) });
  };
  return { store, injectSlices };
}

/** The store a page runs with. */
export type SiteStore = ReturnType<typeof createSiteStore>['store'];
/** The state of the store: the contract's slices (injected ones are typed by their owners). */
export type SiteState = ReturnType<SiteStore['getState']>;
/** The store's dispatch. */
export type SiteDispatch = SiteStore['dispatch'];
