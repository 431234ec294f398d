import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SquadName } from '@reelkeep/shared-contracts';
import { createClientAddressReader } from '../client-address.ts';
import { createGateway, type MountedApi } from '../gateway.ts';
import type { AnySquadApiModule, HostContext } from '../host-context.ts';
import { createLogger } from '../logger.ts';

/**
 * A real HTTP server with the host's gateway in front of some squads' API modules, each with its context:
 * for suites that test what crosses the gateway (origin checks, body limits, 503 isolation). The contexts'
 * `fetchApi` reaches the mounted squads through the same gateway.
 */
export async function startTestGateway(
  mounted: readonly { module: AnySquadApiModule; context: HostContext }[],
  options: {
    timeoutMs?: number;
    purgeCacheTags?: (tags: string[]) => Promise<void>;
    recordCall?: (squad: SquadName, version: string, outcome: 'ok' | 'error' | 'timeout') => void;
  } = {},
) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apis = new Map<SquadName, MountedApi>();
  const logLines: string[] = [];
  const gateway = createGateway({
    siteUrl: origin,
    timeoutMs: options.timeoutMs ?? 10_000,
    logger: createLogger('warn', (line) => logLines.push(line)),
    readClientAddress: createClientAddressReader([]),
    findApi: (squad) => apis.get(squad),
    purgeCacheTags: options.purgeCacheTags,
    recordCall: options.recordCall,
  });
  for (const { module, context } of mounted) {
    const site = { ...context.site, SITE_URL: origin };
    apis.set(module.squad, {
      state: 'ready',
      squad: module.squad,
      version: 'test',
      routes: module.routes,
      context: { ...context, site, fetchApi: gateway.fetchApi },
    });
  }
  server.on('request', (req, res) => {
    gateway
      .handle(req, res, new URL(req.url ?? '/', origin))
      .then((handled) => {
        if (!handled) res.writeHead(404, { 'content-type': 'application/json' }).end('{"cscode":404}');
      })
      .catch(() => res.writeHead(500).end());
  });
  return {
    origin,
    fetchApi: gateway.fetchApi,
    /** What the gateway logged (warnings and errors), one JSON line each. */
    logLines,
    /** Replaces a squad's API as a snapshot would (a failed or hanging version, for isolation tests). */
    mount: (api: MountedApi) => apis.set(api.squad, api),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
