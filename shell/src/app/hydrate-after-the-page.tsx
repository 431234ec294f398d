import { lazy, memo, Suspense, useEffect, type ComponentType, type JSX } from 'react';
import { whenIdle } from '../when-idle.ts';

/** A deferred region's code is fetched at the first idle moment after hydration, this long at the latest. */
export const DEFERRED_REGION_TIMEOUT_MS = 2000;

/** Per deferred region of this page: asks for its code now and resolves once it has come (or failed). */
const deferredRegions = new Set<() => Promise<void>>();

/**
 * Fetches the code of every deferred region now. A client navigation waits for it with the next page's data: a
 * region the navigation changes (the footer of a page with a reduced frame) or shows for the first time then renders
 * at once, instead of being emptied until its code comes (docs/routing.md "Starting in the browser").
 */
export async function loadDeferredRegions(): Promise<void> {
  await Promise.all([...deferredRegions].map((loadNow) => loadNow()));
}

/**
 * A region of the frame the page does not need to start (docs/routing.md "Starting in the browser"): the server
 * renders it with the page (`serverComponent`), inside a Suspense boundary. In the browser (`serverComponent` null)
 * its HTML stays as the server wrote it, a boundary React leaves dehydrated; its code is fetched once the page
 * has hydrated and the browser is idle, and React then hydrates it in place. The visitor sees the same page
 * throughout, and its links and forms work as plain HTML until then. Memoised: a boundary that received new
 * props before hydrating would be rendered again on the client, its HTML replaced by the empty fallback meanwhile.
 */
export function hydrateAfterThePage<P extends object>(
  serverComponent: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  if (serverComponent) {
    const Rendered = serverComponent;
    return function RenderedWithThePage(props: P) {
      return (
        <Suspense fallback={null}>
          <Rendered {...props} />
        </Suspense>
      );
    };
  }
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  // Code that cannot be loaded (offline, a deleted release) leaves the server's HTML in place for good: its links and
  // forms keep working as plain HTML, and no error reaches the page around it.
  const code = opened.then(load).then((component) => ({ default: component }));
  deferredRegions.add(() => {
    open();
    return code.then(
      () => undefined,
      () => undefined,
    );
  });
  const Deferred = lazy(() => code.catch(() => new Promise<never>(() => undefined)));
  return memo(function HydratedAfterThePage(props: P) {
    // Effects run once the hydration pass that holds this region has committed: the page is interactive.
    useEffect(() => whenIdle(open, DEFERRED_REGION_TIMEOUT_MS), []);
    return (
      <Suspense fallback={null}>
        <Deferred {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  });
}
