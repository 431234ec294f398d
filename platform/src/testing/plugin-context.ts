import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { createMailer } from '../mail.ts';
import { createCaptcha } from '../captcha.ts';
import { createRateLimiter } from '../rate-limit.ts';
import type { Database } from '../db/database.ts';
import { toAdminCheck, type PluginContext } from '../server-plugin.ts';
import { createAdminGuard } from '../request-guards.ts';

/**
 * What the shell server hands a plugin, for a suite: the real database, mailer (outbox), captcha and
 * in-process limiters, configuration from `env`, and the other squads as the suite answers them.
 */
export function createTestPluginContext(db: Database, options: { env?: Record<string, string>; fetchApi?: PluginContext['fetchApi'] } = {}): PluginContext {
  const config = loadConfig(options.env ?? {});
  return {
    db,
    config,
    logger: createLogger('error'),
    mailer: createMailer({ from: config.MAIL_FROM, db }),
    captcha: createCaptcha({}),
    createRateLimiter: (name, limit, windowMs) => createRateLimiter({ name, limit, windowMs }),
    fetchApi: options.fetchApi ?? (async () => new Response(null, { status: 404 })),
    authoriseAdmin: toAdminCheck(createAdminGuard({ token: config.ADMIN_TOKEN, failures: createRateLimiter({ name: 'admin-auth', limit: 10, windowMs: 600_000 }) })),
  };
}
