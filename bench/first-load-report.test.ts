import { describe, expect, it } from '@jest/globals';
import { formatFirstLoadTotal, readFirstLoadOutput } from './first-load-report.ts';

describe('the first-load figure handed from bench/measure-landing-js.ts to bench/all.ts', () => {
  it('reads back the total the measuring script prints, over budget or not', () => {
    const table = [
      'JavaScript downloaded by http://127.0.0.1:3310/netflix-downloader',
      '  89.1 kB gzip  281.6 kB raw  /static/shell/1/singletons.js',
    ];
    const stdout = [...table, formatFirstLoadTotal(157_081.6, 6, 150), "   7.0 kB gzip: mf-landing's own page chunk (budget 7.5 kB)"].join('\n');
    expect(readFirstLoadOutput({ stdout, stderr: 'over budget:\n  total  153.4 kB exceeds 150 kB' })).toEqual({ ok: true, kb: 153.4, files: 6 });
    expect(readFirstLoadOutput({ stdout: formatFirstLoadTotal(148 * 1024, 7, 150), stderr: '' })).toEqual({ ok: true, kb: 148, files: 7 });
  });

  it('says why when the script measured nothing (the run that printed "n/a")', () => {
    const stderr = [
      'node:internal/modules/run_main:107',
      '    triggerUncaughtException(',
      '    ^',
      '',
      'page.waitForLoadState: Timeout 30000ms exceeded.',
      '    at /repo/bench/measure-landing-js.ts:45:12 {',
      "  name: 'TimeoutError'",
      '}',
    ].join('\n');
    expect(readFirstLoadOutput({ stdout: '', stderr })).toEqual({ ok: false, problem: 'page.waitForLoadState: Timeout 30000ms exceeded.' });
    expect(readFirstLoadOutput({ stdout: 'JavaScript downloaded by x', stderr: 'the site is gone' })).toEqual({
      ok: false,
      problem: 'the site is gone',
    });
  });
});
