import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Config } from '@reelkeep/platform/config';
import type { PageOutcome } from '../../src/render-contract.ts';
import type { PageCache, Rendition } from '../page-cache/page-cache.ts';
import type { PageCacheEntry } from '../page-cache/page-cache-store.ts';
import { buildCacheControl, type CacheDecision } from '../page-cache/page-cache-rules.ts';
import type { CacheEntries } from './cache-entries.ts';
import type { PageRequest } from './page-request.ts';
import { watchPrivacy, type RenderInputs } from './render-input.ts';
import { compressFor, sendBody, toSameSiteLocation } from './response-body.ts';

/** What a request rendered itself, when the cache did not keep it: a redirect of its loader, or a body. */
type RenderedAnswer = { kind: 'redirect'; status: number; location: string } | { kind: 'page'; status: number; body: string };

/** The whole document of a rendered page, as text (the bundle renders it whole before writing: nothing streams). */
async function collectDocument(outcome: PageOutcome): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await outcome.pipe(sink);
  await finished(sink);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The page responder (docs/architecture.md "Request path"): a cacheable page from the cache or rendered into
 * it (`x-cache` says how), any other page rendered for the visitor and written as the bundle renders it, whole.
 */
export function createDocumentResponder(deps: { config: Config; cache: PageCache; inputs: RenderInputs; entries: CacheEntries }) {
  const { config, cache, inputs, entries } = deps;
  const noStore = buildCacheControl(false, cache.ttlS, cache.staleS);

  /** Sends what a request rendered itself and the cache did not keep. */
  const sendRendered = async (page: PageRequest, res: ServerResponse, answer: RenderedAnswer) => {
    res.setHeader('x-cache', 'MISS');
    res.setHeader('cache-control', noStore);
    res.statusCode = answer.status;
    if (answer.kind === 'redirect') {
      res.setHeader('location', toSameSiteLocation(answer.location, config.SITE_URL));
      return void res.end();
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (answer.status === 503) res.setHeader('retry-after', '30');
    await sendBody(page.req, res, answer.body);
  };

  /** Renders a cacheable page for nobody in particular into an entry (or why not) and the rendering request's answer. */
  const renderForCache = async (page: PageRequest, decision: Extract<CacheDecision, { kind: 'cacheable' }>): Promise<Rendition<RenderedAnswer>> => {
    const watched = watchPrivacy(page.snapshot.gateway.fetchApi);
    const health = inputs.watchRender(page);
    const url = new URL(decision.renderPath, config.SITE_URL);
    const outcome = await page.shell.bundle.renderDocument(
      inputs.build(page, { keyed: true, url, fetchApi: watched.fetchApi, reportError: health.reportError }),
    );
    if (outcome.kind === 'redirect') return { entry: null, answer: { kind: 'redirect', status: outcome.status, location: outcome.location } };
    const body = await collectDocument(outcome);
    health.finish(outcome.status);
    const entry = entries.toEntry(page, decision, {
      kind: 'document',
      body,
      status: outcome.status,
      nonce: page.nonce,
      readPrivateAnswer: watched.seen.privateAnswer,
      dataTags: watched.seen.dataTags,
    });
    return { entry, answer: { kind: 'page', status: outcome.status, body } };
  };

  /** Renders the page for this visitor alone (signed in, a cookie set, an uncached route) and writes it, compressed. */
  const renderForVisitor = async (page: PageRequest, res: ServerResponse): Promise<void> => {
    const health = inputs.watchRender(page);
    const outcome = await page.shell.bundle.renderDocument(inputs.build(page, { keyed: false, reportError: health.reportError }));
    if (outcome.kind === 'redirect') {
      res.statusCode = outcome.status;
      res.setHeader('location', toSameSiteLocation(outcome.location, config.SITE_URL));
      res.setHeader('cache-control', 'no-store');
      return void res.end();
    }
    res.statusCode = outcome.status;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', noStore);
    if (outcome.status === 503) res.setHeader('retry-after', '30');
    const sink = page.req.method === 'HEAD' ? new Writable({ write: (_chunk, _encoding, callback) => callback() }) : compressFor(page.req, res);
    await outcome.pipe(sink);
    health.finish(outcome.status);
    if (page.req.method === 'HEAD') res.end();
  };

  /** Answers a page request; resolves with the cache entry it was sent from, if any. */
  return async (page: PageRequest, res: ServerResponse): Promise<PageCacheEntry | undefined> => {
    const decision = page.cache;
    if (decision.kind === 'bypass') {
      entries.markBypass(res, decision.reason);
      return void (await renderForVisitor(page, res));
    }
    const served = await cache.serve(decision.key, { isLive: entries.isLiveFor(page), render: () => renderForCache(page, decision) });
    if (served.status !== 'MISS') inputs.recordServed(page, decision.remote);
    if (served.entry === null) return void (await sendRendered(page, res, served.answer));
    await entries.send(page, res, served.entry, served.status);
    return served.entry;
  };
}
