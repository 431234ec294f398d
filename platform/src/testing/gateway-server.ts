import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mountSquadApis } from '../gateway.ts';
import type { PluginContext, ServerPlugin } from '../server-plugin.ts';

/** A real HTTP server in front of some plugins, as the shell server mounts them: for suites that test what crosses the gateway. */
export async function startTestGateway(plugins: readonly ServerPlugin[], context: Omit<PluginContext, 'fetchApi'>) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = { ...context.config, SITE_URL: origin };
  const apis = mountSquadApis(plugins, config, { ...context, config });
  server.on('request', (req, res) => {
    apis
      .handle(req, res, new URL(req.url ?? '/', origin))
      .then((handled) => {
        if (!handled) res.writeHead(404, { 'content-type': 'application/json' }).end('{"cscode":404}');
      })
      .catch(() => res.writeHead(500).end());
  });
  return {
    origin,
    fetchApi: apis.fetchApi,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
