import path from 'node:path';
import { z } from 'zod';

const ROOT_DIR = path.resolve(import.meta.dirname, '../..');

const optionalUrl = z.url().optional();
const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every environment variable the servers read, declared once (README "Configuration" lists them). */
export const configSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SITE_URL: z.url().default('http://localhost:3000'),
  RELEASES_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'releases')),
  LOCALES_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'locales')),
  STATIC_BASE_URL: z.string().default(''),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  PGLITE_DIR: z.string().min(1).default(path.join(ROOT_DIR, '.data', 'pglite')),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  REGISTRY_POLL_MS: milliseconds(1000),
  REMOTE_LOAD_TIMEOUT_MS: milliseconds(3000),
  RENDER_TIMEOUT_MS: milliseconds(10_000),
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  COMPANY_NAME: z.string().min(1).default('ReelKeep Software Ltd.'),
  CONTACT_EMAIL: z.email().default('support@reelkeep.com'),
  DOWNLOAD_BASE_URL: z.url().default('https://download.reelkeep.com/'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('ReelKeep <no-reply@reelkeep.com>'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CAPTCHA_HMAC_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  CATALOGUE_ADULT_ENABLED: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
  ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  GOOGLE_CLIENT_ID: z.string().regex(/^[\w.-]{8,200}$/, 'must be an OAuth client id').optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_GSI_URL: z.url().default('https://accounts.google.com/gsi/client'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w{8,}$/, 'must be a Stripe secret key (sk_…)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w{8,}$/, 'must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w{8,}$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  STRIPE_API_URL: optionalUrl,
  AB_PLAN_PRICE_OPEN: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  LICENCE_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  LICENCE_MAX_DEACTIVATIONS: z.coerce.number().int().positive().default(5),
  ORDER_TTL_MIN: z.coerce.number().int().positive().default(24 * 60),
  NEWSLETTER_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  TRACKING_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  TRACKING_SESSION_MIN: z.coerce.number().int().positive().default(30),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  SENTRY_DSN: optionalUrl,
  LANDING_API_URL: optionalUrl,
  CHECKOUT_API_URL: optionalUrl,
  ACCOUNT_API_URL: optionalUrl,
  BLOG_API_URL: optionalUrl,
  CAMPAIGN_API_URL: optionalUrl,
}).superRefine((config, issues) => {
  if (config.PAYMENT_PROVIDER !== 'stripe') return;
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!config[name]) issues.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENT_PROVIDER is stripe' });
  }
});

/** The validated configuration. */
export type Config = z.infer<typeof configSchema>;

/** Thrown when the environment holds a bad value; the message names every offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration from an environment (process.env by default). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
