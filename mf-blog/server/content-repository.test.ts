import { describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContent } from './content-repository.ts';

async function makeContent(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'content-'));
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  };
  await write(
    'articles/en/first-guide.md',
    `---\ntitle: "First guide"\ndescription: "About the first guide."\ncategory: guides\npublished: 2026-05-01\nupdated: 2026-06-01\nrelated: [second-guide]\n---\nIntro with a [link](/second-guide) and [plans](/checkout).\n\n## Setting up\n\nText.\n\n## Setting up\n\n## What you'll need & *why*\n\n| a | b |\n|---|---|\n| 1 | 2 |\n`,
  );
  await write(
    'articles/en/second-guide.md',
    `---\ntitle: "Second"\ndescription: "Second."\ncategory: formats\npublished: 2026-07-01\nupdated: 2026-07-01\nrelated: []\n---\nBody.\n`,
  );
  await write(
    'articles/fr/first-guide.md',
    `---\ntitle: "Premier guide"\ndescription: "À propos."\ncategory: guides\npublished: 2026-05-01\nupdated: 2026-06-01\nrelated: [second-guide]\n---\nVoir le [second](/second-guide) et les [offres](/checkout).\n`,
  );
  await write(
    'policies/en/privacy-policy.md',
    `---\ntitle: "Privacy Policy"\ndescription: "How {{company}} handles data."\nupdated: 2026-11-01\n---\nWrite to {{contactEmail}} about {{siteUrl}}.\n`,
  );
  return dir;
}

const VALUES = { company: 'ReelKeep Software Ltd.', contactEmail: 'support@example.com', siteUrl: 'https://example.com' };

describe('content repository', () => {
  it('renders articles newest first with ids, a table of contents and scrollable tables', async () => {
    const content = await loadContent(await makeContent(), VALUES);
    expect(content.listArticles('en').map((article) => article.slug)).toEqual(['second-guide', 'first-guide']);
    const first = content.findArticle('en', 'first-guide')!;
    expect(first.toc).toEqual([
      { id: 'setting-up', text: 'Setting up' },
      { id: 'setting-up-2', text: 'Setting up' },
      { id: 'what-you-ll-need-why', text: "What you'll need & why" },
    ]);
    expect(first.html).toContain('<h2 id="setting-up-2">');
    expect(first.html).toContain('<div class="rk-table-scroll"><table>');
    expect(first.html).toContain('<a href="/second-guide">link</a>');
  });

  it('prefixes internal links with the locale and unlinks documents missing in that locale', async () => {
    const content = await loadContent(await makeContent(), VALUES);
    const french = content.findArticle('fr', 'first-guide')!;
    expect(french.html).toContain('<a href="/fr/checkout">offres</a>');
    expect(french.html).toContain('Voir le second et');
    expect(content.listArticleLocales('first-guide')).toEqual(['en', 'fr']);
    expect(content.listArticleLocales('second-guide')).toEqual(['en']);
  });

  it('fills the policy placeholders from the configuration', async () => {
    const content = await loadContent(await makeContent(), VALUES);
    const policy = content.findPolicy('en', 'privacy-policy')!;
    expect(policy.description).toBe('How ReelKeep Software Ltd. handles data.');
    expect(policy.html).toContain('support@example.com');
    expect(content.findPolicy('fr', 'privacy-policy')).toBeUndefined();
  });

  it('renders Japanese and Chinese documents with anchors as written and the site address linked up to its end', async () => {
    const dir = await makeContent();
    const write = (file: string, text: string) => writeFile(path.join(dir, file), text);
    await mkdir(path.join(dir, 'articles/ja'), { recursive: true });
    await mkdir(path.join(dir, 'policies/zh'), { recursive: true });
    await write(
      'articles/ja/first-guide.md',
      `---\ntitle: "ガイド"\ndescription: "説明。"\ncategory: guides\npublished: 2026-05-01\nupdated: 2026-06-01\n---\n## エピソードを選ぶ\n\n## ダウンロード\n\n## ダウンロード\n`,
    );
    await write(
      'policies/zh/privacy-policy.md',
      `---\ntitle: "隐私政策"\ndescription: "说明。"\nupdated: 2026-11-01\n---\n本政策适用于{{siteUrl}}的网站（以下简称“本网站”）。\n`,
    );
    const content = await loadContent(dir, { ...VALUES, siteUrl: 'http://127.0.0.1:8210' });
    const guide = content.findArticle('ja', 'first-guide')!;
    expect(guide.toc).toEqual([
      { id: 'エピソードを選ぶ', text: 'エピソードを選ぶ' },
      { id: 'ダウンロード', text: 'ダウンロード' },
      { id: 'ダウンロード-2', text: 'ダウンロード' },
    ]);
    expect(guide.html).toContain('<h2 id="ダウンロード-2">ダウンロード</h2>');
    expect(content.findPolicy('zh', 'privacy-policy')!.html).toContain(
      '本政策适用于<a href="http://127.0.0.1:8210">http://127.0.0.1:8210</a>的网站（以下简称“本网站”）。',
    );
  });

  it('stops on a malformed document, naming the file', async () => {
    const dir = await makeContent();
    await writeFile(
      path.join(dir, 'articles/en/broken.md'),
      `---\ntitle: "x"\ndescription: "y"\ncategory: gossip\npublished: 2026-05-01\nupdated: 2026-05-01\n---\nx\n`,
    );
    await expect(loadContent(dir, VALUES)).rejects.toThrow('articles/en/broken.md: unknown category gossip');
  });

  it('loads the repository content without errors', async () => {
    const content = await loadContent(path.join(import.meta.dirname, '..', 'content'), VALUES);
    expect(content.listArticles('en').length).toBeGreaterThanOrEqual(12);
    expect(content.findPolicy('en', 'refund-policy')?.html).toContain('<h2');
  });
});
