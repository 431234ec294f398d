import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from '@reelkeep/platform/config';
import { EmbeddedDatabaseInUseError } from '@reelkeep/platform/db';
import { createLogger } from '@reelkeep/platform/logger';
import { describeListenFailure } from '@reelkeep/platform/network-problems';
import { planWorkers, RELEASE_SWITCHED_MESSAGE, superviseWorkers } from './workers.ts';
import { CLOSE_IDLE_AFTER_MS, watchConnections } from './http/graceful-close.ts';
import { createExperimentSwitchReader } from './pages/experiment-switches.ts';

/** How long in-flight requests may take to finish on SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The configuration, or exit code 1 with a message naming each bad variable. */
function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfigOrExit();
const plan = planWorkers(config.WEB_CONCURRENCY, Boolean(config.DATABASE_URL));

/**
 * The site server (docs/architecture.md "Architecture"): the host, serving pages with the live shell release and the
 * squads' APIs with their live releases; it imports no squad's code and picks up every promotion and
 * rollback without a restart. With `WEB_CONCURRENCY` above 1 (and PostgreSQL), this process only supervises
 * that many workers, each a whole host on the same port (docs/operations.md "Worker processes").
 */
async function serve(): Promise<void> {
  // Loaded here, not at the top: a supervising primary never runs a host, and stays small without its code.
  const [{ createSiteServer }, { createPageRenderer }, { startHost }, { listLiveVersions }] = await Promise.all([
    import('./app.ts'),
    import('./pages/page-render.ts'),
    import('./host.ts'),
    import('./releases/release-snapshot.ts'),
  ]);
  const host = await startHost(config).catch((error: unknown) => {
    // A second site on the same embedded database is an operator's mistake, not a crash: one line, exit 1.
    if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
    createLogger(config.LOG_LEVEL).error(error.message);
    process.exit(1);
  });
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
    readClientAddress: host.readClientAddress,
    liveVersions: () => listLiveVersions(host.releases.current()),
    experimentSwitches: createExperimentSwitchReader(host.db, host.logger).current,
    recordRender: (app, version, failed) => {
      host.releaseHealth.record(app, version, 'request');
      if (failed) host.releaseHealth.record(app, version, 'render-error');
    },
  });
  const site = createSiteServer({ config, host, pages });
  const { server } = site;
  // Watched from the start, so that a shutdown knows which connections are silent and which answer (graceful-close.ts).
  const graceful = watchConnections(server);
  // docs/adr/0016-process-rollover.md: a supervised worker keeps serving the new releases at once, and tells the
  // primary, which replaces it by a worker started on them (the versions it no longer serves leave with it).
  if (cluster.isWorker) host.releases.onSwitched(() => process.send?.({ type: RELEASE_SWITCHED_MESSAGE }));

  // A port in use (or not ours to take) is an operator's mistake, not a crash: one line, exit 1.
  const refuseToStart = (error: Error) => {
    host.logger.error(describeListenFailure(error, config.HOST, config.PORT));
    process.exit(1);
  };
  server.once('error', refuseToStart);
  server.listen(config.PORT, config.HOST, () => {
    server.off('error', refuseToStart);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    host.logger.info('shell server listening', {
      url: `http://localhost:${port}`,
      database: host.db.kind,
      registry: `${host.db.kind === 'postgres' ? 'postgres' : 'file'}${host.redis ? ' + redis' : ''}`,
      // docs/console.md "The first owner": where operators work, and how the first one gets in.
      console: new URL('/console', config.SITE_URL).href,
      consoleOwner: 'npm run console:owner -- <email of a registered account> (with the site stopped)',
      ...(cluster.isWorker ? { worker: cluster.worker?.id } : {}),
    });
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    // A terminal's Ctrl-C reaches a worker twice (from the terminal and from the primary): one shutdown.
    if (stopping) return;
    stopping = true;
    host.logger.info('shutting down', { signal });
    // In-flight requests finish and kept-alive connections close after their next answer; the rest after a grace period.
    void graceful
      .close({ idleMs: CLOSE_IDLE_AFTER_MS, graceMs: SHUTDOWN_GRACE_MS })
      .then((report) => {
        // What the drain did, so that a lost request is never a mystery: `npm run bench:memory` reads these lines.
        const fields = { pid: process.pid, inFlightAtClose: report.inFlightAtClose, answered: report.answered, idleClosed: report.idleClosed };
        if (report.cut.length > 0) host.logger.warn('connections cut at the end of the shutdown grace', { ...fields, cut: report.cut });
        else host.logger.info('connections drained', fields);
      })
      .then(() => host.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

if (cluster.isPrimary && plan.workers > 1) {
  superviseWorkers({
    workers: plan.workers,
    logger: createLogger(config.LOG_LEVEL),
    graceMs: SHUTDOWN_GRACE_MS,
    heap: { maxOldSpaceMb: config.WORKER_MAX_OLD_SPACE_MB, maxSemiSpaceMb: config.WORKER_MAX_SEMI_SPACE_MB },
  });
} else {
  if (plan.reducedBecause === 'embedded-database')
    createLogger(config.LOG_LEVEL).warn('WEB_CONCURRENCY needs DATABASE_URL (the embedded database belongs to one process): one process', {
      requested: config.WEB_CONCURRENCY,
    });
  await serve();
}
