import type { Logger } from '@reelkeep/platform/logger';
import { REMOTE_VERSIONS_HEADER, type SessionState } from '@reelkeep/shared-contracts';
import type { HostRequest, HostRoute } from '../http/host-route.ts';
import { sendJson } from '../http/json-response.ts';
import { createRequestSession } from '../http/session.ts';
import type { ReleaseSnapshot } from '../releases/release-snapshot.ts';
import type { PageRenderer } from './page-render.ts';

/**
 * The page routes, the table's last (docs/architecture.md "Request path"): a client navigation's data
 * (`GET /_data/<path>`) and the pages. For both, the shell release's URL rules run first; the session is read
 * only when a page passes them, and only when the request carries the session cookie (http/session.ts).
 */
export function createPageRoutes(deps: {
  siteUrl: string;
  logger: Logger;
  pages: PageRenderer;
  readSession: (cookieHeader: string | undefined) => Promise<SessionState>;
  /** The snapshot pinned to the versions a navigating page names (`x-remote-versions`), else the request's. */
  pinSnapshot: (versions: string | undefined, snapshot: ReleaseSnapshot) => Promise<ReleaseSnapshot>;
}): HostRoute[] {
  const { pages } = deps;
  /** The URL rules and account guards for the page `pageUrl` names, the session read lazily for them and the render. */
  const decide = async ({ req, snapshot }: HostRequest, pageUrl: string) => {
    const session = createRequestSession(() => deps.readSession(req.headers.cookie));
    const bundle = await pages.loadBundle(snapshot);
    const gate = await bundle.decidePageRequest({ url: pageUrl, headers: req.headers }, deps.siteUrl, async () => (await session()).signedIn);
    return { gate, session };
  };

  return [
    {
      name: 'page data',
      answer: async (request) => {
        const { req, res, url, method, snapshot } = request;
        if (!url.pathname.startsWith('/_data/') || method !== 'GET') return false;
        const pagePath = (req.url ?? '').slice('/_data'.length);
        const { gate, session } = await decide(request, pagePath);
        if (gate.kind === 'redirect') {
          pages.markBypass(res, 'url-rule');
          sendJson(res, 200, { redirect: gate.location });
          return true;
        }
        const versions = req.headers[REMOTE_VERSIONS_HEADER];
        const pinned = await deps.pinSnapshot(typeof versions === 'string' ? versions : undefined, snapshot);
        // A page not found is answered as data too (its gate's page has no route: the 404), even one no URL can read.
        const pageUrl = URL.canParse(pagePath, deps.siteUrl) ? new URL(pagePath, deps.siteUrl) : url;
        const target = { req, url: pageUrl, snapshot: pinned, nonce: request.nonce, session: await session(), page: gate.page };
        await pages.sendPageData(res, target);
        return true;
      },
    },
    {
      name: 'pages',
      answer: async (request) => {
        const { req, res, url, method } = request;
        if (method !== 'GET' && method !== 'HEAD') {
          res.setHeader('allow', 'GET, HEAD');
          sendJson(res, 405, { error: 'method not allowed' });
          return true;
        }
        const { gate, session } = await decide(request, req.url ?? '/');
        for (const [name, value] of Object.entries(gate.headers)) res.setHeader(name, value);
        if (gate.kind === 'redirect') {
          pages.markBypass(res, 'url-rule');
          res.statusCode = gate.status;
          res.setHeader('location', gate.location);
          res.setHeader('cache-control', gate.status === 301 ? 'public, max-age=3600' : 'no-store');
          res.end();
          return true;
        }
        if (gate.kind === 'not-found') {
          deps.logger.info('not found by URL rules', { path: url.pathname.slice(0, 200), reason: gate.reason });
          await pages.renderErrorDocument(res, request, 404);
          return true;
        }
        await pages.renderDocument(res, { ...request, session: await session(), page: gate.page });
        return true;
      },
    },
  ];
}
