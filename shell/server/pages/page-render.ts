import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClientAddressReader } from '@reelkeep/platform/client-address';
import type { Config } from '@reelkeep/platform/config';
import type { LocaleStore } from '@reelkeep/platform/locale-store';
import type { Logger } from '@reelkeep/platform/logger';
import type { SessionState } from '@reelkeep/shared-contracts';
import type { PageMatch, RenderBundle, RenderInput } from '../../src/render-contract.ts';
import type { PageCache } from '../page-cache/page-cache.ts';
import type { ReleaseSnapshot } from '../releases/release-snapshot.ts';
import { ANONYMOUS } from '../http/session.ts';
import { createCacheEntries } from './cache-entries.ts';
import { createDataResponder } from './data-responder.ts';
import { createDocumentResponder } from './document-responder.ts';
import { createPageRequestBuilder } from './page-request.ts';
import { createRenderInputs } from './render-input.ts';
import { createShellLoader, type LoadedShell } from './shell-loader.ts';

/** What a page request is answered with: its snapshot, its nonce, its session (read after the URL rules) and its page. */
export interface PageTarget {
  req: IncomingMessage;
  url: URL;
  snapshot: ReleaseSnapshot;
  nonce: string;
  session: SessionState;
  /** The page the shell release's page gate matched: handed to assignment, the cache and the render as it is. */
  page: PageMatch;
}

/**
 * Renders pages and answers client-navigation data requests with the shell's render bundle, through the page
 * cache where the request may use it (docs/operations.md "Page cache"). Each request becomes one `PageRequest`
 * (page-request.ts) that the document, data and error responders share. A cacheable page renders with only
 * what its key covers: the URL without tracking parameters, no cookie but the price variant, no session.
 */
export function createPageRenderer(deps: {
  config: Config;
  logger: Logger;
  locales: LocaleStore;
  reportError: RenderInput['reportError'];
  cache: PageCache;
  /** The client's address behind trusted proxies (docs/security.md "Client addresses"): experiments by address, squads' limits. */
  readClientAddress: ClientAddressReader;
  /** The version of each app live now (a page entry must name only these). */
  liveVersions: () => Partial<Record<string, string>>;
  /** Experiments opened or closed in the console (docs/experiments.md "Opening and closing"); the price experiment stays AB_PLAN_PRICE_OPEN's. */
  experimentSwitches?: () => Readonly<Record<string, boolean>>;
  /** Counts a page render of a version, failed or not (docs/releases.md "Health per version"). */
  recordRender?: (app: string, version: string, failed: boolean) => void;
}) {
  const { config, cache } = deps;
  const loadShell = createShellLoader(config.ASSET_ORIGIN);
  const requests = createPageRequestBuilder(deps);
  const inputs = createRenderInputs(deps);
  const entries = createCacheEntries(deps);
  const respondWithDocument = createDocumentResponder({ config, cache, inputs, entries });
  const respondWithData = createDataResponder({ config, cache, inputs, entries });

  const requireShell = async (snapshot: ReleaseSnapshot): Promise<LoadedShell> => {
    if (!snapshot.shell) throw new Error('no shell release is live');
    return loadShell(snapshot.shell);
  };
  const buildPageRequest = async (res: ServerResponse, target: PageTarget, path: string) =>
    requests.build(res, { ...target, path, shell: await requireShell(target.snapshot) });

  return {
    /** The render bundle of the snapshot's shell version (its page gate, sitemaps, robots.txt). */
    async loadBundle(snapshot: ReleaseSnapshot): Promise<RenderBundle> {
      return (await requireShell(snapshot)).bundle;
    },

    /** Marks an answer that went past the cache (a URL rule's redirect): `x-cache: BYPASS`, counted. */
    markBypass: entries.markBypass,

    /** A page: from the cache when the request may use it (`x-cache` says how), else rendered for the visitor. */
    async renderDocument(res: ServerResponse, target: PageTarget) {
      return respondWithDocument(await buildPageRequest(res, target, target.url.pathname), res);
    },

    /** A client navigation's data (`/_data/<path>`), `target.snapshot` pinned to the versions its page names. */
    async sendPageData(res: ServerResponse, target: PageTarget): Promise<void> {
      return respondWithData(await buildPageRequest(res, target, `/_data${target.url.pathname}`), res);
    },

    /** The localised error page (404, 500); the caller falls back to a plain message if this fails too. */
    async renderErrorDocument(res: ServerResponse, target: Omit<PageTarget, 'session' | 'page'>, status: number): Promise<void> {
      const shell = await requireShell(target.snapshot);
      const variant = requests.assignVariant(shell, target.req, target.url, null);
      const input = inputs.buildForError({ ...target, shell, variant, session: ANONYMOUS });
      const outcome = await shell.bundle.renderErrorDocument(input, status);
      entries.markBypass(res, 'error-page');
      res.statusCode = outcome.status;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      await outcome.pipe(res);
    },

    /** Health of each live remote: whether its server container loads and honours the contract. */
    async probeRemotes(snapshot: ReleaseSnapshot) {
      if (!snapshot.shell) return [];
      const { bundle } = await loadShell(snapshot.shell);
      return Promise.all(snapshot.remotes.map((remote) => bundle.probeRemote(remote, config.REMOTE_LOAD_TIMEOUT_MS)));
    },
  };
}

/** The page renderer the request handler answers pages with. */
export type PageRenderer = ReturnType<typeof createPageRenderer>;
