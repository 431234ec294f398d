import { describe, expect, it } from '@jest/globals';
import { buildHeadTags, buildStructuredData, renderHeadTagsHtml } from './head-tags.ts';

const SITE = 'https://reelkeep.com';
const head = {
  title: 'Netflix Downloader "HD"',
  description: 'Save <episodes>',
  keywords: 'netflix',
  structuredData: [{ '@type': 'WebPage', name: '</script><script>x' }],
};

describe('buildHeadTags', () => {
  it('builds title, description, social tags, canonical and alternates for a page that exists', () => {
    const tags = buildHeadTags({ head, status: 200, locale: 'fr', path: '/netflix-downloader', siteUrl: SITE });
    expect(tags[0]).toEqual({ tag: 'title', attributes: {}, text: 'Netflix Downloader "HD"' });
    expect(tags).toContainEqual({ tag: 'meta', attributes: { property: 'og:url', content: 'https://reelkeep.com/fr/netflix-downloader' } });
    expect(tags).toContainEqual({ tag: 'meta', attributes: { property: 'og:locale', content: 'fr_FR' } });
    expect(tags).toContainEqual({ tag: 'link', attributes: { rel: 'canonical', href: 'https://reelkeep.com/fr/netflix-downloader' } });
    expect(tags).toContainEqual({
      tag: 'link',
      attributes: { rel: 'alternate', hreflang: 'zh-Hant', href: 'https://reelkeep.com/zh/netflix-downloader' },
    });
    expect(tags).toContainEqual({
      tag: 'link',
      attributes: { rel: 'alternate', hreflang: 'x-default', href: 'https://reelkeep.com/netflix-downloader' },
    });
  });

  it('uses the canonical path a page names and only the locales it exists in', () => {
    const tags = buildHeadTags({
      head: { ...head, canonicalPath: '/privacy-policy', locales: ['en', 'de'] },
      status: 200,
      locale: 'de',
      path: '/article/privacy-policy',
      siteUrl: SITE,
    });
    expect(tags.filter((tag) => tag.attributes.rel === 'alternate').map((tag) => tag.attributes.hreflang)).toEqual(['en', 'de', 'x-default']);
    expect(tags).toContainEqual({ tag: 'link', attributes: { rel: 'canonical', href: 'https://reelkeep.com/de/privacy-policy' } });
  });

  it('leaves canonical and alternates out of error pages', () => {
    expect(buildHeadTags({ head, status: 404, locale: 'en', path: '/nope', siteUrl: SITE }).some((tag) => tag.tag === 'link')).toBe(false);
  });
});

describe('rendering', () => {
  it('escapes text and attributes, and keeps JSON-LD from closing its script', () => {
    const html = renderHeadTagsHtml(buildHeadTags({ head, status: 200, locale: 'en', path: '/', siteUrl: SITE }));
    expect(html).toContain('<title>Netflix Downloader &quot;HD&quot;</title>');
    expect(html).toContain('<meta name="description" content="Save &lt;episodes&gt;">');
    expect(buildStructuredData(head)[0]).not.toContain('</script>');
    expect(JSON.parse(buildStructuredData(head)[0]!)).toEqual({ '@context': 'https://schema.org', '@type': 'WebPage', name: '</script><script>x' });
  });
});
