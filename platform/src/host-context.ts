import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { Locale, SquadName } from '@reelkeep/shared-contracts';
import type { Captcha } from './captcha.ts';
import type { ConsoleAuthorise } from './console-guard.ts';
import type { Database } from './db/database.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail.ts';
import type { RateLimiter } from './rate-limit.ts';

/**
 * Types only: what the host (the shell server) hands a squad's API module, and what such a module is
 * (docs/releases.md "A squad's API"). A squad's server code imports these types and `shared-contracts`,
 * nothing else of the host: its services come through the context. Versioned with CONTRACT_VERSION.
 */

/** What every squad may read of the site's configuration (nothing secret). */
export interface SiteConfig {
  SITE_URL: string;
  NODE_ENV: 'production' | 'development' | 'test';
  COMPANY_NAME: string;
  CONTACT_EMAIL: string;
  /** Whether the price experiment runs (the shell assigns the variant; checkout charges it). */
  AB_PLAN_PRICE_OPEN: boolean;
}

/** The host's services for one squad's API, for one loaded version. */
export interface HostContext<Settings = unknown> {
  squad: SquadName;
  /** The contract the host implements (CONTRACT_VERSION of shared-contracts). */
  contractVersion: string;
  /** The squad's own settings, read from the environment with its schema: it sees no other squad's secrets. */
  settings: Settings;
  site: SiteConfig;
  db: Database;
  /** The host's Redis connection, when one is configured (commands fail fast while Redis is down). */
  redis?: Redis;
  logger: Logger;
  mailer: Mailer;
  captcha: Captcha;
  /** A limiter shared by the instances through Redis when configured, per process otherwise. */
  createRateLimiter: (name: string, limit: number, windowMs: number) => RateLimiter;
  /** Calls an API path of any squad through the host: the only way to reach `/internal/` routes. */
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>;
  /**
   * The one check in front of every operator route (docs/console.md "The console API"): null when the caller (an
   * API key, or a console session) holds `permission`, else the answer to send (401, 403, 429). A state change it
   * lets through is in the audit log, with the caller as the actor.
   */
  authorise: ConsoleAuthorise;
  /** Translations of a locale (mails, server texts), English underneath. */
  loadTranslations: (locale: Locale, namespaces: readonly string[]) => Promise<Record<string, Record<string, unknown>>>;
  /** A keyed hash with the site's secret key: pseudonymous keys for client addresses and the like. */
  keyedHash: (value: string) => string;
  /** A folder this squad may keep files in across restarts (a generated secret). */
  stateDir: string;
  /** The release folder the module was loaded from (its `content/`, `public/`, `migrations/`). */
  releaseDir: string;
}

/** One API route of a squad: exact method and path, or a path prefix ending in `/`. */
export interface ApiRoute<Settings = unknown> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /**
   * Who may call a state-changing route (docs/security.md "Cross-site requests"): `site` (the default), the
   * site's own pages, checked by `Origin` (else `Referer`), 403 otherwise; `any`, machine clients that carry
   * no cookie (the desktop app's licence API, signed webhooks).
   */
  callers?: 'site' | 'any';
  /** Largest request body the route reads (64 kB unless set); a larger one gets 413 unread. */
  maxBodyBytes?: number;
  handle: (request: Request, context: HostContext<Settings>) => Promise<Response> | Response;
}

/** Third-party origins a squad's pages need, added to the Content-Security-Policy while it is live. */
export interface BrowserOrigins {
  script?: string[];
  frame?: string[];
  connect?: string[];
  style?: string[];
  /** Frames that may use the Payment Request API (`Permissions-Policy: payment`). */
  payment?: string[];
}

/**
 * What a squad's `server/api.ts` exports as default: its routes and settings, built into its release as
 * `api/api.cjs`. The host loads the live version's module, parses its settings, runs `start`, and routes
 * the squad's paths to it; a module that fails any of that leaves only the squad's routes answering 503.
 */
export interface SquadApiModule<Settings = unknown> {
  squad: SquadName;
  contractVersion: string;
  /** The environment variables the squad reads, as a zod object (parsed by the host, never read directly). */
  settings: z.ZodType<Settings>;
  routes: readonly ApiRoute<Settings>[];
  /** Runs once before the version takes traffic (create clients, check settings); a throw makes its routes 503. */
  start?: (context: HostContext<Settings>) => Promise<void> | void;
  /**
   * Runs when the host lets go of the version, with the context `start` got: a worker drained after a release
   * switch, a shutdown, or (one process) the version leaving the registry. Ends the timers, pools and background
   * work `start` or the routes began; the host waits for it up to the start budget, then closes the database.
   * The version may be started again later with a new context (docs/adr/0016-process-rollover.md).
   */
  stop?: (context: HostContext<Settings>) => Promise<void> | void;
  /** Third-party origins the squad's pages need with these settings (Google sign-in, Stripe). */
  browserOrigins?: (settings: Settings) => BrowserOrigins;
}

/** A module whatever its settings type (each squad checks its own where it is declared). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- settings types differ per squad; the host erases them
export type AnySquadApiModule = SquadApiModule<any>;

export type { Captcha } from './captcha.ts';
export type { Database } from './db/database.ts';
export type { Logger } from './logger.ts';
export type { Mailer } from './mail.ts';
export type { RateLimiter } from './rate-limit.ts';
