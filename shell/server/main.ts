import { createServer } from 'node:http';
import { ConfigError, loadConfig } from '@reelkeep/platform/config';
import { createLogger } from '@reelkeep/platform/logger';
import { openDatabase } from '@reelkeep/platform/db';
import { applyMigrations } from '@reelkeep/platform/migrations';
import { createRegistryStore } from '@reelkeep/platform/registry';
import { plugin as landingPlugin } from '@reelkeep/mf-landing/server';
import { plugin as checkoutPlugin } from '@reelkeep/mf-checkout/server';
import { plugin as accountPlugin } from '@reelkeep/mf-account/server';
import { plugin as blogPlugin } from '@reelkeep/mf-blog/server';
import { plugin as campaignPlugin } from '@reelkeep/mf-campaign/server';
import { createRequestHandler } from './app.ts';
import { createLocaleStore } from './locale-store.ts';
import { createPageRenderer } from './page-render.ts';
import { watchReleases } from './release-snapshot.ts';
import { mountSquadApis } from '@reelkeep/platform/gateway';
import { createErrorReporter } from './error-reporter.ts';
import { createFrameDataLoader } from './frame-data.ts';
import { createSitePlugin } from './newsletter.ts';
import { createRateLimiter } from '@reelkeep/platform/rate-limit';
import { createRedisClient } from '@reelkeep/platform/redis';
import { createAdminGuard } from '@reelkeep/platform/request-guards';
import { toAdminCheck } from '@reelkeep/platform/server-plugin';
import { createMailer } from '@reelkeep/platform/mail';
import { createCaptcha } from '@reelkeep/platform/captcha';
import { PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';

/** spec §7 newsletter: NEWSLETTER_RATE_LIMIT sign-ups per address in this window. */
const NEWSLETTER_WINDOW_MS = 10 * 60_000;
/** TRACKING_RATE_LIMIT events per address in this window. */
const TRACKING_WINDOW_MS = 60_000;
/** docs/security.md "Admin": wrong admin tokens one client address may send in this window. */
const ADMIN_FAILURE_LIMIT = 10;
const ADMIN_FAILURE_WINDOW_MS = 10 * 60_000;
/** How long in-flight requests may take to finish on SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config.LOG_LEVEL);
const reportError = await createErrorReporter(config, logger);

// One Redis connection for the process: rate limits and the registry's fast path (docs/operations.md).
const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, logger) : undefined;
const limiters: ReturnType<typeof createRateLimiter>[] = [];
const createLimiter = (name: string, limit: number, windowMs: number) => {
  const limiter = createRateLimiter({ name, limit, windowMs, redis, logger });
  limiters.push(limiter);
  return limiter;
};
const newsletterLimiter = createLimiter('newsletter', config.NEWSLETTER_RATE_LIMIT, NEWSLETTER_WINDOW_MS);
const trackingLimiter = createLimiter('tracking', config.TRACKING_RATE_LIMIT, TRACKING_WINDOW_MS);
const adminGuard = createAdminGuard({ token: config.ADMIN_TOKEN, failures: createLimiter('admin-auth', ADMIN_FAILURE_LIMIT, ADMIN_FAILURE_WINDOW_MS) });
const PLUGINS = [createSitePlugin(newsletterLimiter, { limiter: trackingLimiter, sessionMs: config.TRACKING_SESSION_MIN * 60_000 }), landingPlugin, checkoutPlugin, accountPlugin, blogPlugin, campaignPlugin];

const db = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
for (const plugin of PLUGINS) {
  const applied = await applyMigrations(db, plugin.squad, plugin.migrationsDir);
  if (applied.length > 0) logger.info('migrations applied', { squad: plugin.squad, applied });
}

const store = createRegistryStore({ releasesDir: config.RELEASES_DIR, db, redis, logger });
const releases = await watchReleases({ store, releasesDir: config.RELEASES_DIR, staticBaseUrl: config.STATIC_BASE_URL, pollMs: config.REGISTRY_POLL_MS, logger });
if (!releases.current().shell) {
  logger.error('no shell release is live: run `npm run build` first');
  process.exit(1);
}

const locales = createLocaleStore(config.LOCALES_DIR);
const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db });
const captcha = createCaptcha({ hmacKey: config.CAPTCHA_HMAC_KEY });
const apis = mountSquadApis(PLUGINS, config, { db, config, logger, mailer, captcha, createRateLimiter: createLimiter, authoriseAdmin: toAdminCheck(adminGuard) });
const loadFrameData = createFrameDataLoader(apis.fetchApi, config.SITE_URL, logger);
const pages = createPageRenderer({ config, logger, locales, fetchApi: apis.fetchApi, loadFrameData, reportError });
const server = createServer(createRequestHandler({ config, logger, releases, locales, pages, apis, mailer, adminGuard }));
server.keepAliveTimeout = 65_000;

server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info('shell server listening', { url: `http://localhost:${port}`, database: db.kind, registry: `${db.kind === 'postgres' ? 'postgres' : 'file'}${redis ? ' + redis' : ''}` });
});

const shutdown = (signal: string) => {
  logger.info('shutting down', { signal });
  releases.stop();
  server.close(() => {
    void Promise.all([db.close(), store.close(), ...limiters.map((limiter) => limiter.close())]).finally(() => {
      redis?.disconnect();
      process.exit(0);
    });
  });
  // In-flight requests finish; idle keep-alive sockets close now, the rest after a grace period.
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
};
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
