import path from 'node:path';
import { z } from 'zod';
import { checkTrustedProxies, parseTrustedProxies } from './client-address.ts';
import type { SiteConfig } from './host-context.ts';

const ROOT_DIR = path.resolve(import.meta.dirname, '../..');

const optionalUrl = z.url().optional();
const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * The host's environment variables (docs/configuration.md "Configuration"). A squad's own variables (payment keys, sign-in
 * providers, its rate limits) are declared by the squad's API module and parsed by the host for that squad
 * only (`parseSquadSettings`): the host never reads them itself.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SITE_URL: z.url().default('http://localhost:3000'),
  RELEASES_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'releases')),
  LOCALES_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'locales')),
  /**
   * docs/releases.md "Artifact origin": where browsers fetch `/static/<app>/<version>/…` (the artifact origin or a
   * CDN in front of it); empty, each instance serves them itself.
   */
  ASSET_ORIGIN: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ })])
    .default('')
    .transform((value) => value.replace(/\/+$/, '')),
  /** docs/releases.md "Artifact origin": where instances pull the releases they lack, and release commands publish. */
  ARTIFACT_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((value) => value?.replace(/\/+$/, '')),
  /** `user:password` for the artifact origin: a reader's on the instances, a publisher's where releases are published. */
  ARTIFACT_ORIGIN_CREDENTIALS: z
    .string()
    .regex(/^[^:]+:.+$/, 'must be user:password')
    .optional(),
  /** A version the artifact origin could not give is asked for again after this long. */
  ARTIFACT_RETRY_MS: milliseconds(10_000),
  /** Each request to the artifact origin gives up after this long. */
  ARTIFACT_TIMEOUT_MS: milliseconds(30_000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PGLITE_DIR: z
    .string()
    .min(1)
    .default(path.join(ROOT_DIR, '.data', 'pglite')),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REGISTRY_POLL_MS: milliseconds(1000),
  // docs/releases.md "Canary": how a canary is judged (its error rate against the live version's) and stepped.
  CANARY_ERROR_MARGIN: z.coerce.number().min(0).max(1).default(0.02),
  CANARY_MIN_REQUESTS: z.coerce.number().int().positive().default(200),
  CANARY_STEP_MS: milliseconds(10 * 60_000),
  CANARY_CHECK_MS: milliseconds(2000),
  REMOTE_LOAD_TIMEOUT_MS: milliseconds(3000),
  RENDER_TIMEOUT_MS: milliseconds(10_000),
  API_TIMEOUT_MS: milliseconds(10_000),
  /** docs/operations.md "Connections": a request head not complete after this is answered 408 and its connection closed. */
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(10_000),
  /** docs/operations.md "Connections": a request (head and body) not fully received after this is answered 408 and closed. */
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(30_000),
  /** docs/operations.md "Connections": an idle keep-alive connection is closed after this (above the 60 s of common load balancers). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(65_000),
  /** docs/operations.md "Connections": a connection that neither sends nor reads a byte for this long is closed. */
  HTTP_IDLE_TIMEOUT_MS: milliseconds(120_000),
  /** Replaced by scoped API keys (docs/console.md "API keys"): a deployment still setting it is told so instead of losing its access silently. */
  ADMIN_TOKEN: z
    .undefined({ error: 'is no longer read: make a scoped API key with npm run console:api-key (docs/console.md "API keys")' })
    .optional(),
  /** docs/operations.md "Operators' tools": the running site's address for the operator's commands (SITE_URL when unset). */
  CONSOLE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** docs/operations.md "Operators' tools": the API key the operator's commands call the running site with. */
  CONSOLE_API_KEY: z
    .string()
    .regex(/^rk_[A-Za-z0-9_-]{40}$/, 'is not an API key (rk_ and 40 characters, from npm run console:api-key or the console)')
    .optional(),
  COMPANY_NAME: z.string().min(1).default('ReelKeep Software Ltd.'),
  CONTACT_EMAIL: z.email().default('support@reelkeep.com'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('ReelKeep <no-reply@reelkeep.com>'),
  CAPTCHA_HMAC_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** docs/forms.md "Captcha": the proof of work's difficulty, the most numbers a browser may have to hash. */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1_000).max(1_000_000).default(50_000),
  AB_PLAN_PRICE_OPEN: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** docs/operations.md "Page cache": seconds a cached page is fresh. */
  PAGE_CACHE_TTL_S: z.coerce.number().int().positive().default(60),
  /** Seconds after that a stale page may still be served while one request renders it again. */
  PAGE_CACHE_STALE_S: z.coerce.number().int().min(0).default(60),
  /** Bytes of pages the process keeps (the in-process cache, and Redis's fallback); 0 turns the cache off. */
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024),
  /**
   * docs/operations.md "Worker processes": how many site server processes share the port (node:cluster);
   * more than 1 needs DATABASE_URL, since the embedded database belongs to one process.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * docs/operations.md "Memory": each worker's V8 old generation in MB (`--max-old-space-size`), so its heap is
   * collected near what it holds instead of growing into a share of the machine's memory; 0 leaves V8's default.
   */
  WORKER_MAX_OLD_SPACE_MB: z.coerce
    .number()
    .int()
    .refine((mb) => mb === 0 || (mb >= 192 && mb <= 65_536), 'expected 0 (V8 default) or 192 to 65536')
    .default(384),
  /** docs/operations.md "Memory": each worker's young generation semi-space in MB (`--max-semi-space-size`); 0 leaves V8's default. */
  WORKER_MAX_SEMI_SPACE_MB: z.coerce.number().int().min(0).max(256).default(16),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  SENTRY_DSN: optionalUrl,
  /** docs/tracking.md "Outbound links": comma-separated hosts whose links get the tracker's `_cut_`, `_cus_`, `_csrc_`. */
  TRACKING_OUTBOUND_DOMAINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'a comma-separated list of host names (example.com)')).max(20)),
  /** docs/tracking.md "Third parties": the tag-analytics script, loaded after consent only; its origin joins the CSP. */
  TAG_ANALYTICS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** docs/tracking.md "Third parties": browser fingerprinting after consent only. */
  FINGERPRINT_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * docs/security.md "Client addresses": the proxies (addresses or CIDR ranges) whose `X-Forwarded-For` names the
   * client; empty, the socket's peer is the client.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform(parseTrustedProxies)
    .superRefine((entries, context) => {
      try {
        checkTrustedProxies(entries);
      } catch (error) {
        context.addIssue({ code: 'custom', message: `a comma-separated list of IP addresses or CIDR ranges: ${(error as Error).message}` });
      }
    }),
  /**
   * docs/operations.md "Varnish in front": the edge caches this instance purges (comma-separated base URLs of each
   * Varnish, `http://10.0.0.5:6081/`); empty, pages are cached in this process only.
   */
  EDGE_PURGE_URLS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ })).max(32)),
  /** Set by `npm run dev`: a JSON file of `{app: version}` made live for this process only. */
  DEV_OVERRIDES_FILE: z.string().min(1).optional(),
});

/** The validated configuration. */
export type Config = z.infer<typeof configSchema>;

/** Thrown when the environment holds a bad value; the message names every offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The variables that are set: an empty value counts as unset. */
function readPresent(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
}

/** Reads and validates the host's configuration from an environment (process.env by default). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = readPresent(env);
  // Unset, SITE_URL is this machine on the port the site listens on (a PORT of its own included), so its redirects,
  // canonical links and printed addresses reach it.
  if (present.SITE_URL === undefined && /^[1-9][0-9]{0,4}$/.test(present.PORT ?? '')) present.SITE_URL = `http://localhost:${present.PORT}`;
  const result = configSchema.safeParse(present);
  if (!result.success) throw new ConfigError(`invalid configuration:\n${describeIssues(result.error.issues)}`);
  return result.data;
}

/** What every squad may read of the configuration (`HostContext.site`). */
export function toSiteConfig(config: Config): SiteConfig {
  const { SITE_URL, NODE_ENV, COMPANY_NAME, CONTACT_EMAIL, AB_PLAN_PRICE_OPEN } = config;
  return { SITE_URL, NODE_ENV, COMPANY_NAME, CONTACT_EMAIL, AB_PLAN_PRICE_OPEN };
}

/**
 * Parses a squad's own settings from the environment with the schema its API module declares; the message
 * of a failure names the squad and each offending variable.
 */
export function parseSquadSettings<Settings>(
  squad: string,
  schema: z.ZodType<Settings>,
  env: Record<string, string | undefined> = process.env,
): Settings {
  const result = schema.safeParse(readPresent(env));
  if (!result.success) throw new ConfigError(`invalid settings of the ${squad} squad:\n${describeIssues(result.error.issues)}`);
  return result.data;
}
