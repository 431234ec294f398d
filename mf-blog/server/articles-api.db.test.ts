import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '@reelkeep/platform/db';
import { openTestPglite } from '@reelkeep/platform/testing/databases';
import type { HostContext } from '@reelkeep/platform/host-context';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import { articleAnswerSchema, articleListAnswerSchema, blogSitemapSchema, policyAnswerSchema } from '@reelkeep/shared-contracts';
import * as z from 'zod/mini';
import api from './api.ts';
import type { BlogSettings } from './settings.ts';

const ARTICLE = `---\ntitle: "Only guide"\ndescription: "The one guide."\ncategory: guides\npublished: 2026-05-01\nupdated: 2026-05-01\nrelated: []\n---\nBody.\n`;

/** A release folder of its own, with a `content/` of one article (or a broken one). */
async function makeRelease(article = ARTICLE): Promise<string> {
  const releaseDir = await mkdtemp(path.join(tmpdir(), 'blog-release-'));
  await mkdir(path.join(releaseDir, 'content', 'articles', 'en'), { recursive: true });
  await writeFile(path.join(releaseDir, 'content', 'articles', 'en', 'only-guide.md'), article);
  return releaseDir;
}

/** Any blog answer, read loosely: each test checks the fields it is about (the page schemas are checked apart). */
const BLOG_ANSWER = z.looseObject({ cscode: z.optional(z.number()), data: z.optional(z.record(z.string(), z.unknown())) });

describe('the blog API (docs/releases.md "A squad\'s API")', () => {
  let db: Database;
  let context: HostContext<BlogSettings>;

  const call = async (target: HostContext<BlogSettings>, pathAndQuery: string) => {
    const url = new URL(pathAndQuery, 'http://localhost:3000');
    const route = api.routes.find((candidate) => candidate.method === 'GET' && candidate.path === url.pathname)!;
    const response = await route.handle(new Request(url), target);
    return {
      status: response.status,
      body: BLOG_ANSWER.parse(await response.json()),
    };
  };

  beforeAll(async () => {
    db = await openTestPglite();
    // The release folder defaults to the app's source folder: the repository's own content.
    context = createTestHostContext(db, { module: api, env: { COMPANY_NAME: 'Example Films Ltd.' } });
  });
  afterAll(() => db.close());

  it('lists the articles of the release, newest first, with the category counts', async () => {
    const { status, body } = await call(context, '/api/blog/article/list?category_id=blog&language=en&start=0&len=5');
    expect(status).toBe(200);
    expect(body.cscode).toBe(200);
    expect((body.data!.list as unknown[]).length).toBe(5);
    expect(body.data!.total).toBeGreaterThanOrEqual(12);
    expect(Object.keys(body.data!.categories as object)).toEqual(['guides', 'formats', 'troubleshooting', 'product', 'faq']);
  });

  it('answers what its readers read: every answer fits the schema of blog-contract.ts', async () => {
    const list = articleListAnswerSchema.parse((await call(context, '/api/blog/article/list?category_id=blog&language=fr&start=0&len=50')).body);
    const withRelated = list.data.list.find((article) => article.new_uuid === 'how-to-download-netflix-videos') ?? list.data.list[0]!;
    const article = articleAnswerSchema.parse((await call(context, `/api/blog/article/detail?id=${withRelated.new_uuid}&language=fr`)).body);
    expect(article.data.locales).toContain('fr');
    expect(policyAnswerSchema.parse((await call(context, '/api/blog/policy/detail?id=privacy-policy&language=fr')).body).data.slug).toBe(
      'privacy-policy',
    );
    expect(blogSitemapSchema.parse((await call(context, '/api/blog/sitemap')).body).articles.length).toBeGreaterThanOrEqual(list.data.total);
  });

  it('fills the policies with the site configuration (context.site)', async () => {
    const { status, body } = await call(context, '/api/blog/policy/detail?id=privacy-policy&language=en');
    expect(status).toBe(200);
    expect(JSON.stringify(body.data)).toContain('Example Films Ltd.');
  });

  it('answers 400 for a bad query and 404 for a document missing in the locale', async () => {
    expect((await call(context, '/api/blog/article/detail?id=faqs&language=xx')).status).toBe(400);
    expect((await call(context, '/api/blog/article/detail?id=no-such-article&language=en')).status).toBe(404);
  });

  it('reads the content of its own release, once per context', async () => {
    const other = createTestHostContext(db, { module: api, releaseDir: await makeRelease() });
    expect((await call(other, '/api/blog/article/list?category_id=blog&language=en&start=0&len=5')).body.data).toMatchObject({
      total: 1,
      list: [{ uuid: 'only-guide' }],
    });
    expect((await call(context, '/api/blog/article/list?category_id=blog&language=en&start=0&len=5')).body.data!.total).toBeGreaterThanOrEqual(12);
    expect((await call(other, '/api/blog/sitemap')).body).toEqual({
      articles: [{ slug: 'only-guide', locales: ['en'], updated: '2026-05-01' }],
      policies: [],
    });
  });

  it('retries a content read that failed', async () => {
    const releaseDir = await makeRelease(ARTICLE.replace('category: guides', 'category: gossip'));
    const broken = createTestHostContext(db, { module: api, releaseDir });
    await expect(call(broken, '/api/blog/sitemap')).rejects.toThrow('unknown category gossip');
    await writeFile(path.join(releaseDir, 'content', 'articles', 'en', 'only-guide.md'), ARTICLE);
    expect((await call(broken, '/api/blog/sitemap')).body.articles).toEqual([{ slug: 'only-guide', locales: ['en'], updated: '2026-05-01' }]);
  });
});
