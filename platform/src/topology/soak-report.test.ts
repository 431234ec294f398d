import { describe, expect, it } from '@jest/globals';
import { describeFetchError } from './soak-pages.ts';
import { describeFailedRequest } from './soak-report.ts';

describe('the soak names each request that failed outside a Varnish restart', () => {
  it.each([
    [
      new TypeError('terminated', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) }),
      'TypeError: terminated (UND_ERR_SOCKET: other side closed)',
    ],
    [
      new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }),
      'TypeError: fetch failed (ECONNRESET: read ECONNRESET)',
    ],
    [new DOMException('The operation was aborted due to timeout', 'TimeoutError'), 'TimeoutError: The operation was aborted due to timeout'],
    ['a string', 'a string'],
  ])('describes %s', (error, text) => {
    expect(describeFetchError(error)).toBe(text);
  });

  it('says when, which page, which error, which instance, and how far from each fault and promotion', () => {
    const started = 1_000_000;
    const line = describeFailedRequest(
      {
        page: '/fr/blog/',
        startedMs: started + 9_200,
        failedMs: started + 9_500,
        error: 'TypeError: terminated (UND_ERR_SOCKET: other side closed)',
        head: { status: 200, cache: 'PASS', backend: 'instance1' },
      },
      {
        started,
        faults: [
          { atMs: started + 9_000, text: 'instance 2 killed (SIGKILL)' },
          { atMs: started + 14_000, text: 'instance 2 serves again' },
        ],
        promotions: [
          { atMs: started + 5_000, text: 'promote mf-landing@1.0.0-b' },
          { atMs: started + 30_000, text: 'promote mf-landing@1.0.0-a' },
        ],
        instancePorts: [45530, 45531, 45532],
      },
    );
    expect(line).toBe(
      '9.2 s GET /fr/blog/ failed after 0.3 s: TypeError: terminated (UND_ERR_SOCKET: other side closed); body cut after a 200 head from instance1 (port 45531), x-cache PASS; faults: instance 2 killed (SIGKILL) +0.2 s, instance 2 serves again -4.8 s; promotions: promote mf-landing@1.0.0-b +4.2 s',
    );
  });

  it('names the last fault when none is within 15 s', () => {
    const line = describeFailedRequest(
      { page: '/', startedMs: 40_000, failedMs: 40_100, error: 'TypeError: fetch failed (ECONNRESET: read ECONNRESET)' },
      {
        started: 0,
        faults: [
          { atMs: 9_000, text: 'instance 2 killed (SIGKILL)' },
          { atMs: 60_000, text: 'Varnish stopped' },
        ],
        promotions: [],
        instancePorts: [],
      },
    );
    expect(line).toBe(
      '40.0 s GET / failed after 0.1 s: TypeError: fetch failed (ECONNRESET: read ECONNRESET); no answer head; faults: none within 15 s (the last: instance 2 killed (SIGKILL) +31.0 s)',
    );
  });

  it('says when no answer head came and no fault had run yet', () => {
    const line = describeFailedRequest(
      { page: '/', startedMs: 2_000, failedMs: 17_000, error: 'TimeoutError: The operation was aborted due to timeout' },
      { started: 1_000, faults: [], promotions: [], instancePorts: [] },
    );
    expect(line).toBe(
      '1.0 s GET / failed after 15.0 s: TimeoutError: The operation was aborted due to timeout; no answer head; faults: none within 15 s, none before',
    );
  });

  it('names a buyer’s request answered 503 and who answered it', () => {
    const line = describeFailedRequest(
      {
        method: 'POST',
        page: '/api/checkout/orders',
        startedMs: 25_000,
        failedMs: 25_100,
        error: 'answered 503',
        head: { status: 503, cache: 'PASS', backend: 'instance0' },
      },
      {
        started: 1_000,
        faults: [
          { atMs: 2_000, text: 'instance 2 killed (SIGKILL)' },
          { atMs: 21_000, text: 'Redis stopped' },
        ],
        promotions: [],
        instancePorts: [45530, 45531, 45532],
      },
    );
    expect(line).toBe(
      '24.0 s POST /api/checkout/orders failed after 0.1 s: answered 503; from instance0 (port 45530), x-cache PASS; faults: Redis stopped +4.0 s',
    );
  });
});
