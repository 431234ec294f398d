import { describe, expect, it } from '@jest/globals';
import {
  chooseAssignmentSeed,
  EXPERIMENTS,
  isExperimentOnPage,
  isKnownVariant,
  isReturningVisitor,
  pickVariant,
  readOrderAttribution,
  type ExperimentDefinition,
} from './experiments.ts';
import { validateExperimentRegistry } from './inputs/experiments.ts';

const sidebar = EXPERIMENTS.find((experiment) => experiment.key === 'sidebar')!;
const price = EXPERIMENTS.find((experiment) => experiment.key === 'ab_plan_price')!;
const withVariants = (key: string, weights: number[]): ExperimentDefinition => ({
  ...sidebar,
  key,
  cookie: `${key}AB`,
  variants: weights.map((weight, index) => ({ value: String.fromCharCode(97 + index), weight })),
});

describe('the experiment registry (docs/experiments.md "The registry")', () => {
  it('is valid as shipped: the price experiment closed and site-wide in every language, sidebar and banner on guides', () => {
    expect(validateExperimentRegistry(EXPERIMENTS)).toHaveLength(3);
    expect(price).toMatchObject({ open: false, site: true, routes: [], languages: 'all', cookie: 'abPlanPrice' });
    expect(EXPERIMENTS.map((experiment) => experiment.cookie)).toEqual(['abPlanPrice', 'sidebarAB', 'resourceBannerAB']);
  });

  it.each([
    { weights: [0.5, 0.4], problem: 'experiment "short": variants: the weights must sum to 1' },
    { weights: [0.6, 0.6], problem: 'experiment "short": variants: the weights must sum to 1' },
    { weights: [0.3335, 0.6665], problem: 'experiment "short": variants.0.weight: a weight has at most 3 decimals' },
    { weights: [1], problem: 'experiment "short": variants:' },
  ])('refuses weights $weights, naming the experiment', ({ weights, problem }) => {
    expect(() => validateExperimentRegistry([sidebar, withVariants('short', weights)])).toThrow(problem);
  });

  it.each([[[0.5, 0.5]], [[0.333, 0.333, 0.334]], [[0.1, 0.2, 0.7]], [[0.125, 0.875]]])('accepts weights %j', (weights) => {
    expect(validateExperimentRegistry([withVariants('fine', weights)])).toHaveLength(1);
  });

  it('refuses a key or a cookie used twice, and a site-wide experiment with routes', () => {
    expect(() => validateExperimentRegistry([sidebar, sidebar])).toThrow('experiment "sidebar": key "sidebar" is used twice');
    expect(() => validateExperimentRegistry([{ ...price, routes: ['article'] }])).toThrow('experiment "ab_plan_price": routes:');
  });
});

describe('pickVariant (docs/experiments.md "Assignment")', () => {
  it.each([
    { hash: 0, expected: 'a' },
    { hash: 499, expected: 'a' },
    { hash: 500, expected: 'b' },
    { hash: 999, expected: 'b' },
    { hash: 1_000, expected: 'a' },
    { hash: 4_294_967_295, expected: 'a' },
  ])('50/50: slot of hash $hash is $expected', ({ hash, expected }) => {
    expect(pickVariant(sidebar.variants, hash)).toBe(expected);
  });

  it('follows uneven weights slot by slot', () => {
    const variants = withVariants('three', [0.1, 0.2, 0.7]).variants;
    const counts = { a: 0, b: 0, c: 0 } as Record<string, number>;
    for (let hash = 0; hash < 1000; hash += 1) counts[pickVariant(variants, hash)]! += 1;
    expect(counts).toEqual({ a: 100, b: 200, c: 700 });
  });
});

describe('chooseAssignmentSeed', () => {
  const visitor = { address: '203.0.113.9', email: ' Ann@Example.com ', randomId: 'r-1' };
  it.each([
    { method: 'address' as const, expected: '203.0.113.9' },
    { method: 'email' as const, expected: 'ann@example.com' },
    { method: 'random' as const, expected: 'r-1' },
  ])('$method hashes $expected', ({ method, expected }) => {
    expect(chooseAssignmentSeed(method, visitor)).toBe(expected);
  });
  it('uses the random id by e-mail when no e-mail is known', () => {
    expect(chooseAssignmentSeed('email', { ...visitor, email: null })).toBe('r-1');
  });
});

describe('old visitors (docs/experiments.md "Old visitors")', () => {
  it.each([
    { cookies: { elk_token_id: 'x' }, query: '', old: true },
    { cookies: { review_category_page_new: '1,2' }, query: '', old: true },
    { cookies: {}, query: 'email=a%40b.example', old: true },
    { cookies: {}, query: 'abPlanPrice=price_b', old: true },
    { cookies: {}, query: 'af=123', old: false },
    { cookies: { email: 'a@b.example' }, query: '', old: false },
  ])('$cookies with ?$query is old: $old', ({ cookies, query, old }) => {
    expect(isReturningVisitor({ cookies, query: new URLSearchParams(query) })).toBe(old);
  });

  it('knows `old` only for experiments that mark returning visitors', () => {
    expect(isKnownVariant(price, 'old')).toBe(true);
    expect(isKnownVariant(sidebar, 'old')).toBe(false);
    expect(isKnownVariant(sidebar, 'b')).toBe(true);
    expect(isKnownVariant(sidebar, 'c')).toBe(false);
  });
});

describe('isExperimentOnPage', () => {
  it.each([
    { experiment: price, routeKey: 'home', locale: 'ja' as const, on: true },
    { experiment: price, routeKey: null, locale: 'en' as const, on: true },
    { experiment: sidebar, routeKey: 'article', locale: 'fr' as const, on: true },
    { experiment: sidebar, routeKey: 'store', locale: 'en' as const, on: false },
    { experiment: { ...sidebar, languages: ['en', 'de'] as const }, routeKey: 'article', locale: 'fr' as const, on: false },
  ])('$experiment.key on $routeKey ($locale): $on', ({ experiment, routeKey, locale, on }) => {
    expect(isExperimentOnPage(experiment, { routeKey, locale })).toBe(on);
  });
});

describe('readOrderAttribution (docs/experiments.md "Affiliates and ads")', () => {
  const cookies = (values: Record<string, string>) => (name: string) => values[name];
  it('reads last and first touch and the variants the buyer holds', () => {
    expect(
      readOrderAttribution(
        cookies({ affiliate: '123', ad: 'x', rk_first_touch: 'af=9&ad=y', sidebarAB: 'b', resourceBannerAB: 'zz', abPlanPrice: 'price_b' }),
        {
          priceExperimentOpen: true,
        },
      ),
    ).toEqual({ affiliate: '123', ad: 'x', ad1: null, firstTouch: 'af=9&ad=y', experiments: { ab_plan_price: 'price_b', sidebar: 'b' } });
  });
  it('drops ids off their format, and the price variant while its experiment is closed', () => {
    expect(readOrderAttribution(cookies({ affiliate: '<x>', abPlanPrice: 'price_b', rk_first_touch: '"' }), { priceExperimentOpen: false })).toEqual({
      affiliate: null,
      ad: null,
      ad1: null,
      firstTouch: null,
      experiments: {},
    });
  });
});
