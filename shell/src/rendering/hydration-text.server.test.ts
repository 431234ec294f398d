import { describe, expect, it } from '@jest/globals';
import type { HydrationState } from '@reelkeep/shared-contracts';
import { serialiseForScript } from './html-text.ts';
import { serialiseHydrationState } from './hydration-text.server.ts';

const frame = {
  locale: 'en',
  siteUrl: 'https://reelkeep.test',
  catalogue: { groups: [{ id: 'hot', services: [{ slug: 'netflix', name: 'Netflix </script>' }] }], adultPage: null },
  articles: [],
} as unknown as HydrationState['frame'];
const common = { title: 'Hello <b>\u2028world</b>' };

function buildState(renderedAt: number): HydrationState {
  return {
    locale: 'en',
    store: { locale: { current: 'en', prefix: '', path: '/' } },
    resources: { common, landing: {} },
    remotes: [],
    page: { status: 200, match: null, head: { title: 'T', description: 'D' }, data: null, namespaces: ['common'], unavailable: [] },
    frame,
    renderedAt,
  } as unknown as HydrationState;
}

describe('hydration state text', () => {
  it('is the same JSON as serialising the whole state, and as safe inside a script block', () => {
    const state = buildState(1);
    const text = serialiseHydrationState(state);
    expect(JSON.parse(text)).toEqual(JSON.parse(serialiseForScript(state)));
    expect(text).not.toMatch(/<|>|\u2028/);
  });

  it('reuses the shared parts and still writes each request its own values', () => {
    const first = JSON.parse(serialiseHydrationState(buildState(1))) as HydrationState;
    const second = JSON.parse(serialiseHydrationState(buildState(2))) as HydrationState;
    expect(first.renderedAt).toBe(1);
    expect(second.renderedAt).toBe(2);
    expect(second.resources).toEqual(first.resources);
    expect(second.frame.catalogue.groups[0]!.services[0]!.name).toBe('Netflix </script>');
  });
});
