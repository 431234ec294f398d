import type { ServerResponse } from 'node:http';
import type { Config } from '@reelkeep/platform/config';
import type { DataOutcome } from '../../src/render-contract.ts';
import type { PageCache } from '../page-cache/page-cache.ts';
import type { CacheEntries } from './cache-entries.ts';
import type { PageRequest } from './page-request.ts';
import { watchPrivacy, type RenderInputs } from './render-input.ts';
import { toSameSiteLocation } from './response-body.ts';

/**
 * The client-navigation responder (`/_data/<path>`, docs/architecture.md "Request path"): the page's data as
 * JSON, with the snapshot pinned to the versions the page names; from the cache for anonymous visitors, as pages are.
 */
export function createDataResponder(deps: { config: Config; cache: PageCache; inputs: RenderInputs; entries: CacheEntries }) {
  const { config, cache, inputs, entries } = deps;
  const toBody = (outcome: DataOutcome) =>
    JSON.stringify(outcome.kind === 'redirect' ? { redirect: toSameSiteLocation(outcome.location, config.SITE_URL) } : { payload: outcome.payload });
  const send = (res: ServerResponse, body: string) => {
    res.statusCode = 200;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(body);
  };

  return async (page: PageRequest, res: ServerResponse): Promise<void> => {
    const decision = page.cache;
    if (decision.kind === 'bypass') {
      entries.markBypass(res, decision.reason);
      return send(res, toBody(await page.shell.bundle.loadPageData(inputs.build(page, { keyed: false, nonce: '' }))));
    }
    const served = await cache.serve(decision.key, {
      isLive: entries.isLiveFor(page, true),
      render: async () => {
        const watched = watchPrivacy(page.snapshot.gateway.fetchApi);
        const url = new URL(decision.renderPath, config.SITE_URL);
        const outcome = await page.shell.bundle.loadPageData(inputs.build(page, { keyed: true, url, nonce: '', fetchApi: watched.fetchApi }));
        const body = toBody(outcome);
        const entry = entries.toEntry(page, decision, {
          kind: 'data',
          body,
          status: outcome.kind === 'data' ? outcome.payload.status : 303,
          nonce: '',
          readPrivateAnswer: watched.seen.privateAnswer,
          dataTags: watched.seen.dataTags,
        });
        return { entry, answer: body };
      },
    });
    if (served.entry) return entries.send(page, res, served.entry, served.status);
    res.setHeader('x-cache', 'MISS');
    send(res, served.answer);
  };
}
