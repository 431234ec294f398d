import { describe, expect, it } from '@jest/globals';
import { Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageProps } from '@reelkeep/shared-contracts';
import { lazyPage } from './lazy-page.tsx';

const match: PageProps<{ name: string }> = { route: 'contact', pageName: 'contact', locale: 'en', params: {}, data: { name: 'Ada' } } as never;
const Greeting = ({ data }: PageProps<{ name: string }>) => <p>Hello {data.name}</p>;

function renderInShell(Component: ComponentType<PageProps<{ name: string }>>) {
  return renderToString(
    <Suspense fallback={<p>fallback</p>}>
      <Component {...match} />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('suspends before its chunk is in, and renders at once after preload', async () => {
    let loads = 0;
    const { Component, preload } = lazyPage(async () => {
      loads++;
      return Greeting;
    });
    expect(renderInShell(Component)).toContain('fallback');
    await preload!();
    await preload!();
    expect(renderInShell(Component)).toContain('Hello <!-- -->Ada');
    expect(loads).toBe(1);
  });

  it('tries the chunk again after a failed load', async () => {
    let attempts = 0;
    const { Component, preload } = lazyPage(async () => {
      attempts++;
      if (attempts === 1) throw new Error('chunk failed');
      return Greeting;
    });
    await expect(preload!()).rejects.toThrow('chunk failed');
    await preload!();
    expect(renderInShell(Component)).toContain('Ada');
  });
});
