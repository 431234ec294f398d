import { combineSlices, configureStore, type Slice } from '@reduxjs/toolkit';
import type { SharedState } from '@reelkeep/shared-contracts';
import { abSlice, campaignNavSlice, localeSlice, osSlice, sessionSlice } from './shared-slices.ts';

/** Slices remotes inject at run time; a remote augments this interface for typed access to its slice. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

/** Builds the one store of a page: the contract's slices, with room for the slices remotes hand over. */
export function createSiteStore(preloadedState: SharedState) {
  const rootReducer = combineSlices(localeSlice, osSlice, sessionSlice, abSlice, campaignNavSlice).withLazyLoadedSlices<LazyLoadedSlices>();
  const store = configureStore({ reducer: rootReducer, preloadedState });
  /** Injects remote slices (idempotent: a slice already present keeps its state). */
  const injectSlices = (slices: readonly Slice[] | undefined) => {
    for (const slice of slices ?? []) rootReducer.inject(slice);
  };
  return { store, injectSlices };
}

/** The store a page runs with. */
export type SiteStore = ReturnType<typeof createSiteStore>['store'];
