import { whenIdle } from './when-idle.ts';

/**
 * After the load event, how long the page stays quiet before the work that is not part of its start runs, unless the
 * visitor uses the page first (docs/routing.md "After the start").
 */
export const QUIET_AFTER_LOAD_MS = 3000;
/** Once that time has passed, the work waits for an idle moment, this long at the latest. */
export const AFTER_THE_START_IDLE_TIMEOUT_MS = 1000;
/**
 * What counts as using the page: a tap or a click (a pointer down, touch included), a key, a wheel or a scroll. Moving
 * the mouse over it does not.
 */
export const FIRST_USE_EVENTS = ['pointerdown', 'keydown', 'wheel', 'scroll'] as const;

let over: Promise<void> | null = null;

/**
 * Resolves when the start of the page is over: at the visitor's first use of the page, or `QUIET_AFTER_LOAD_MS`
 * after the load event and then an idle moment, whichever comes first. One moment per document: every caller waits
 * for the same one, and a caller that comes later (a client navigation) finds it past.
 */
export function whenTheStartIsOver(): Promise<void> {
  over ??= new Promise<void>((resolve) => {
    // Whatever comes after the first finds the promise resolved and does nothing; each listener goes after its first event.
    const finish = () => resolve();
    const afterLoad = () => setTimeout(() => whenIdle(finish, AFTER_THE_START_IDLE_TIMEOUT_MS), QUIET_AFTER_LOAD_MS);
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, finish, { capture: true, passive: true, once: true });
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
  return over;
}

/** Runs `work` once the start of the page is over (`whenTheStartIsOver`); returns the function that cancels it. */
export function afterTheStart(work: () => void): () => void {
  let cancelled = false;
  void whenTheStartIsOver().then(() => {
    if (!cancelled) work();
  });
  return () => {
    cancelled = true;
  };
}

/** Forgets the moment, for tests that start several pages in one document. */
export function resetTheStartForTests(): void {
  over = null;
}
