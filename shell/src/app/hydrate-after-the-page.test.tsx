/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server.node';
import { hydrateAfterThePage, loadDeferredRegions } from './hydrate-after-the-page.tsx';

// The tests drive React through act(), as @testing-library/react would tell it.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

/** A region with state, so a test can tell a hydrated region (it counts clicks) from server HTML (it does not). */
function Counter({ label }: { label: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      {label} {clicks}
    </button>
  );
}

function renderPage(Region: ReturnType<typeof hydrateAfterThePage<{ label: string }>>) {
  return (
    <main>
      <p>page</p>
      <Region label="footer" />
    </main>
  );
}

describe('a region hydrated after the page (docs/routing.md "Starting in the browser")', () => {
  it('keeps the server HTML through hydration, fetches its code only once the page is idle, then hydrates it in place', async () => {
    const idle: (() => void)[] = [];
    Object.assign(window, { requestIdleCallback: (work: () => void) => idle.push(work) });
    const container = document.createElement('div');
    container.innerHTML = renderToString(renderPage(hydrateAfterThePage(Counter, async () => Counter)));
    const serverButton = container.querySelector('button')!;
    expect(serverButton.textContent).toBe('footer 0');

    const load = jest.fn(async () => Counter);
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(container, renderPage(hydrateAfterThePage(null, load)), { onRecoverableError: recoverable });
    });
    // Hydrated, but the region is still the server's HTML, and its code has not been asked for.
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toBe(serverButton);
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('footer 0');

    await act(async () => {
      for (const work of idle.splice(0)) work();
    });
    expect(load).toHaveBeenCalledTimes(1);
    // The same element, now React's: no mismatch, nothing rendered again.
    expect(container.querySelector('button')).toBe(serverButton);
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('footer 1');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('lets a client navigation fetch its code first, so new props update the region in place instead of emptying it', async () => {
    Object.assign(window, { requestIdleCallback: () => undefined });
    const container = document.createElement('div');
    container.innerHTML = renderToString(renderPage(hydrateAfterThePage(Counter, async () => Counter)));
    const serverButton = container.querySelector('button')!;

    const load = jest.fn(async () => Counter);
    const Region = hydrateAfterThePage(null, load);
    const recoverable = jest.fn();
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, renderPage(Region), { onRecoverableError: recoverable });
    });
    // The browser has not been idle yet; the navigation asks for the code itself.
    await act(async () => loadDeferredRegions());
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () =>
      root.render(
        <main>
          <p>page</p>
          <Region label="reduced footer" />
        </main>,
      ),
    );
    expect(container.querySelector('button')).toBe(serverButton);
    expect(serverButton.textContent).toBe('reduced footer 0');
    expect(recoverable).not.toHaveBeenCalled();
  });
});
