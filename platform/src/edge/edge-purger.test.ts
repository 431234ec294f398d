import { describe, expect, it } from '@jest/globals';
import { createLogger } from '../logger.ts';
import { createEdgePurger } from './edge-purger.ts';

/** A purger over stand-in edges: each URL answers the statuses listed for it in turn (0: unreachable), then 200. */
function openPurger(answers: Record<string, number[]>) {
  const sent: string[] = [];
  const warnings: string[] = [];
  const purger = createEdgePurger({
    urls: Object.keys(answers),
    logger: createLogger('warn', (line) => warnings.push(line)),
    retryDelaysMs: [1, 1],
    fetch: async (url, init) => {
      const headers = new Headers(init?.headers);
      sent.push(`${init?.method} ${String(url)} ${headers.get('xkey-purge') ?? ''} ${headers.get('xkey-soft') ?? ''}`.trim());
      const status = answers[String(url)]!.shift() ?? 200;
      if (status === 0) throw new Error('connect ECONNREFUSED');
      return new Response('', { status });
    },
  });
  return { purger, sent, warnings };
}

describe('edge purger', () => {
  it('sends one PURGE with every valid tag to every edge, soft when asked', async () => {
    const { purger, sent } = openPurger({ 'http://a.test/': [], 'http://b.test/': [] });
    expect(await purger.purgeTags(['mf-blog@1.0', 'locales', 'mf-blog@1.0', 'bad tag\r\nx: y'])).toEqual({ confirmed: 2, failed: 0 });
    await purger.purgeTags(['campaigns'], { soft: true });
    expect(sent).toEqual([
      'PURGE http://a.test/ mf-blog@1.0 locales',
      'PURGE http://b.test/ mf-blog@1.0 locales',
      'PURGE http://a.test/ campaigns 1',
      'PURGE http://b.test/ campaigns 1',
    ]);
  });

  it('retries an edge that is down or failing, up to three attempts, and says which one never confirmed', async () => {
    const { purger, sent, warnings } = openPurger({ 'http://a.test/': [0, 503], 'http://b.test/': [0, 0, 0] });
    expect(await purger.purgeTags(['locales'])).toEqual({ confirmed: 1, failed: 1 });
    expect(sent.filter((line) => line.includes('a.test'))).toHaveLength(3);
    expect(sent.filter((line) => line.includes('b.test'))).toHaveLength(3);
    expect(warnings.join('\n')).toContain('http://b.test/');
    expect(warnings.join('\n')).not.toContain('http://a.test/');
  });

  it('does not retry a refusal (this instance is not a purger), and resets with BAN', async () => {
    const { purger, sent } = openPurger({ 'http://a.test/': [403] });
    expect(await purger.purgeTags(['locales'])).toEqual({ confirmed: 0, failed: 1 });
    expect(await purger.reset()).toEqual({ confirmed: 1, failed: 0 });
    expect(sent).toEqual(['PURGE http://a.test/ locales', 'BAN http://a.test/']);
  });

  it('does nothing without edges or without a valid tag', async () => {
    const { purger, sent } = openPurger({});
    expect(purger.enabled).toBe(false);
    expect(await purger.purgeTags(['locales'])).toEqual({ confirmed: 0, failed: 0 });
    expect(await purger.reset()).toEqual({ confirmed: 0, failed: 0 });
    const other = openPurger({ 'http://a.test/': [] });
    expect(await other.purger.purgeTags(['no spaces allowed'])).toEqual({ confirmed: 0, failed: 0 });
    expect(sent).toEqual([]);
    expect(other.sent).toEqual([]);
  });
});
