import { createServer } from 'node:http';
import { createRequestHandler } from './app.ts';
import { createPageRenderer } from './page-render.ts';
import { loadConfigOrExit, startHost } from './host.ts';
import { listLiveVersions } from './release-snapshot.ts';

/** How long in-flight requests may take to finish on SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The site server (README "Architecture"): the host, serving pages with the live shell release and the
 * squads' APIs with their live releases; it imports no squad's code and picks up every promotion and
 * rollback without a restart.
 */
const config = loadConfigOrExit();
const host = await startHost(config);
if (!host.releases.current().shell) {
  host.logger.error('no shell release is live: run `npm run build` first');
  process.exit(1);
}
const pages = createPageRenderer({
  config,
  logger: host.logger,
  locales: host.locales,
  reportError: host.reportError,
  cache: host.pageCache,
  liveVersions: () => listLiveVersions(host.releases.current()),
});
const server = createServer(createRequestHandler({ config, host, pages }));
server.keepAliveTimeout = 65_000;

server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  host.logger.info('shell server listening', {
    url: `http://localhost:${port}`,
    database: host.db.kind,
    registry: `${host.db.kind === 'postgres' ? 'postgres' : 'file'}${host.redis ? ' + redis' : ''}`,
  });
});

const shutdown = (signal: string) => {
  host.logger.info('shutting down', { signal });
  server.close(() => {
    void host.close().finally(() => process.exit(0));
  });
  // In-flight requests finish; idle keep-alive sockets close now, the rest after a grace period.
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
};
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
