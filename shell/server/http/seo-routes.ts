import type { RenderBundle } from '../../src/render-contract.ts';
import type { ReleaseSnapshot } from '../releases/release-snapshot.ts';
import { sendJson } from './json-response.ts';
import { isReadMethod, type HostRoute } from './host-route.ts';

/** `robots.txt` and the sitemaps, from the render bundle of the request's shell release (docs/routing.md). */
export function createSeoRoutes(deps: { siteUrl: string; loadBundle: (snapshot: ReleaseSnapshot) => Promise<RenderBundle> }): HostRoute[] {
  return [
    {
      name: 'robots.txt',
      answer: async ({ res, url, snapshot }) => {
        if (url.pathname !== '/robots.txt') return false;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.setHeader('cache-control', 'public, max-age=3600');
        res.end((await deps.loadBundle(snapshot)).renderRobots(deps.siteUrl));
        return true;
      },
    },
    {
      name: 'sitemaps',
      answer: async ({ res, url, method, snapshot }) => {
        const name = url.pathname === '/sitemap.xml' ? 'index' : /^\/sitemaps\/([a-z]+)\.xml$/.exec(url.pathname)?.[1];
        if (!name || !isReadMethod(method)) return false;
        const xml = await (await deps.loadBundle(snapshot)).readSitemap(name, deps.siteUrl, snapshot.gateway.fetchApi);
        if (!xml) {
          sendJson(res, 404, { error: 'not found' });
          return true;
        }
        res.setHeader('content-type', 'application/xml; charset=utf-8');
        res.setHeader('cache-control', 'public, max-age=600');
        res.end(method === 'HEAD' ? undefined : xml);
        return true;
      },
    },
  ];
}
