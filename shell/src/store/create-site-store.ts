import { combineReducers, legacy_createStore as createStore, type Reducer } from 'redux';
import type { Slice } from '@reduxjs/toolkit';
import type { SharedState } from '@reelkeep/shared-contracts';
import { abSlice, campaignNavSlice, clientSlice, localeSlice, osSlice, pageMetaSlice, sessionSlice } from './shared-slices.ts';
import { promptsSlice } from './prompts-slice.ts';

/**
 * Builds the one store of a page: the contract's slices, plus the slices remotes hand over. Plain Redux, not
 * RTK's `configureStore`: the shell's slices need no immer, and the first load carries neither (ADR 0002).
 */
export function createSiteStore(preloadedState: SharedState) {
  const reducers: Record<string, Reducer> = {
    [localeSlice.reducerPath]: localeSlice.reducer,
    [osSlice.reducerPath]: osSlice.reducer,
    [sessionSlice.reducerPath]: sessionSlice.reducer,
    [pageMetaSlice.reducerPath]: pageMetaSlice.reducer,
    [abSlice.reducerPath]: abSlice.reducer,
    [campaignNavSlice.reducerPath]: campaignNavSlice.reducer,
    [promptsSlice.reducerPath]: promptsSlice.reducer as Reducer,
    [clientSlice.reducerPath]: clientSlice.reducer,
  };
  const store = createStore(combineReducers(reducers), preloadedState as never);
  /** Injects remote slices (idempotent: a slice already present keeps its reducer and its state). */
  const injectSlices = (slices: readonly Pick<Slice, 'reducerPath' | 'reducer'>[] | undefined) => {
    const added = (slices ?? []).filter((slice) => !Object.hasOwn(reducers, slice.reducerPath));
    if (added.length === 0) return;
    for (const slice of added) reducers[slice.reducerPath] = slice.reducer;
    store.replaceReducer(combineReducers(reducers));
  };
  return { store: store as typeof store & { getState(): SharedState }, injectSlices };
}

/** The store a page runs with. */
export type SiteStore = ReturnType<typeof createSiteStore>['store'];
