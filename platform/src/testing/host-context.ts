import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_OF_SQUAD, CONTRACT_VERSION, type Locale } from '@reelkeep/shared-contracts';
import { loadConfig, parseSquadSettings, toSiteConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { createMailer } from '../mail.ts';
import { createCaptcha } from '../captcha.ts';
import { createRateLimiter } from '../rate-limit.ts';
import { createConsoleGuard } from '../console-guard.ts';
import type { Database } from '../db/database.ts';
import type { HostContext, SquadApiModule } from '../host-context.ts';
import { createLocaleStore } from '../locale-store.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');

/**
 * What the host hands a squad's API module, for a suite: the real database, mailer (outbox), captcha,
 * in-process limiters and translations; the site configuration and the squad's settings read from `env`
 * with the module's own schema; the other squads as the suite answers them.
 */
export function createTestHostContext<Settings>(
  db: Database,
  options: { module: SquadApiModule<Settings>; env?: Record<string, string>; fetchApi?: HostContext['fetchApi']; releaseDir?: string },
): HostContext<Settings> {
  const env = options.env ?? {};
  const config = loadConfig(env);
  const locales = createLocaleStore(path.join(ROOT_DIR, 'locales'));
  return {
    squad: options.module.squad,
    contractVersion: CONTRACT_VERSION,
    settings: parseSquadSettings(options.module.squad, options.module.settings, env),
    site: toSiteConfig(config),
    db,
    logger: createLogger('error'),
    mailer: createMailer({ from: config.MAIL_FROM, db }),
    captcha: createCaptcha({}),
    createRateLimiter: (name, limit, windowMs) => createRateLimiter({ name, limit, windowMs }),
    fetchApi: options.fetchApi ?? (async () => new Response(null, { status: 404 })),
    authorise: createConsoleGuard({
      db,
      siteUrl: config.SITE_URL,
      failures: createRateLimiter({ name: 'api-key-auth', limit: 10, windowMs: 600_000 }),
      fetchApi: options.fetchApi,
    }).authorise,
    loadTranslations: (locale: Locale, namespaces: readonly string[]) => locales.loadResources(locale, namespaces),
    keyedHash: (value) => createHmac('sha256', 'test-host-key').update(`${options.module.squad}:${value}`).digest('base64url'),
    stateDir: mkdtempSync(path.join(tmpdir(), `state-${options.module.squad}-`)),
    releaseDir: options.releaseDir ?? path.join(ROOT_DIR, APP_OF_SQUAD[options.module.squad]),
  };
}
