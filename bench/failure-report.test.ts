import { describe, expect, it } from '@jest/globals';
import { describeFailures, parseWrkFailures, placeInRun, readSiteEvent } from './failure-report.ts';

const WRK_OUTPUT = [
  'Running 5m test @ http://127.0.0.1:3320/netflix-downloader',
  '  53263 requests in 5.00m, 2.10GB read',
  '  Socket errors: connect 0, read 2, write 0, timeout 0',
  '  Non-2xx or 3xx responses: 1',
  'Requests/sec:    177.52',
  'wrk failures: connect 0, read 2, write 0, timeout 0, status 1',
  'wrk failed answer: 1795922140 503',
].join('\n');

describe('the failure report of bench:memory', () => {
  it('reads the kinds wrk counted and each failed answer from the script’s lines', () => {
    expect(parseWrkFailures(WRK_OUTPUT)).toEqual({ connect: 0, read: 2, write: 0, timeout: 0, answers: [{ atMs: 1_795_922_140_000, status: 503 }] });
    expect(parseWrkFailures('Requests/sec: 10')).toBeUndefined();
  });

  it.each([
    [{ msg: 'releases switched: starting workers on the new releases', generation: 2, workers: 2 }, 'rollover 2 started 2 workers'],
    [{ msg: 'releases switched: older workers finish their requests and exit', draining: 2 }, '2 older workers told to drain'],
    [
      { msg: 'connections drained', pid: 41, inFlightAtClose: 24, answered: 25, idleClosed: 1 },
      'worker pid 41 drained: 24 under way at the close, 25 answered after it, 1 silent connections closed, 0 cut',
    ],
    [
      {
        level: 'warn',
        msg: 'connections cut at the end of the shutdown grace',
        pid: 41,
        inFlightAtClose: 3,
        answered: 2,
        idleClosed: 0,
        cut: [{ request: 'GET /x' }],
      },
      'worker pid 41 drained: 3 under way at the close, 2 answered after it, 0 silent connections closed, 1 cut at the end of the grace (GET /x)',
    ],
    [
      { level: 'warn', msg: 'a worker exited; starting another', pid: 7, code: null, signal: 'SIGABRT' },
      'worker pid 7 exited (code null, signal SIGABRT): a worker exited; starting another',
    ],
    [{ level: 'error', msg: 'render failed' }, 'error: render failed'],
  ])('names the site event %j', (fields, text) => {
    expect(readSiteEvent(JSON.stringify({ time: '2026-11-29T03:00:10.000Z', level: 'info', ...fields }))).toEqual({
      atMs: Date.parse('2026-11-29T03:00:10.000Z'),
      text,
    });
  });

  it('ignores other info lines and what is not a log line', () => {
    expect(readSiteEvent(JSON.stringify({ time: '2026-11-29T03:00:10.000Z', level: 'info', msg: 'shell server listening' }))).toBeUndefined();
    expect(readSiteEvent('> reelkeep@1.0.0 start')).toBeUndefined();
  });

  it('places failures and events against the switches', () => {
    const run = { startedMs: 1_000_000, switches: [{ atMs: 1_030_000, action: 'promote mf-landing 2' }] };
    expect(placeInRun(1_010_000, run)).toBe('at 10.0 s, before the first switch');
    expect(placeInRun(1_034_500, run)).toBe('at 34.5 s, switch 1 (promote mf-landing 2) + 4.5 s');
    const lines = describeFailures({
      ...run,
      wrk: { connect: 0, read: 1, write: 0, timeout: 0, answers: [{ atMs: 1_031_000, status: 503 }] },
      events: [{ atMs: 1_036_000, text: 'worker pid 7 exited (code null, signal SIGKILL)' }],
    });
    expect(lines).toEqual([
      'Failures by kind: answers of 400 or more: 1 × 503; socket errors: 0 connect (refused), 1 read (reset or closed before the whole answer), 0 write (reset or closed while sending), 0 time-outs (no answer within 10 s)',
      '  answer 503 at 31.0 s, switch 1 (promote mf-landing 2) + 1.0 s (to the second)',
      'Switches and the site’s events:',
      '  switch 1: promote mf-landing 2 at 30.0 s',
      '    worker pid 7 exited (code null, signal SIGKILL), at 36.0 s, switch 1 (promote mf-landing 2) + 6.0 s',
    ]);
  });
});
