import { describe, expect, it } from '@jest/globals';
import { createSitemaps, renderRobots, renderUrlSet } from './sitemap.server.ts';

describe('sitemaps', () => {
  it('lists a page once per locale it exists in, each with every alternate and x-default', () => {
    const xml = renderUrlSet('https://rk.example', [{ path: '/faqs', locales: ['en', 'zh'], lastModified: '2026-11-02' }]);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain('<loc>https://rk.example/zh/faqs</loc><lastmod>2026-11-02</lastmod>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="zh-Hant" href="https://rk.example/zh/faqs"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://rk.example/faqs"/>');
  });

  it("builds an index of pages, services and articles from the squads' APIs", async () => {
    const answers: Record<string, unknown> = {
      '/api/landing/catalogue': { groups: [{ id: 'hot', services: [{ slug: 'netflix', name: 'Netflix' }] }], adultPage: '/adult-downloader' },
      '/api/blog/sitemap': { articles: [{ slug: 'faqs', locales: ['en', 'de'], updated: '2026-11-01' }], policies: [] },
    };
    const sitemaps = createSitemaps('https://rk.example');
    const read = (name: string) => sitemaps(name, async (path) => Response.json(answers[path]));
    expect(await read('index')).toContain('<loc>https://rk.example/sitemaps/services.xml</loc>');
    const services = (await read('services'))!;
    expect(services).toContain('<loc>https://rk.example/ja/netflix-downloader</loc>');
    expect(services).toContain('<loc>https://rk.example/adult-downloader</loc>');
    expect((await read('articles'))!.match(/<url>/g)).toHaveLength(2);
    expect(await read('nope')).toBeNull();
  });

  it('points robots at the sitemap and keeps crawlers out of the APIs', () => {
    const robots = renderRobots('https://rk.example');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Sitemap: https://rk.example/sitemap.xml');
  });
});
