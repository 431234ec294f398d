import path from 'node:path';
import type { Config } from '@reelkeep/platform/config';
import type { Database } from '@reelkeep/platform/db';
import { createLogger, type Logger } from '@reelkeep/platform/logger';
import { isDatabaseUnavailable, openDatabase, retryWhileDatabaseUnavailable } from '@reelkeep/platform/db';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import { createOverlayRegistryStore, createRegistryStore } from '@reelkeep/platform/registry';
import { createRateLimiter, type RateLimiter } from '@reelkeep/platform/rate-limit';
import { createRedisClient } from '@reelkeep/platform/redis';
import { API_KEY_FAILURE_LIMIT, API_KEY_FAILURE_WINDOW_MS, createConsoleGuard } from '@reelkeep/platform/console-guard';
import { createMailer } from '@reelkeep/platform/mail';
import { createCaptcha } from '@reelkeep/platform/captcha';
import { createLocaleStore } from '@reelkeep/platform/locale-store';
import { createClientAddressReader } from '@reelkeep/platform/client-address';
import { createEdgePurger } from '@reelkeep/platform/edge/edge-purger';
import { createGateway, type MountedApi } from '@reelkeep/platform/gateway';
import { createSquadApiHost } from '@reelkeep/platform/squad-api-host';
import { APP_OF_SQUAD, type SquadName } from '@reelkeep/shared-contracts';
import { createErrorReporter } from './error-reporter.ts';
import { pullRelease } from '@reelkeep/platform/artifact-origin';
import { createReleasePuller, type ReleasePuller } from './releases/release-puller.ts';
import { watchReleases } from './releases/release-watcher.ts';
import { createPageCache } from './page-cache/page-cache.ts';
import { createReleaseHealth } from '@reelkeep/platform/release-health';
import { startCanarySupervisor } from '@reelkeep/platform/canary-supervisor';
import { createReleaseTextSource } from './releases/release-texts.ts';

/**
 * Before squads had state folders, the generated auth secret lay beside the database: it moves into the
 * account squad's folder once, so nobody is signed out by the upgrade.
 */
async function adoptLegacyState(stateRoot: string, dataDir: string, logger: Logger): Promise<void> {
  const legacy = path.join(dataDir, 'auth-secret');
  const target = path.join(stateRoot, 'account', 'auth-secret');
  if (
    !(await stat(legacy).then(
      () => true,
      () => false,
    )) ||
    (await stat(target).then(
      () => true,
      () => false,
    ))
  )
    return;
  await mkdir(path.dirname(target), { recursive: true });
  await rename(legacy, target);
  logger.info("generated auth secret moved into the account squad's state folder", { from: legacy, to: target });
}

/**
 * docs/operations.md "When PostgreSQL is down": the platform's migrations, before anything else uses the
 * database. A host started while PostgreSQL is away does not wait for them: it goes on starting (the registry
 * has a copy in Redis, pages that need no database can be served) and applies them as soon as PostgreSQL answers.
 * A migration that fails for another reason still fails the start.
 */
async function migratePlatform(db: Database, logger: Logger): Promise<void> {
  const migrate = () => applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
  try {
    await migrate();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    void retryWhileDatabaseUnavailable(migrate, { logger, step: 'platform migrations' }).catch((failure: unknown) =>
      logger.error('platform migrations failed', { error: failure }),
    );
  }
}

/**
 * Everything a host process runs (docs/releases.md "The host"): the database with the platform's
 * migrations, Redis when configured, the rate limits, the admin guard, mail, captcha and translations, the
 * registry, and the squads' API modules of the live releases, each with its context. The site server and a
 * squad's own API process both start from here; neither imports any squad's code.
 */
export async function startHost(config: Config) {
  const logger = createLogger(config.LOG_LEVEL);
  const reportError = await createErrorReporter(config, logger);
  // One Redis connection for the process: rate limits and the registry's fast path (docs/operations.md).
  const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, logger) : undefined;
  const limiters: RateLimiter[] = [];
  const createLimiter = (name: string, limit: number, windowMs: number) => {
    const limiter = createRateLimiter({ name, limit, windowMs, redis, logger });
    limiters.push(limiter);
    return limiter;
  };
  // docs/security.md "Client addresses": the one reader every user of the client's address calls.
  const readClientAddress = createClientAddressReader(config.TRUSTED_PROXIES);
  const stateRoot = path.join(path.dirname(config.PGLITE_DIR), 'squads');
  await adoptLegacyState(stateRoot, path.dirname(config.PGLITE_DIR), logger);
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR, logger });
  await migratePlatform(db, logger);
  // Squads call each other through the live snapshot's gateway, known once the watcher runs.
  let liveFetchApi: (path: string, init?: RequestInit) => Promise<Response> = async () => new Response(null, { status: 503 });
  // docs/console.md "The console API": API keys and console sessions, per permission, in front of every operator route.
  const consoleGuard = createConsoleGuard({
    db,
    siteUrl: config.SITE_URL,
    failures: createLimiter('api-key-auth', API_KEY_FAILURE_LIMIT, API_KEY_FAILURE_WINDOW_MS),
    fetchApi: (path, init) => liveFetchApi(path, init),
    logger,
  });
  const shared = createRegistryStore({ releasesDir: config.RELEASES_DIR, db, redis, logger });
  const overrides = config.DEV_OVERRIDES_FILE;
  const store = overrides
    ? createOverlayRegistryStore(shared, async () => JSON.parse(await readFile(overrides, 'utf8')) as Record<string, string>)
    : shared;
  // docs/i18n.md "Texts ship with their squad": each namespace from the live release that owns it, once the watcher runs.
  let findTextSource: ReturnType<typeof createReleaseTextSource> = async () => undefined;
  const locales = createLocaleStore(config.LOCALES_DIR, { findSource: (namespace) => findTextSource(namespace) });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, logger });
  // docs/operations.md "Mail": mails the relay refused, or a stopped instance left half-sent, go out from the outbox.
  mailer.start();
  const captcha = createCaptcha({ hmacKey: config.CAPTCHA_HMAC_KEY, maxNumber: config.CAPTCHA_MAX_NUMBER });

  // docs/operations.md "Page cache": this process's LRU; the edge caches in front (Varnish) share pages between instances.
  const pageCache = await createPageCache({
    ttlS: config.PAGE_CACHE_TTL_S,
    staleS: config.PAGE_CACHE_STALE_S,
    maxBytes: config.PAGE_CACHE_MAX_BYTES,
    localesDir: config.LOCALES_DIR,
    edge: createEdgePurger({ urls: config.EDGE_PURGE_URLS, logger }),
    logger,
  });
  // A starting instance may serve other translations than the pages the edges hold (a deploy): they drop them.
  void pageCache.announceLocales();

  // docs/releases.md "Health per version": renders, API calls and browser beacons per app and version, across instances.
  const releaseHealth = createReleaseHealth({ redis, logger });

  const apiHost = createSquadApiHost({
    config,
    env: process.env,
    db,
    logger,
    stateRoot,
    startTimeoutMs: config.API_TIMEOUT_MS * 3,
    services: {
      db,
      redis,
      logger,
      mailer,
      captcha,
      createRateLimiter: createLimiter,
      fetchApi: (path, init) => liveFetchApi(path, init),
      authorise: consoleGuard.authorise,
      loadTranslations: (locale, namespaces) => locales.loadResources(locale, namespaces),
    },
  });
  const releases = await watchReleases({
    store,
    releasesDir: config.RELEASES_DIR,
    staticBaseUrl: config.ASSET_ORIGIN,
    pollMs: config.REGISTRY_POLL_MS,
    logger,
    apiHost,
    createGateway: (findApi: (squad: SquadName) => MountedApi | undefined) =>
      createGateway({
        siteUrl: config.SITE_URL,
        timeoutMs: config.API_TIMEOUT_MS,
        logger,
        readClientAddress,
        reportError,
        findApi,
        recordCall: (squad, version, outcome) => {
          const app = APP_OF_SQUAD[squad];
          releaseHealth.record(app, version, 'request');
          if (outcome !== 'ok') releaseHealth.record(app, version, outcome === 'timeout' ? 'api-timeout' : 'api-error');
        },
        purgeCacheTags: async (tags) => {
          // The instance that saw the change purges this process and the edges; the others' copies age out (docs/operations.md "Page cache").
          const deleted = await pageCache.purgeTags(tags);
          logger.info('page cache: entries of changed data dropped', { tags, deleted });
        },
      }),
    onSwitch: (switched) => pageCache.forgetReleases(switched),
    pull: readArtifactOrigin(config, logger),
  });
  liveFetchApi = (path, init) => releases.current().gateway.fetchApi(path, init);
  // docs/releases.md "Canary": every instance judges the canaries from the health all instances counted.
  const canarySupervisor = startCanarySupervisor({
    store,
    health: releaseHealth,
    policy: { errorMargin: config.CANARY_ERROR_MARGIN, minRequests: config.CANARY_MIN_REQUESTS, stepMs: config.CANARY_STEP_MS },
    checkMs: config.CANARY_CHECK_MS,
    logger,
    db,
    // The verdict serves here at once; the full refresh (its checks) follows in the background.
    onChange: async () => {
      await releases.followRegistry();
      void releases.refresh().catch(() => undefined);
    },
  });

  findTextSource = createReleaseTextSource({ current: releases.current, readRecordedHash: releases.readRecordedHash, logger });
  releases.onUnload((keep) =>
    locales.forget((sourceId) => sourceId === 'folder' || keep(sourceId.slice(0, sourceId.indexOf('@')), sourceId.slice(sourceId.indexOf('@') + 1))),
  );

  return {
    logger,
    reportError,
    redis,
    db,
    consoleGuard,
    readClientAddress,
    locales,
    mailer,
    releases,
    pageCache,
    /** docs/releases.md "Health per version": what each version of each app did, counted across instances. */
    releaseHealth,
    /** The registry of live versions (the console's Releases section switches through it, as the CLI does). */
    registry: store,
    /** A limiter shared by the instances through Redis when configured (the console's sign-in). */
    createRateLimiter: createLimiter,
    /** Closes what the host opened, once the HTTP server has stopped. */
    async close(): Promise<void> {
      releases.stop();
      canarySupervisor.stop();
      // docs/adr/0016-process-rollover.md: the squads end their timers and background work while the database is still open.
      await apiHost.stop();
      await mailer.stop();
      await releaseHealth.close();
      await Promise.all([db.close(), store.close(), ...limiters.map((limiter) => limiter.close())]);
      redis?.disconnect();
    },
  };
}

/** docs/releases.md "Artifact origin": the puller of an instance whose releases come from an artifact origin, if it has one. */
function readArtifactOrigin(config: Config, logger: Logger): ReleasePuller | undefined {
  if (!config.ARTIFACT_ORIGIN) return undefined;
  const origin = { url: config.ARTIFACT_ORIGIN, credentials: config.ARTIFACT_ORIGIN_CREDENTIALS, timeoutMs: config.ARTIFACT_TIMEOUT_MS };
  return createReleasePuller({
    releasesDir: config.RELEASES_DIR,
    logger,
    retryMs: config.ARTIFACT_RETRY_MS,
    pull: (app, version) => pullRelease(origin, config.RELEASES_DIR, app, version),
  });
}

/** A running host. */
export type Host = Awaited<ReturnType<typeof startHost>>;
