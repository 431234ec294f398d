import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POLICY_SLUGS, toLocalePath, type Locale } from '@reelkeep/shared-contracts';
import { expect, test } from '../fixtures.ts';
import { checkHtmlFiles } from '../html-checker.ts';

/**
 * docs/toolchain.md "HTML checked by the Nu HTML checker": every page type, in English and in the two scripts
 * that write no spaces (Japanese, Chinese), is valid HTML by a checker no one here wrote. Pages are fetched as a
 * visitor gets them (redirects followed), written to files and checked by one start of the checker.
 */
const PAGE_TYPES: readonly { path: string; status: number }[] = [
  { path: '/', status: 200 },
  { path: '/netflix-downloader', status: 200 },
  { path: '/how-to-download-netflix-videos', status: 200 },
  { path: '/fix-download-failed-errors', status: 200 },
  { path: '/faqs', status: 200 },
  { path: '/blog/', status: 200 },
  ...POLICY_SLUGS.map((slug) => ({ path: `/${slug}`, status: 200 })),
  { path: '/checkout', status: 200 },
  { path: '/login', status: 200 },
  { path: '/register', status: 200 },
  // Signed out, My account redirects to the sign-in page: the page checked is where the visitor lands.
  { path: '/my-account', status: 200 },
  { path: '/contact', status: 200 },
  { path: '/pricing', status: 200 },
  { path: '/store', status: 200 },
  { path: '/event-center', status: 200 },
  { path: '/sales-campaign', status: 200 },
  { path: '/downloading', status: 200 },
  { path: '/product-overview', status: 200 },
  { path: '/uninstallation', status: 200 },
  { path: '/forgot-password', status: 200 },
  { path: '/newsletter', status: 200 },
  { path: '/no-such-page-for-the-html-checker', status: 404 },
];
const LOCALES_CHECKED: readonly Locale[] = ['en', 'ja', 'zh'];
/** A document with two errors the site once had, checked in the same run: proof the checker read the files. */
const CANARY_HTML =
  '<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta http-equiv="x-dns-prefetch-control" content="on">' +
  '<title>canary</title></head><body><a href="http://127.0.0.1:8210のウェブサイト">本ウェブサイト</a></body></html>';

test('every page type is valid HTML in en, ja and zh by the Nu HTML checker, and its in-page links reach their targets', async ({ request }) => {
  test.setTimeout(240_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'rk-html-'));
  try {
    const canary = path.join(dir, 'canary.html');
    await writeFile(canary, CANARY_HTML);
    const files = [canary];
    for (const locale of LOCALES_CHECKED) {
      const pages = await Promise.all(
        PAGE_TYPES.map(async (page) => {
          const url = toLocalePath(locale, page.path);
          const response = await request.get(url);
          expect(response.status(), url).toBe(page.status);
          return { url, html: await response.text() };
        }),
      );
      for (const [index, { url, html }] of pages.entries()) {
        // In-page links (table of contents, skip link) reach an element of the page: anchors are the checker's blind spot.
        const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
        for (const [, target] of html.matchAll(/\shref="#([^"]+)"/g)) expect(ids, `${url} links to #${target}`).toContain(target);
        const file = path.join(dir, `${locale}${PAGE_TYPES[index]!.path.replace(/\/$/, '').replace(/\//g, '_') || '_home'}.html`);
        await writeFile(file, html);
        files.push(file);
      }
    }
    const errors = (await checkHtmlFiles(files)).map(({ url, lastLine, message }) => `${path.basename(url ?? '')}:${lastLine ?? 0}: ${message}`);
    expect(errors.filter((error) => error.startsWith('canary.html:'))).toEqual([
      expect.stringContaining('x-dns-prefetch-control'),
      expect.stringContaining('Bad value “http://127.0.0.1:8210のウェブサイト” for attribute “href”'),
    ]);
    expect(errors.filter((error) => !error.startsWith('canary.html:'))).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
