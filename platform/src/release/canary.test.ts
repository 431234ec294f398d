import { describe, expect, it } from '@jest/globals';
import type { Canary, RegistryState } from '@reelkeep/shared-contracts/schemas';
import {
  applyCanary,
  applyCanaryRollback,
  CanaryRefusedError,
  chooseCohortPins,
  computeCohortPoint,
  decideCanary,
  decideCohort,
  isEndedCanary,
  isInCanary,
  listCanaries,
  listNextSteps,
  parseCohortValue,
  serialiseCohortValue,
  type CanaryPolicy,
} from './canary.ts';
import { summariseHealth } from './release-health.ts';

const seeds = Array.from({ length: 10_000 }, (_, index) => `seed-${index.toString(36).padStart(12, '0')}`);

describe('cohort assignment', () => {
  it.each([1, 5, 20, 25, 50, 75])('puts %i %% of 10,000 visitors in the canary, within ±2 %%', (percent) => {
    const inside = seeds.filter((seed) => isInCanary(seed, { app: 'mf-landing', version: '0.2.0-abc', percent })).length;
    expect(Math.abs(inside / seeds.length - percent / 100)).toBeLessThanOrEqual(0.02);
  });

  it('is sticky: the same seed always gets the same answer, and a larger share keeps everyone a smaller one had', () => {
    const canary = { app: 'mf-landing', version: '0.2.0-abc' };
    for (const seed of seeds.slice(0, 2_000)) {
      expect(computeCohortPoint(seed, canary.app, canary.version)).toBe(computeCohortPoint(seed, canary.app, canary.version));
      const at = (percent: number) => isInCanary(seed, { ...canary, percent });
      if (at(5)) expect(at(25)).toBe(true);
      if (at(25)) expect(at(50)).toBe(true);
      expect(at(100)).toBe(true);
    }
  });

  it('draws another cohort for another app or version', () => {
    const first = seeds.filter((seed) => isInCanary(seed, { app: 'mf-landing', version: 'a', percent: 20 }));
    const other = new Set(seeds.filter((seed) => isInCanary(seed, { app: 'mf-blog', version: 'a', percent: 20 })));
    const both = first.filter((seed) => other.has(seed)).length;
    // Independent draws overlap on about 20 % × 20 % = 4 % of visitors, not 20 %.
    expect(both / seeds.length).toBeLessThan(0.06);
  });

  it('keeps the seed in the cookie, with the pins it gets, and rewrites a cookie that names other pins', () => {
    const canaries = [{ app: 'mf-landing', version: '0.2.0-abc', percent: 100 }];
    const fresh = decideCohort(undefined, canaries, { assign: true, createSeed: () => 'AAAAAAAAAAAAAAAA' });
    expect(fresh).toEqual({ pins: ['mf-landing@0.2.0-abc'], setValue: 'AAAAAAAAAAAAAAAA.mf-landing@0.2.0-abc' });
    expect(decideCohort(fresh.setValue, canaries, { assign: true })).toEqual({ pins: ['mf-landing@0.2.0-abc'] });
    // The canary ended: the same seed now gets the live version, and the cookie says so.
    expect(decideCohort(fresh.setValue, [], { assign: true })).toEqual({ pins: [], setValue: 'AAAAAAAAAAAAAAAA.-' });
    // No canary, no cookie: nothing is set. An API call never sets one.
    expect(decideCohort(undefined, [], { assign: true })).toEqual({ pins: [] });
    expect(decideCohort(undefined, canaries, { assign: false })).toEqual({ pins: [] });
    expect(decideCohort(fresh.setValue, canaries, { assign: false })).toEqual({ pins: ['mf-landing@0.2.0-abc'] });
  });

  it.each([
    ['AAAAAAAAAAAAAAAA.-', { seed: 'AAAAAAAAAAAAAAAA', pins: '-' }],
    ['AAAAAAAAAAAAAAAA.mf-landing@0.2.0-abc+shell@1.0.0-x', { seed: 'AAAAAAAAAAAAAAAA', pins: 'mf-landing@0.2.0-abc+shell@1.0.0-x' }],
    ['short.-', null],
    ['AAAAAAAAAAAAAAAA.evil@1', null],
    ['AAAAAAAAAAAAAAAA', null],
    ['AAAAAAAAAAAAAAAA.mf-landing@1;x=1', null],
  ])('reads the cookie %s as %j', (value, expected) => {
    expect(parseCohortValue(value)).toEqual(expected);
  });

  it('pins are sorted and named app@version', () => {
    const canaries = [
      { app: 'mf-landing', version: 'b', percent: 100 },
      { app: 'mf-blog', version: 'a', percent: 100 },
    ];
    expect(chooseCohortPins('s', canaries)).toEqual(['mf-blog@a', 'mf-landing@b']);
    expect(serialiseCohortValue('S', [])).toBe('S.-');
  });
});

const policy: CanaryPolicy = { errorMargin: 0.02, minRequests: 100, stepMs: 60_000 };
const canary: Canary = {
  version: 'next',
  percent: 25,
  steps: [50, 100],
  startedAt: '2026-11-28T10:00:00.000Z',
  stepAt: '2026-11-28T10:00:00.000Z',
  by: 't',
};
const at = (minutes: number) => Date.parse('2026-11-28T10:00:00.000Z') + minutes * 60_000;
const health = (requests: number, errors: number) => summariseHealth('mf-landing', 'v', { request: requests, 'render-error': errors });

describe('the rollback rule', () => {
  it.each([
    ['too few requests to judge, however bad', health(99, 99), health(1000, 0), 30, canary, { kind: 'hold', why: 'sample' }],
    ['above stable by more than the margin', health(200, 10), health(1000, 20), 0, canary, 'rollback'],
    ['above stable by exactly the margin', health(200, 8), health(1000, 20), 30, canary, { kind: 'advance', percent: 50 }],
    [
      'as bad as stable (a shared outage is not the canary’s fault)',
      health(200, 40),
      health(1000, 200),
      30,
      canary,
      { kind: 'advance', percent: 50 },
    ],
    [
      'browser failures without server requests count',
      summariseHealth('mf-landing', 'v', { 'chunk-load': 150 }),
      health(1000, 0),
      0,
      canary,
      'rollback',
    ],
    ['healthy before its step time', health(500, 0), health(1000, 0), 0.5, canary, { kind: 'hold', why: 'step-time' }],
    ['healthy at its last step below 100', health(500, 0), health(1000, 0), 1, { ...canary, percent: 50, steps: [100] }, { kind: 'promote' }],
    ['healthy without steps (by hand)', health(500, 0), health(1000, 0), 10, { ...canary, steps: [] }, { kind: 'hold', why: 'by-hand' }],
  ])('%s', (_case, canaryHealth, stableHealth, minutes, which, expected) => {
    const verdict = decideCanary({ canary: which, canaryHealth, stableHealth, policy, now: at(minutes) });
    if (expected === 'rollback') {
      expect(verdict.kind).toBe('rollback');
      expect(verdict.kind === 'rollback' && verdict.reason).toMatch(/error rate .* against .* for the live version \(margin 2\.0 %\)/);
    } else expect(verdict).toEqual(expected);
  });
});

describe('canaries in the registry', () => {
  const state: RegistryState = {
    revision: 3,
    apps: { 'mf-landing': { live: 'stable', previous: ['older'] } },
    history: [],
  };

  it('starts, steps and promotes a canary, recording each switch', () => {
    const started = applyCanary(state, { app: 'mf-landing', version: 'next', percent: 5, by: 'ann', at: new Date(at(0)) });
    expect(started.apps['mf-landing']!.canary).toMatchObject({ version: 'next', percent: 5, steps: [25, 50, 100] });
    expect(listCanaries(started)).toEqual([{ app: 'mf-landing', version: 'next', percent: 5 }]);
    expect(started.history.at(-1)).toMatchObject({ action: 'canary', from: 'stable', to: 'next', percent: 5, by: 'ann' });
    const stepped = applyCanary(started, { app: 'mf-landing', version: 'next', percent: 25, by: 'schedule', at: new Date(at(5)) });
    expect(stepped.apps['mf-landing']!.canary).toMatchObject({
      percent: 25,
      steps: [50, 100],
      startedAt: started.apps['mf-landing']!.canary!.startedAt,
    });
    const promoted = applyCanary(stepped, { app: 'mf-landing', version: 'next', percent: 100, by: 'schedule' });
    expect(promoted.apps['mf-landing']).toEqual({ live: 'next', previous: ['older', 'stable'] });
    expect(promoted.history.at(-1)).toMatchObject({ action: 'promote', from: 'stable', to: 'next' });
  });

  it('rolls a canary back once, with its reason, and its version is never pinned again', () => {
    const started = applyCanary(state, { app: 'mf-landing', version: 'next', percent: 20, by: 'ann' });
    const ended = applyCanaryRollback(started, 'mf-landing', 'next', 'automatic rollback', 'error rate 40 %');
    expect(ended.apps['mf-landing']).toEqual({ live: 'stable', previous: ['older'] });
    expect(ended.history.at(-1)).toMatchObject({
      action: 'canary-rollback',
      from: 'next',
      to: 'stable',
      by: 'automatic rollback',
      reason: 'error rate 40 %',
    });
    expect(applyCanaryRollback(ended, 'mf-landing', 'next', 'automatic rollback')).toBe(ended);
    expect(isEndedCanary(ended, 'mf-landing', 'next')).toBe(true);
    expect(isEndedCanary(started, 'mf-landing', 'next')).toBe(false);
    expect(isEndedCanary(ended, 'mf-landing', 'older')).toBe(false);
  });

  it.each([
    ['an app with nothing live', 'mf-blog', 'next', 10],
    ['the live version', 'mf-landing', 'stable', 10],
    ['no share', 'mf-landing', 'next', 0],
    ['more than everyone', 'mf-landing', 'next', 101],
  ])('refuses a canary of %s', (_case, app, version, percent) => {
    expect(() => applyCanary(state, { app, version, percent, by: 'ann' })).toThrow(CanaryRefusedError);
  });

  it('refuses a second canary of the same app while one runs', () => {
    const started = applyCanary(state, { app: 'mf-landing', version: 'next', percent: 20, by: 'ann' });
    expect(() => applyCanary(started, { app: 'mf-landing', version: 'other', percent: 20, by: 'ann' })).toThrow(/roll it back first/);
  });

  it('lists the steps after a share', () => {
    expect(listNextSteps(5)).toEqual([25, 50, 100]);
    expect(listNextSteps(20)).toEqual([25, 50, 100]);
    expect(listNextSteps(50, [100, 10, 50, 75])).toEqual([75, 100]);
  });
});
