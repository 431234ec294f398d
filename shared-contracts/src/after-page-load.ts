/**
 * Resolves once the page has loaded and the browser is idle (at once on the server): code a page can wait
 * for, such as the share toolbar's, is fetched then, so it never weighs on the first load (docs/budgets.md "Budgets").
 * A component lazily loaded behind it keeps its server-rendered HTML until then, and hydrates after.
 */
export function waitForPageLoad(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 1));
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}
