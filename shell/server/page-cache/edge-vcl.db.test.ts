import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startVarnish, type RunningVarnish } from '@reelkeep/platform/edge/start-varnish';
import { carriesAuthCookie, describeEdgeVariant, PAGE_VARIANT_HEADER } from './edge-variant.ts';
import { findFreePort } from '@reelkeep/platform/testing/free-port';

/**
 * The committed VCL (ops/varnish/site.vcl) in a real Varnish, against the host's own rules: every request keyed
 * by the variant `describeEdgeVariant` gives it, sessions passed, tracking parameters out of the key, cookies set
 * for one visitor never served to another, purge by tag, grace and request coalescing (docs/operations.md
 * "Varnish in front"). Needs Debian's varnish and varnish-modules (.ci/run installs them).
 */

const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';

/** The requests (`METHOD url`) under which the stand-in already died once (`/dies…`). */
const diedUnder = new Set<string>();
/** What the stand-in instance saw of each request that reached it. */
interface Seen {
  url: string;
  edgeVariant: string | undefined;
  hostVariant: string;
}
const seen: Seen[] = [];
let backend: Server;
let varnish: RunningVarnish;
let edge = '';
let workDir = '';

/**
 * The stand-in instance answers as the host does: a shareable page names its variant (the host's own description
 * of the request) and its tags. `/set-cookie` assigns a variant, `/drift` names another variant than asked, `/slow`
 * takes 300 ms, `/short` is fresh for one second, `/dies` drops its connection after the head the first time it is asked.
 */
function answer(req: IncomingMessage) {
  const url = req.url ?? '/';
  const hostVariant = describeEdgeVariant(req.headers);
  const edgeVariant = req.headers[PAGE_VARIANT_HEADER] as string | undefined;
  seen.push({ url, edgeVariant, hostVariant });
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': url.startsWith('/short')
      ? 'public, max-age=0, s-maxage=1, stale-while-revalidate=30'
      : 'public, max-age=0, s-maxage=60, stale-while-revalidate=60',
    vary: 'Accept-Encoding, Cookie, User-Agent',
    'surrogate-key': `locales shell@1 ${url.startsWith('/blog') ? 'mf-blog@1' : 'mf-landing@1'}`,
    [PAGE_VARIANT_HEADER]: url.startsWith('/drift') ? 'os=win64;something=else' : hostVariant,
  };
  if (url.startsWith('/set-cookie')) headers['set-cookie'] = `abPlanPrice=price_${seen.length % 2 ? 'a' : 'b'}; Path=/`;
  return { headers, body: `<p>${url} ${hostVariant} #${seen.length}</p>` };
}

beforeAll(async () => {
  backend = createServer((req, res) => {
    const { headers, body } = answer(req);
    const send = () => res.writeHead(200, headers).end(body);
    const url = req.url ?? '';
    if (url.startsWith('/slow')) setTimeout(send, 300);
    else if (url.startsWith('/dies') && !diedUnder.has(`${req.method} ${url}`)) {
      // An instance killed while it writes a page: the head and part of the body, then the connection drops.
      diedUnder.add(`${req.method} ${url}`);
      res.writeHead(200, { ...headers, 'content-length': String(body.length + 4096) });
      res.write(body, () => setTimeout(() => res.destroy(), 20));
    } else send();
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  workDir = await mkdtemp(path.join(tmpdir(), 'edge-vcl-'));
  const [listenPort, adminPort] = [await findFreePort(), await findFreePort()];
  varnish = await startVarnish({
    listenPort,
    adminPort,
    backends: [{ host: '127.0.0.1', port: (backend.address() as { port: number }).port }],
    workDir,
    storageMb: 16,
    stdio: 'ignore',
  });
  edge = `http://127.0.0.1:${listenPort}`;
}, 30_000);

afterAll(async () => {
  await varnish?.stop();
  await new Promise((resolve) => backend?.close(resolve));
  await rm(workDir, { recursive: true, force: true });
});

let unique = 0;
const fresh = (pagePath: string) => `${pagePath}${pagePath.includes('?') ? '&' : '?'}t=${Date.now()}-${(unique += 1)}`;
const get = (url: string, headers: Record<string, string> = {}) => fetch(`${edge}${url}`, { headers: { 'accept-encoding': 'gzip', ...headers } });

describe('the edge keys a page by the variant the host describes', () => {
  it.each([
    ['no cookie, no user agent', {}],
    ['a 64-bit Windows', { 'user-agent': WINDOWS }],
    ['a Mac', { 'user-agent': MAC }],
    ['an iPhone, which names Mac OS X', { 'user-agent': IPHONE }],
    ['a 64-bit Linux', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' }],
    ['each price variant', { cookie: 'abPlanPrice=price_a' }],
    ['a returning visitor', { cookie: 'abPlanPrice=old' }],
    ['a value that is no variant', { cookie: 'abPlanPrice=new; sidebarAB=zzz' }],
    [
      'every variant cookie among others',
      { cookie: 'rk_consent=denied; abPlanPrice=price_b;sidebarAB=a;  resourceBannerAB=b; rk_campaign_closed=1' },
    ],
    ['a banner cookie that is not 1', { cookie: 'rk_campaign_closed=0' }],
    ['the stable cohort of a canary', { cookie: 'rk_cohort=AbCdEfGhIjKlMnOp.-' }],
    ["a canary's cohort", { cookie: 'abPlanPrice=price_a; rk_cohort=AbCdEfGhIjKlMnOp.mf-blog@0.2.0-b+mf-landing@0.1.0-abc' }],
    ['a cohort cookie this site never wrote', { cookie: 'rk_cohort=AbCdEfGhIjKlMnOp.mf-x@1;' }],
  ])('%s: the same description on both sides, and a hit the second time', async (_name, headers) => {
    const url = fresh('/store');
    const first = await get(url, headers);
    const second = await get(url, headers);
    const reached = seen.filter((request) => request.url === url);
    expect(reached).toHaveLength(1);
    expect(reached[0]!.edgeVariant).toBe(reached[0]!.hostVariant);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect(await second.text()).toBe(await first.text());
    // Browsers see the page's full Vary again; the edge keyed it by the variant only.
    expect(second.headers.get('vary')).toBe('Accept-Encoding, Cookie, User-Agent');
    expect(second.headers.has('surrogate-key')).toBe(false);
  });

  it("keeps a canary cohort's page apart from the stable cohort's, and shares it among the cohort's visitors", async () => {
    const url = fresh('/store');
    const canary = 'rk_cohort=AbCdEfGhIjKlMnOp.mf-landing@0.1.0-abc';
    const stable = await (await get(url, { cookie: 'rk_cohort=AbCdEfGhIjKlMnOp.-' })).text();
    const ofCanary = await (await get(url, { cookie: canary })).text();
    expect(ofCanary).not.toBe(stable);
    const another = await get(url, { cookie: 'rk_cohort=ZyXwVuTsRqPoNmLk.mf-landing@0.1.0-abc' });
    expect(another.headers.get('x-cache')).toBe('HIT');
    expect(await another.text()).toBe(ofCanary);
    expect((await get(url, {})).headers.get('x-cache')).toBe('HIT');
  });

  it('keeps two variants apart, and shares one variant between visitors whose other cookies differ', async () => {
    const url = fresh('/store');
    const a = await (await get(url, { cookie: 'abPlanPrice=price_a', 'user-agent': WINDOWS })).text();
    const b = await (await get(url, { cookie: 'abPlanPrice=price_b', 'user-agent': WINDOWS })).text();
    const mac = await (await get(url, { cookie: 'abPlanPrice=price_a', 'user-agent': MAC })).text();
    expect(new Set([a, b, mac]).size).toBe(3);
    const another = await get(url, { cookie: 'abPlanPrice=price_a; rk_consent=granted; _ga=1', 'user-agent': WINDOWS });
    expect(another.headers.get('x-cache')).toBe('HIT');
    expect(await another.text()).toBe(a);
  });

  it('drops tracking parameters from the key, keeps the others, and asks the instance with the URL as it came', async () => {
    const url = fresh('/store?b=2&a=1');
    await get(`${url}&utm_source=news&gclid=x`);
    const shared = await get(`${url.replace('?b=2&a=1', '?a=1&b=2')}&fbclid=y&source=footer&medium=mail&UTM_Campaign=z`);
    expect(shared.headers.get('x-cache')).toBe('HIT');
    expect(seen.filter((request) => request.url.includes(url.split('?')[1]!.split('&t=')[1]!))[0]?.url).toContain('utm_source=news');
    expect((await get(url.replace('a=1', 'a=2'))).headers.get('x-cache')).toBe('MISS');
  });
});

describe('nothing personal is kept', () => {
  it.each(['rk.session_token=abc', 'abPlanPrice=price_a; __Secure-rk.session_token=abc'])(
    'a session (%s) always reaches an instance',
    async (cookie) => {
      expect(carriesAuthCookie(cookie)).toBe(true);
      const url = fresh('/store');
      const answers = [await get(url, { cookie }), await get(url, { cookie })];
      expect(answers.map((response) => response.headers.get('x-cache'))).toEqual(['PASS', 'PASS']);
      expect(seen.filter((request) => request.url === url).map((request) => request.edgeVariant)).toEqual([undefined, undefined]);
      // An anonymous visitor of the same page never gets the signed-in one's answer.
      expect((await get(url)).headers.get('x-cache')).toBe('MISS');
    },
  );

  it('an answer that sets a cookie (a first visit assigned its variant) is never served to anybody else', async () => {
    const url = fresh('/set-cookie');
    const first = await get(url);
    const second = await get(url);
    expect(first.headers.get('set-cookie')).toContain('abPlanPrice=');
    expect(second.headers.get('set-cookie')).toContain('abPlanPrice=');
    expect(second.headers.get('set-cookie')).not.toBe(first.headers.get('set-cookie'));
    expect(seen.filter((request) => request.url === url)).toHaveLength(2);
  });

  it('an answer naming another variant than the edge keyed (rules drifted apart) is not kept', async () => {
    const url = fresh('/drift');
    await get(url, { 'user-agent': WINDOWS });
    await get(url, { 'user-agent': WINDOWS });
    expect(seen.filter((request) => request.url === url)).toHaveLength(2);
  });

  it('passes every method but GET and HEAD, APIs and admin paths', async () => {
    for (const [method, url] of [
      ['POST', fresh('/store')],
      ['GET', fresh('/api/site/x')],
      ['GET', fresh('/admin/cache')],
      ['GET', fresh('/_data/store')],
    ] as const) {
      await fetch(`${edge}${url}`, { method });
      const again = await fetch(`${edge}${url}`, { method });
      expect([url, again.headers.get('x-cache')]).toEqual([url, 'PASS']);
    }
  });
});

describe('an instance that dies while it writes a page', () => {
  it.each([
    ['a page kept at the edge', {}],
    ['a signed-in page (passed)', { cookie: 'rk.session_token=abc' }],
  ])('%s: the visitor gets the whole page from the next try, never a cut body', async (_name, headers) => {
    const url = fresh('/dies');
    const response = await get(url, headers);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(new RegExp(`^<p>${url.replace(/[?]/g, '\\?')} .* #\\d+</p>$`));
    expect(seen.filter((request) => request.url === url)).toHaveLength(2);
  });

  it('a POST is never sent twice: its cut answer reaches the client as it is', async () => {
    const url = fresh('/dies');
    const outcome = await fetch(`${edge}${url}`, { method: 'POST', body: 'order=1' })
      .then((response) => response.text())
      .then(
        () => 'read whole',
        () => 'cut',
      );
    expect(outcome).toBe('cut');
    expect(seen.filter((request) => request.url === url)).toHaveLength(1);
  });
});

describe('purges, grace and coalescing', () => {
  it('purges by tag exactly the pages carrying it, and refuses a purge without tags', async () => {
    const landing = fresh('/store');
    const blog = fresh('/blog/post');
    await Promise.all([get(landing), get(blog)]);
    const purge = await fetch(varnish.purgeUrl, { method: 'PURGE', headers: { 'xkey-purge': 'mf-blog@1' } });
    expect(purge.status).toBe(200);
    expect(await purge.text()).toMatch(/^Invalidated [1-9]/);
    expect((await get(landing)).headers.get('x-cache')).toBe('HIT');
    expect((await get(blog)).headers.get('x-cache')).toBe('MISS');
    expect((await fetch(varnish.purgeUrl, { method: 'PURGE' })).status).toBe(400);
    // A purge sent again (by another instance) is harmless.
    expect((await fetch(varnish.purgeUrl, { method: 'PURGE', headers: { 'xkey-purge': 'mf-blog@0' } })).status).toBe(200);
  });

  it('drops every page on BAN', async () => {
    const url = fresh('/store');
    await get(url);
    expect((await fetch(varnish.purgeUrl, { method: 'BAN' })).status).toBe(200);
    expect((await get(url)).headers.get('x-cache')).toBe('MISS');
  });

  it('asks the instance once for many simultaneous requests of one page', async () => {
    const url = fresh('/slow');
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(url)));
    expect(answers.every((response) => response.status === 200)).toBe(true);
    expect(seen.filter((request) => request.url === url)).toHaveLength(1);
  });

  it('serves a page past its freshness at once while one fetch refreshes it (grace from stale-while-revalidate)', async () => {
    const url = fresh('/short');
    const first = await (await get(url)).text();
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const stale = await get(url);
    expect(stale.headers.get('x-cache')).toBe('HIT');
    expect(await stale.text()).toBe(first);
    for (let i = 0; i < 20 && seen.filter((request) => request.url === url).length < 2; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.filter((request) => request.url === url)).toHaveLength(2);
    // The instance has been asked; Varnish stores the new copy once its body has arrived.
    let refreshed = first;
    for (let i = 0; i < 20 && refreshed === first; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      refreshed = await (await get(url)).text();
    }
    expect(refreshed).not.toBe(first);
    expect(seen.filter((request) => request.url === url)).toHaveLength(2);
  });
});
