import type { RegistryState } from '@reelkeep/shared-contracts/schemas';
import { applyPromotion, applyRollback } from './registry.ts';
import { decideBuildPromotion } from './build-promotion.ts';

const EMPTY: RegistryState = { revision: 0, apps: {}, history: [] };
const AT = new Date('2026-11-28T12:00:00Z');
const promoted = (state: RegistryState, version: string) => applyPromotion(state, 'mf-landing', version, 'dev', AT);
const rolledBack = (state: RegistryState) => applyRollback(state, 'mf-landing', 'dev', AT);

const V1_LIVE = promoted(EMPTY, 'v1');
const V2_ROLLED_BACK = rolledBack(promoted(V1_LIVE, 'v2'));

describe('release build --promote (npm start) never undoes a rollback (docs/releasing.md, "Builds that go live by themselves")', () => {
  test.each<[string, RegistryState, string, ReturnType<typeof decideBuildPromotion>]>([
    ['a first build goes live', EMPTY, 'v1', { promote: true }],
    ['the live version is left as it is', V1_LIVE, 'v1', { promote: false, reason: 'already-live' }],
    ['changed sources go live', V1_LIVE, 'v2', { promote: true }],
    ['a version rolled back from stays rolled back', V2_ROLLED_BACK, 'v2', { promote: false, reason: 'rolled-back' }],
    ['after a rollback, newer sources go live', V2_ROLLED_BACK, 'v3', { promote: true }],
    ['a version promoted again by hand after its rollback is live', promoted(V2_ROLLED_BACK, 'v2'), 'v2', { promote: false, reason: 'already-live' }],
    ['the older version of a later promotion goes live again when rebuilt', promoted(V1_LIVE, 'v2'), 'v1', { promote: true }],
  ])('%s', (_case, state, version, expected) => {
    expect(decideBuildPromotion(state, 'mf-landing', version, 'asked')).toEqual(expected);
  });

  test.each<[string, RegistryState, string, ReturnType<typeof decideBuildPromotion>]>([
    ['npm start on a fresh registry makes the build live', EMPTY, 'v1', { promote: true }],
    ['npm start leaves the live version live', V1_LIVE, 'v1', { promote: false, reason: 'already-live' }],
    ['npm start with changed sources builds them but does not promote them', V1_LIVE, 'v2', { promote: false, reason: 'not-asked' }],
    ['npm start after a rollback keeps the rollback', V2_ROLLED_BACK, 'v2', { promote: false, reason: 'not-asked' }],
  ])('%s', (_case, state, version, expected) => {
    expect(decideBuildPromotion(state, 'mf-landing', version, 'first')).toEqual(expected);
  });

  test("another app's rollback does not hold this app back", () => {
    const otherRolledBack = applyRollback(
      applyPromotion(applyPromotion(V1_LIVE, 'shell', 'v2', 'dev', AT), 'shell', 'v3', 'dev', AT),
      'shell',
      'dev',
      AT,
    );
    expect(decideBuildPromotion(otherRolledBack, 'mf-landing', 'v3', 'asked')).toEqual({ promote: true });
  });
});
