import { describe, expect, it } from '@jest/globals';
import { LOCALES, POLICY_SLUGS } from '@reelkeep/shared-contracts';
import { derivePageName, isServerPath, resolvePath, splitLocale } from './route-table.ts';

describe('splitLocale', () => {
  it('reads no prefix as English', () => {
    expect(splitLocale('/checkout')).toEqual({ locale: 'en', path: '/checkout' });
  });

  it('strips a supported prefix', () => {
    expect(splitLocale('/fr/checkout')).toEqual({ locale: 'fr', path: '/checkout' });
    expect(splitLocale('/ja')).toEqual({ locale: 'ja', path: '/' });
  });

  it('refuses the default locale prefix (docs/routing.md "Not found")', () => {
    expect(splitLocale('/en/checkout')).toBeNull();
    expect(splitLocale('/en')).toBeNull();
  });

  it('refuses unsupported language prefixes', () => {
    expect(splitLocale('/tr/checkout')).toBeNull();
    expect(splitLocale('/zh-cn/checkout')).toBeNull();
  });
});

describe('derivePageName', () => {
  it('strips -newN and turns hyphens into underscores (docs/routing.md "Page names")', () => {
    expect(derivePageName('sales-campaign-new3')).toBe('sales_campaign');
    expect(derivePageName('forgot-password')).toBe('forgot_password');
  });
});

describe('resolvePath', () => {
  const cases: [string, string, string, Record<string, string>][] = [
    ['/', 'home', 'mf-landing', {}],
    ['/checkout', 'checkout', 'mf-checkout', {}],
    ['/login', 'login', 'mf-account', {}],
    ['/my-account', 'my-account', 'mf-account', {}],
    ['/downloading', 'downloading', 'mf-landing', {}],
    ['/sales-campaign', 'sales-campaign', 'mf-campaign', {}],
    ['/pricing', 'pricing', 'mf-campaign', {}],
    ['/aio-special-offer', 'aio-special-offer', 'mf-campaign', {}],
    ['/blog/', 'blog', 'mf-blog', {}],
    ['/thanks-for-installing-reelkeep', 'thanks-for-installing', 'mf-landing', { product: 'reelkeep' }],
    ['/thanks-for-using-reelkeep-netflix', 'thanks-for-using', 'mf-landing', { product: 'reelkeep-netflix' }],
    ['/privacy-policy', 'policy', 'mf-blog', { policy: 'privacy-policy' }],
    ['/article/refund-policy', 'article-policy', 'mf-blog', { policy: 'refund-policy' }],
    ['/article/what-is-reelkeep', 'what-is-product', 'mf-blog', { product: 'reelkeep' }],
    ['/movie-downloader', 'movie-downloader', 'mf-landing', {}],
    ['/movie-downloader/42', 'movie-downloader', 'mf-landing', { id: '42' }],
    ['/disney-plus-downloader', 'service-downloader', 'mf-landing', { service: 'disney-plus' }],
    ['/faqs', 'article', 'mf-blog', { article: 'faqs' }],
    ['/faqs/7', 'article', 'mf-blog', { article: 'faqs', id: '7' }],
  ];

  it.each(cases)('%s is %s, rendered by %s', (path, route, remote, params) => {
    const match = resolvePath(path);
    expect(match?.route).toBe(route);
    expect(match?.definition.remote).toBe(remote);
    expect(match?.params).toEqual(params);
  });

  it('matches every route in every locale', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      expect(resolvePath(`/${locale}/checkout`)).toMatchObject({ route: 'checkout', locale });
      expect(resolvePath(`/${locale}`)).toMatchObject({ route: 'home', locale });
      expect(resolvePath(`/${locale}/aio-special-offer`)).toMatchObject({ route: 'aio-special-offer', locale, pageName: 'aio_special_offer' });
    }
  });

  it('gives each policy its own namespace', () => {
    for (const policy of POLICY_SLUGS) expect(resolvePath(`/${policy}`)?.pageName).toBe(policy.replace(/-/g, '_'));
  });

  it('has no match for nameless or malformed paths', () => {
    expect(resolvePath('/en/checkout')).toBeNull();
    expect(resolvePath('/a/b/c')).toBeNull();
    expect(resolvePath('/Checkout')).toBeNull();
    expect(resolvePath('/blog')).toBeNull();
  });

  it('never takes a server path for an article', () => {
    for (const path of ['/mlink', '/api', '/assets', '/static', '/product', '/email', '/category/list']) expect(resolvePath(path)).toBeNull();
    for (const path of ['/mlink', '/category/list', '/cookie_set']) expect(isServerPath(path)).toBe(true);
    expect(isServerPath('/netflix-downloader')).toBe(false);
  });
});
