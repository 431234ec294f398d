import { useDispatch, useSelector, useStore } from 'react-redux';
import type { Dispatch, Store, UnknownAction } from '@reduxjs/toolkit';
import type { SharedState } from './store-contract.ts';

/**
 * The store's typed hooks for the shared slices (docs/sharing.md "One store"): the shell and every remote read the
 * contract's state with them. A remote that injects a slice makes its own with `useSelector.withTypes<SharedState &
 * { <its reducerPath>: <its state> }>()`.
 */
export const useSharedSelector = useSelector.withTypes<SharedState>();
/** Dispatches any event of the store (the contract's, the shell's or an injected slice's). */
export const useSharedDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();
/** The store itself (for code that reads the state outside rendering). */
export const useSharedStore = useStore.withTypes<Store<SharedState>>();
