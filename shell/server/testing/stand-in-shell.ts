import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageGateDecision } from '../../src/page-gate.server.ts';
import type { PageOutcome, RenderBundle, RenderInput, VisitorAssignment } from '../../src/render-contract.ts';

/** What the stand-in's renders were asked for: the URL and the cookie the loaders saw. */
export interface StandInCalls {
  documents: { url: string; cookie?: string }[];
  data: { url: string; cookie?: string }[];
  /** The paths the page gate was asked about. */
  gates: string[];
}

/** The routes of the stand-in release (locale prefix `fr`/`de` stripped), each with the remote that renders it. */
const ROUTES: Record<string, 'mf-landing' | 'mf-campaign' | 'mf-account'> = {
  '/': 'mf-landing',
  '/store': 'mf-campaign',
  '/contact': 'mf-landing',
  '/broken': 'mf-landing',
  '/login': 'mf-account',
  '/netflix-downloader': 'mf-landing',
};
const UNCACHED = ['/login'];

const stripLocale = (pathname: string) => pathname.replace(/^\/(fr|de)(?=\/|$)/, '') || '/';
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
  const calls: StandInCalls = { documents: [], data: [], gates: [] };
  const bundle: RenderBundle = {
    async decidePageRequest(request, _siteUrl, readSignedIn): Promise<PageGateDecision> {
      const url = new URL(request.url ?? '/', 'http://site.test');
      calls.gates.push(url.pathname);
      if (url.pathname === '/old') return { kind: 'redirect', status: 301, location: '/store', headers: {} };
      if (url.searchParams.get('source') === 'lang_switch') return { kind: 'render', headers: { 'set-cookie': ['rk_lang=fr; Path=/'] } };
      if (url.pathname === '/my-account' && !(await readSignedIn())) return { kind: 'redirect', status: 302, location: '/login', headers: {} };
      return { kind: 'render', headers: {} };
    },
    readSitemap: async () => null,
    renderRobots: () => '',
    assignVisitor({ cookieHeader, openOverrides }): VisitorAssignment {
      if (!openOverrides.ab_plan_price) return { values: { abPlanPrice: 'old' }, pageVariants: {}, setCookies: [] };
      const current = /abPlanPrice=(\w+)/.exec(cookieHeader ?? '')?.[1];
      const value = current ?? 'price_a';
      return { values: { abPlanPrice: value }, pageVariants: { abPlanPrice: value }, setCookies: current ? [] : ['abPlanPrice=price_a; Path=/'] };
    },
    async renderDocument(input) {
      calls.documents.push({ url: input.url.pathname + input.url.search, cookie: input.visitorHeaders.cookie });
      const pagePath = stripLocale(input.url.pathname);
      if (pagePath === '/contact') await input.fetchApi('/api/captcha?kind=sum');
      const delayMs = Number(input.url.searchParams.get('delay') ?? 0);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const status = pagePath === '/broken' ? 503 : ROUTES[pagePath] ? 200 : 404;
      return writePage(status, writeDocument(input, status));
    },
    renderErrorDocument: async (_input, status) => writePage(status, `<p>error ${status}</p>`),
    async loadPageData(input) {
      calls.data.push({ url: input.url.pathname + input.url.search, cookie: input.visitorHeaders.cookie });
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
    describeRoute(pathname) {
      const remote = ROUTES[stripLocale(pathname)];
      return remote ? { remote, uncached: UNCACHED.includes(stripLocale(pathname)) } : null;
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
