import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale, RouteName } from '@reelkeep/shared-contracts';
import type { PageGateDecision } from '../../src/page-gate.server.ts';
import type { PageMatch, PageOutcome, RenderBundle, RenderInput, VisitorAssignment } from '../../src/render-contract.ts';

/** What the stand-in's renders were asked for: the URL, the cookie the loaders saw and the page they were handed. */
export interface StandInCalls {
  documents: { url: string; cookie?: string; page: PageMatch }[];
  data: { url: string; cookie?: string; page: PageMatch }[];
  /** The paths the page gate was asked about. */
  gates: string[];
  /** The pages the page gate matched, and the pages assignment was handed (null: an error page). */
  matched: PageMatch[];
  assigned: (PageMatch | null)[];
}

/** The routes of the stand-in release (locale prefix `fr`/`de` stripped), each with the remote that renders it. */
const ROUTES: Record<string, { route: RouteName; remote: 'mf-landing' | 'mf-campaign' | 'mf-account' }> = {
  '/': { route: 'home', remote: 'mf-landing' },
  '/store': { route: 'store', remote: 'mf-campaign' },
  '/contact': { route: 'contact', remote: 'mf-landing' },
  '/broken': { route: 'ping', remote: 'mf-landing' },
  '/login': { route: 'login', remote: 'mf-account' },
  '/netflix-downloader': { route: 'service-downloader', remote: 'mf-landing' },
};
const UNCACHED = ['/login'];

/** The stand-in gate's one match of a path: its `fr`/`de` prefix and its row of `ROUTES`. */
function matchStandInPage(pathname: string): PageMatch {
  const prefix = (['fr', 'de'] as const).find((locale) => pathname === `/${locale}` || pathname.startsWith(`/${locale}/`));
  const locale: Locale = prefix ?? 'en';
  const path = prefix ? pathname.slice(prefix.length + 1) || '/' : pathname;
  const row = ROUTES[path];
  const route = row ? { ...row, locale, params: {}, pageName: row.route, uncached: UNCACHED.includes(path) } : null;
  return { locale, path, route };
}
const escapeText = (text: string) => text.replace(/[<>&"]/g, '');

/** A document that writes into the page what the render was given, for the tests to read back. */
function writeDocument(input: RenderInput, status: number): string {
  const remotes = input.remotes.map((remote) => ({
    name: remote.name,
    version: remote.version,
    entry: `/static/${remote.name}/${remote.version}/remoteEntry.js`,
  }));
  const field = (id: string, value: string) => `<p id="${id}">${value}</p>`;
  return [
    `<!doctype html><html><head><script defer src="/static/shell/s1/main.js" nonce="${input.nonce}"></script></head><body>`,
    field('url', escapeText(input.url.pathname + input.url.search)),
    field('cookie', escapeText(input.visitorHeaders.cookie ?? '')),
    field('price', String(input.abValues.abPlanPrice)),
    field('os', input.os.os),
    field('user', escapeText(input.session.user?.email ?? 'anonymous')),
    field('status', String(status)),
    `<script id="__RK_STATE__" type="application/json" nonce="${input.nonce}">${JSON.stringify({ remotes })}</script></body></html>`,
  ].join('');
}

const writePage = (status: number, html: string): PageOutcome => ({
  kind: 'page',
  status,
  head: { title: 't', description: 'd' },
  unavailable: [],
  pipe: async (sink) => {
    sink.write(html);
    sink.end();
  },
});

/**
 * A shell release's render bundle for the host's tests (docs/testing.md "The host over a stand-in shell"): typed
 * by the render contract, it writes into each page what it was given (URL, cookies the loaders see, price variant,
 * user, nonce) and counts its renders, so a test can tell a cached answer from a fresh one.
 */
export function createStandInBundle(): { bundle: RenderBundle; calls: StandInCalls } {
  const calls: StandInCalls = { documents: [], data: [], gates: [], matched: [], assigned: [] };
  const bundle: RenderBundle = {
    async decidePageRequest(request, _siteUrl, readSignedIn): Promise<PageGateDecision> {
      const url = new URL(request.url ?? '/', 'http://site.test');
      calls.gates.push(url.pathname);
      if (url.pathname === '/old') return { kind: 'redirect', status: 301, location: '/store', headers: {} };
      const page = matchStandInPage(url.pathname);
      calls.matched.push(page);
      if (url.searchParams.get('source') === 'lang_switch') return { kind: 'render', page, headers: { 'set-cookie': ['rk_lang=fr; Path=/'] } };
      if (url.pathname === '/my-account' && !(await readSignedIn())) return { kind: 'redirect', status: 302, location: '/login', headers: {} };
      return { kind: 'render', page, headers: {} };
    },
    readSitemap: async () => null,
    renderRobots: () => '',
    assignVisitor({ cookieHeader, openOverrides, page }): VisitorAssignment {
      calls.assigned.push(page);
      if (!openOverrides.ab_plan_price) return { values: { abPlanPrice: 'old' }, pageVariants: {}, setCookies: [] };
      const current = /abPlanPrice=(\w+)/.exec(cookieHeader ?? '')?.[1];
      const value = current ?? 'price_a';
      return { values: { abPlanPrice: value }, pageVariants: { abPlanPrice: value }, setCookies: current ? [] : ['abPlanPrice=price_a; Path=/'] };
    },
    async renderDocument(input) {
      calls.documents.push({ url: input.url.pathname + input.url.search, cookie: input.visitorHeaders.cookie, page: input.page });
      const { path, route } = input.page;
      if (path === '/contact') await input.fetchApi('/api/captcha?kind=sum');
      const delayMs = Number(input.url.searchParams.get('delay') ?? 0);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const status = path === '/broken' ? 503 : route ? 200 : 404;
      return writePage(status, writeDocument(input, status));
    },
    renderErrorDocument: async (_input, status) => writePage(status, `<p>error ${status}</p>`),
    async loadPageData(input) {
      calls.data.push({ url: input.url.pathname + input.url.search, cookie: input.visitorHeaders.cookie, page: input.page });
      const user = input.session.user?.email ?? 'anonymous';
      return {
        kind: 'data',
        payload: {
          status: 200,
          match: null,
          head: { title: user, description: 'd' },
          data: { price: input.abValues.abPlanPrice },
          namespaces: ['common'],
          unavailable: [],
        },
      };
    },
    frameDataApps: ['mf-landing'],
    probeRemote: async (remote) => ({ name: remote.name, version: remote.version, healthy: true, routes: [] }),
    loadConsoleModule: async () => {
      throw new Error('no console sections in the stand-in');
    },
    renderConsoleMarkup: () => '',
    contractVersion: 'stand-in',
  };
  return { bundle, calls };
}

/** Where the bridge file finds the bundles the tests registered, by release folder. */
const REGISTRY = Symbol.for('reelkeep.test.stand-in-shells');
type Registry = Map<string, RenderBundle>;

/**
 * Lays out a shell release folder whose `server/ssr.cjs` is a one-line bridge to `bundle` (the host loads a
 * release's bundle by path, as in production) and whose browser entry is `main.js`.
 */
export async function writeStandInShell(shellDir: string, bundle: RenderBundle): Promise<void> {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  (holder[REGISTRY] ??= new Map()).set(shellDir, bundle);
  await mkdir(path.join(shellDir, 'server'), { recursive: true });
  await mkdir(path.join(shellDir, 'browser'), { recursive: true });
  await writeFile(
    path.join(shellDir, 'server', 'ssr.cjs'),
    `module.exports = { default: globalThis[Symbol.for('reelkeep.test.stand-in-shells')].get(${JSON.stringify(shellDir)}) };\n`,
  );
  await writeFile(path.join(shellDir, 'browser', 'entry-assets.json'), JSON.stringify({ scripts: ['main.js'], styles: [], startScripts: [] }));
}
