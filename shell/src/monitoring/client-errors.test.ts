/** @jest-environment jsdom */
import { afterAll, describe, expect, it } from '@jest/globals';
import * as Sentry from '@sentry/react';
import { startClientMonitoring } from './client-errors.ts';
import { dropHealthChecks, isHealthCheckUrl } from './sentry-options.ts';

// jsdom has no performance timeline, which the tracing integration reads at start.
if (typeof performance.getEntriesByType !== 'function')
  Object.defineProperty(performance, 'getEntriesByType', { value: () => [], configurable: true });

describe('browser error reporting (docs/tracking.md "Error reporting")', () => {
  afterAll(() => Sentry.close(0));

  it('starts the SDK with the product settings and the tracing and replay integrations actually present', async () => {
    await startClientMonitoring({ sentryDsn: 'https://public@o1.ingest.sentry.io/2', environment: 'test' });
    const client = Sentry.getClient()!;
    expect(client.getOptions()).toMatchObject({
      tracesSampleRate: 0.2,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 1,
      maxValueLength: 1024,
      transportOptions: { bufferSize: 30 },
      environment: 'test',
    });
    for (const name of ['BrowserTracing', 'Replay', 'Dedupe', 'LinkedErrors', 'InboundFilters'])
      expect(client.getIntegrationByName(name)).toBeDefined();
    const integrations = client.getOptions().integrations.map((integration) => integration.name);
    // One of each: the defaults' linked-errors and dedupe integrations were replaced, not doubled.
    expect(integrations.filter((name) => name === 'LinkedErrors')).toHaveLength(1);
    expect(integrations.filter((name) => name === 'Dedupe')).toHaveLength(1);
  });

  it('follows linked errors 5 deep', async () => {
    let error: Error = new Error('root');
    for (let depth = 1; depth <= 8; depth += 1) error = new Error(`level ${depth}`, { cause: error });
    const client = Sentry.getClient()!;
    const event = await client.eventFromException(error);
    const linked = client.getIntegrationByName('LinkedErrors')!;
    const processed = linked.preprocessEvent ? (linked.preprocessEvent(event, { originalException: error }, client), event) : event;
    // The error itself and five causes.
    expect(processed.exception!.values).toHaveLength(6);
  });

  it.each([
    ['/health', true],
    ['https://www.reelkeep.com/health', true],
    ['/api/healthz/', true],
    ['/ready?probe=1', true],
    ['/healthy-habits-guide', false],
    ['/netflix-downloader', false],
  ])('%p is a health probe: %p', (url, expected) => {
    expect(isHealthCheckUrl(url)).toBe(expected);
  });

  it.each([
    ['a health probe transaction', { transaction: '/health' }, null],
    ['an error of a health probe request', { request: { url: 'https://www.reelkeep.com/healthz' } }, null],
    ['a page transaction', { transaction: '/fr/checkout' }, { transaction: '/fr/checkout' }],
    ['an error elsewhere', { request: { url: 'https://www.reelkeep.com/blog/' } }, { request: { url: 'https://www.reelkeep.com/blog/' } }],
  ])('drops %s only if it is one', (_name, event, expected) => {
    expect(dropHealthChecks(event)).toEqual(expected);
  });
});
