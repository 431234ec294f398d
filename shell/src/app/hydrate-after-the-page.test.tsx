/** @jest-environment jsdom */
import { describe, expect, it, jest } from '@jest/globals';
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { MessageChannel } from 'node:worker_threads';
import { hydrateAfterThePage } from './hydrate-after-the-page.tsx';

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
    // React's server renderer for the browser wants the channel jsdom lacks.
    Object.assign(globalThis, { MessageChannel });
    const { renderToString } = await import('react-dom/server');
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
});
