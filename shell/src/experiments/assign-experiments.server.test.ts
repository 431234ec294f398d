import { describe, expect, it } from '@jest/globals';
import { EXPERIMENTS } from '@reelkeep/shared-contracts';
import { assignExperiments, type ExperimentAssignmentInput } from './assign-experiments.server.ts';

const article = { routeKey: 'article', locale: 'en' as const };
const assign = (overrides: Partial<ExperimentAssignmentInput> = {}) =>
  assignExperiments({
    cookieHeader: undefined,
    query: new URLSearchParams(),
    clientIp: '198.51.100.7',
    page: article,
    openOverrides: {},
    secure: false,
    createRandomId: () => 'random-visitor-1',
    ...overrides,
  });
const addresses = Array.from({ length: 400 }, (_, index) => `10.1.${Math.floor(index / 256)}.${index % 256}`);

describe('assignExperiments (docs/experiments.md "Assignment")', () => {
  it('assigns the guide experiments on an article, with cookies the page may read, 30 days', () => {
    const first = assign();
    expect(Object.keys(first.values).sort()).toEqual(['resourceBannerAB', 'sidebarAB']);
    expect(first.pageVariants).toEqual({ sidebarAB: first.values.sidebarAB, resourceBannerAB: first.values.resourceBannerAB });
    expect(first.setCookies).toEqual([
      `sidebarAB=${first.values.sidebarAB}; Path=/; Max-Age=2592000; SameSite=Lax`,
      `resourceBannerAB=${first.values.resourceBannerAB}; Path=/; Max-Age=2592000; SameSite=Lax`,
    ]);
  });

  it('by address: the same address always gets the same variant, and addresses split about 50/50', () => {
    const banner = (clientIp: string) => assign({ clientIp, createRandomId: () => `${Math.random()}` }).values.resourceBannerAB;
    expect(banner('203.0.113.5')).toBe(banner('203.0.113.5'));
    const b = addresses.filter((address) => banner(address) === 'b').length;
    expect(b).toBeGreaterThan(160);
    expect(b).toBeLessThan(240);
  });

  it('by address: test_ip assigns as that address', () => {
    const asAddress = assign({ clientIp: '192.0.2.44' }).values.resourceBannerAB;
    const tester = (query: string) => assign({ clientIp: '10.9.9.9', query: new URLSearchParams(query) }).values.resourceBannerAB;
    expect(tester('test_ip=192.0.2.44')).toBe(asAddress);
    expect(assign({ clientIp: '10.9.9.9', cookieHeader: 'test_ip=192.0.2.44' }).values.resourceBannerAB).toBe(asAddress);
  });

  it('random: the random id decides, whatever the address, and ids split about 50/50', () => {
    const sidebar = (id: string, clientIp = '1.2.3.4') => assign({ clientIp, createRandomId: () => id }).values.sidebarAB;
    expect(sidebar('id-7', '1.1.1.1')).toBe(sidebar('id-7', '2.2.2.2'));
    const b = addresses.filter((id) => sidebar(id) === 'b').length;
    expect(b).toBeGreaterThan(160);
    expect(b).toBeLessThan(240);
  });

  it('by e-mail: the same address in any case gets the same variant, from the query or the cookie', () => {
    const registry = EXPERIMENTS.map((experiment) => (experiment.key === 'sidebar' ? { ...experiment, method: 'email' as const } : experiment));
    const byEmail = (overrides: Partial<ExperimentAssignmentInput>) =>
      assign({ registry, createRandomId: () => `${Math.random()}`, ...overrides }).values.sidebarAB;
    const fromQuery = byEmail({ query: new URLSearchParams('email=Ann%40Example.com') });
    expect(byEmail({ cookieHeader: 'email=ann%40example.com' })).toBe(fromQuery);
    const split = addresses.map((_, index) => byEmail({ cookieHeader: `email=user${index}%40example.com` }));
    expect(split.filter((value) => value === 'b').length).toBeGreaterThan(160);
    expect(split.filter((value) => value === 'b').length).toBeLessThan(240);
  });

  it('keeps the cookie: no new cookie, the same variant on every page and after a restart', () => {
    const kept = assign({ cookieHeader: 'sidebarAB=b; resourceBannerAB=a', createRandomId: () => 'x' });
    expect(kept).toEqual({
      values: { sidebarAB: 'b', resourceBannerAB: 'a' },
      pageVariants: { sidebarAB: 'b', resourceBannerAB: 'a' },
      setCookies: [],
    });
  });

  it('off its routes, keeps a held variant without assigning one or keying the page by it', () => {
    const store = { routeKey: 'store', locale: 'en' as const };
    expect(assign({ page: store })).toEqual({ values: {}, pageVariants: {}, setCookies: [] });
    expect(assign({ page: store, cookieHeader: 'sidebarAB=a; resourceBannerAB=zzz' })).toEqual({
      values: { sidebarAB: 'a' },
      pageVariants: {},
      setCookies: [],
    });
  });

  it('takes a variant named in the query, and ignores an unknown one', () => {
    expect(assign({ cookieHeader: 'sidebarAB=a', query: new URLSearchParams('sidebarAB=b') }).values.sidebarAB).toBe('b');
    const unknown = assign({ cookieHeader: 'sidebarAB=a', query: new URLSearchParams('sidebarAB=c') });
    expect(unknown.values.sidebarAB).toBe('a');
    expect(unknown.setCookies.some((cookie) => cookie.startsWith('sidebarAB='))).toBe(false);
  });

  it('a closed experiment assigns nobody and clears its cookie', () => {
    const closed = assign({ cookieHeader: 'sidebarAB=b', openOverrides: { sidebar: false, resource_banner: false } });
    expect(closed).toEqual({ values: {}, pageVariants: {}, setCookies: ['sidebarAB=; Path=/; Max-Age=0; SameSite=Lax'] });
  });

  it('the price experiment, opened by the host, is site-wide, HttpOnly, and marks returning visitors old', () => {
    const home = { routeKey: 'home', locale: 'de' as const };
    const open = assign({ page: home, openOverrides: { ab_plan_price: true } });
    expect(open.values.abPlanPrice).toMatch(/^price_[ab]$/);
    expect(open.setCookies[0]).toMatch(/^abPlanPrice=price_[ab]; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(assign({ page: home, openOverrides: { ab_plan_price: true }, cookieHeader: 'elk_token_id=t' }).values.abPlanPrice).toBe('old');
    expect(assign({ page: home, cookieHeader: 'abPlanPrice=price_b' }).setCookies).toEqual([
      'abPlanPrice=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    ]);
  });
});
