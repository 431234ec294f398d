/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { afterTheStart, AFTER_THE_START_IDLE_TIMEOUT_MS, QUIET_AFTER_LOAD_MS, resetTheStartForTests, whenTheStartIsOver } from './after-the-start.ts';

/** The document's state as the browser reports it; jsdom's own is `complete` at once. */
function setReadyState(state: DocumentReadyState): void {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

/** Lets the promise callbacks of a resolved moment run. */
const settle = () => Promise.resolve().then(() => undefined);

describe('after the start (docs/routing.md "After the start")', () => {
  let idle: { work: () => void; timeout?: number }[];

  beforeEach(() => {
    jest.useFakeTimers();
    resetTheStartForTests();
    idle = [];
    Object.assign(window, {
      requestIdleCallback: (work: () => void, options?: { timeout?: number }) => idle.push({ work, timeout: options?.timeout }),
    });
    setReadyState('loading');
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('waits for the load event, then a quiet while, then an idle moment, never before', async () => {
    const work = jest.fn();
    afterTheStart(work);
    jest.advanceTimersByTime(60_000);
    await settle();
    // No load event yet: a page still loading is still starting, however long it takes.
    expect(work).not.toHaveBeenCalled();
    expect(idle).toHaveLength(0);

    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(QUIET_AFTER_LOAD_MS - 1);
    expect(idle).toHaveLength(0);
    jest.advanceTimersByTime(1);
    // The quiet while is over: the work waits for an idle moment, which the browser must give within the time-out.
    expect(idle).toEqual([{ work: expect.any(Function), timeout: AFTER_THE_START_IDLE_TIMEOUT_MS }]);
    await settle();
    expect(work).not.toHaveBeenCalled();

    idle[0]!.work();
    await settle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'keydown', 'wheel', 'scroll'])('starts at once when the visitor uses the page (%s), loaded or not', async (type) => {
    const work = jest.fn();
    afterTheStart(work);
    window.dispatchEvent(new Event(type));
    await settle();
    expect(work).toHaveBeenCalledTimes(1);
    // Once over, the start stays over: the quiet while after a later load runs nothing twice.
    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(QUIET_AFTER_LOAD_MS);
    for (const { work: idleWork } of idle.splice(0)) idleWork();
    await settle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does not count a mouse moving over the page as using it', async () => {
    const work = jest.fn();
    afterTheStart(work);
    for (const type of ['mousemove', 'pointermove', 'mouseover', 'focus', 'resize']) window.dispatchEvent(new Event(type));
    await settle();
    expect(work).not.toHaveBeenCalled();
  });

  it('counts the quiet while from now on a page that has already loaded, and runs later callers at once', async () => {
    setReadyState('complete');
    const first = jest.fn();
    afterTheStart(first);
    jest.advanceTimersByTime(QUIET_AFTER_LOAD_MS);
    idle.splice(0)[0]!.work();
    await settle();
    expect(first).toHaveBeenCalledTimes(1);

    // A client navigation's page asks later: the moment is past, its work runs without waiting again.
    const later = jest.fn();
    afterTheStart(later);
    await settle();
    expect(later).toHaveBeenCalledTimes(1);
    await expect(whenTheStartIsOver()).resolves.toBeUndefined();
  });

  it('runs nothing that was cancelled before the start was over', async () => {
    const work = jest.fn();
    const cancel = afterTheStart(work);
    cancel();
    window.dispatchEvent(new Event('keydown'));
    await settle();
    expect(work).not.toHaveBeenCalled();
  });
});
