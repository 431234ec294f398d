/** @jest-environment jsdom */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { PagePayload } from '@reelkeep/shared-contracts';
import { createBrowserNavigator, MAX_REDIRECTS, type PageLoadResult } from './navigator.ts';

const page = (title: string): PagePayload => ({
  status: 200,
  match: null,
  head: { title, description: '' },
  data: null,
  namespaces: ['common'],
  unavailable: [],
});

/** A load the test settles by hand, per path. */
function createLoads() {
  const pending = new Map<string, { resolve: (result: PageLoadResult) => void; signal: AbortSignal }>();
  const load = (url: URL, signal: AbortSignal) => new Promise<PageLoadResult>((resolve) => pending.set(url.pathname, { resolve, signal }));
  const settle = async (path: string, result: PageLoadResult) => {
    pending.get(path)!.resolve(result);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { load, pending, settle };
}

beforeEach(() => window.history.replaceState(null, '', '/start'));

describe('createBrowserNavigator', () => {
  it('keeps the old page until the new one is loaded, then pushes a history entry with a key', async () => {
    const loads = createLoads();
    const navigator = createBrowserNavigator(page('start'), loads.load);
    const done = navigator.navigate('/next?x=1#part');
    expect(navigator.getState().payload.head.title).toBe('start');
    await loads.settle('/next', { payload: page('next') });
    await done;
    const state = navigator.getState();
    expect(state).toMatchObject({ navigationType: 'PUSH', location: { pathname: '/next', search: '?x=1', hash: '#part' } });
    expect(state.payload.head.title).toBe('next');
    expect(window.location.pathname + window.location.search).toBe('/next?x=1');
    expect((window.history.state as { key: string }).key).toBe(state.location.key);
  });

  it('aborts an older navigation when a newer one starts: the older never commits', async () => {
    const loads = createLoads();
    const navigator = createBrowserNavigator(page('start'), loads.load);
    const listener = jest.fn();
    navigator.subscribe(listener);
    void navigator.navigate('/slow');
    void navigator.navigate('/fast');
    expect(loads.pending.get('/slow')!.signal.aborted).toBe(true);
    await loads.settle('/fast', { payload: page('fast') });
    await loads.settle('/slow', { payload: page('slow') });
    expect(navigator.getState().payload.head.title).toBe('fast');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('follows same-site redirects, and gives up after the cap or on a foreign one with a full load of /', async () => {
    const leave = jest.fn();
    const chain = async (hops: number) => {
      const loads = createLoads();
      const navigator = createBrowserNavigator(page('start'), loads.load, leave);
      void navigator.navigate('/r0');
      for (let hop = 0; hop < hops; hop += 1) await loads.settle(`/r${hop}`, { redirect: `/r${hop + 1}` });
      return { loads, navigator };
    };
    const { loads, navigator } = await chain(MAX_REDIRECTS);
    await loads.settle(`/r${MAX_REDIRECTS}`, { payload: page('arrived') });
    expect(navigator.getState().location.pathname).toBe(`/r${MAX_REDIRECTS}`);
    expect(leave).not.toHaveBeenCalled();

    await chain(MAX_REDIRECTS + 1);
    expect(leave).toHaveBeenCalledWith('/');

    leave.mockClear();
    const foreign = createLoads();
    const other = createBrowserNavigator(page('start'), foreign.load, leave);
    void other.navigate('/go');
    await foreign.settle('/go', { redirect: 'https://evil.example/' });
    expect(leave).toHaveBeenCalledWith('/');
    expect(other.getState().payload.head.title).toBe('start');
  });

  it('answers back and forward with a POP of the entry the history names', async () => {
    const loads = createLoads();
    const navigator = createBrowserNavigator(page('start'), loads.load);
    const startKey = navigator.getState().location.key;
    void navigator.navigate('/second');
    await loads.settle('/second', { payload: page('second') });
    window.history.replaceState({ key: startKey }, '', '/start');
    window.dispatchEvent(new PopStateEvent('popstate', { state: { key: startKey } }));
    await loads.settle('/start', { payload: page('start again') });
    expect(navigator.getState()).toMatchObject({ navigationType: 'POP', location: { key: startKey, pathname: '/start' } });
  });
});
