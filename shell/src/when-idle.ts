/** Runs work at the browser's next idle moment, or after `timeoutMs` at the latest (at once where there is no idle callback). */
export function whenIdle(work: () => void, timeoutMs: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: timeoutMs });
  else setTimeout(work, 1);
}
