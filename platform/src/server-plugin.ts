import type { Logger } from './logger.ts';
import type { Database } from './db/database.ts';
import type { Config } from './config.ts';
import type { Mailer } from './mail.ts';
import type { Captcha } from './captcha.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { AdminGuard } from './request-guards.ts';

/** What the shell server hands every squad plugin. */
export interface PluginContext {
  db: Database;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  captcha: Captcha;
  /** A limiter per form, shared across instances through Redis when configured. */
  createRateLimiter: (name: string, limit: number, windowMs: number) => RateLimiter;
  /**
   * Calls another squad's route through the shell (in process, or its own process when proxied). The only
   * way to reach `/api/<squad>/internal/…` routes, which the gateway refuses from outside.
   */
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>;
  /**
   * The one check in front of every admin route (docs/security.md "Admin"): null when the request carries
   * the operator's token, else the answer to send (404 unconfigured, 401 wrong token, 429 too many wrong ones).
   */
  authoriseAdmin: (request: Request) => Promise<Response | null>;
}

/** The signed-in user of a request, asked of the account squad with the request's cookies; null when anonymous or unanswered. */
export async function readSignedInUser(request: Request, fetchApi: PluginContext['fetchApi']): Promise<{ id: string; email: string; name: string } | null> {
  const cookie = request.headers.get('cookie');
  if (!cookie) return null;
  const answer = await fetchApi('/api/account/session', { headers: { cookie } }).catch(() => null);
  if (!answer?.ok) return null;
  return ((await answer.json()) as { user: { id: string; email: string; name: string } | null }).user ?? null;
}

/** Paths under this segment answer only calls from inside the servers (`fetchApi`), never visitors. */
export const INTERNAL_PATH_SEGMENT = '/internal/';

/** Body limit of a route that names none: a form or a JSON call of the site is far smaller. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** One API route of a squad: exact method and path, or a path prefix ending in `/`. */
export interface PluginRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /**
   * Who may call a state-changing route (docs/security.md "Cross-site requests"): `site` (the default), the
   * site's own pages, checked by `Origin` (else `Referer`), 403 otherwise; `any`, machine clients that carry
   * no cookie (the desktop app's licence API, signed webhooks).
   */
  callers?: 'site' | 'any';
  /** Largest request body the route reads (DEFAULT_MAX_BODY_BYTES unless set); a larger one gets 413 unread. */
  maxBodyBytes?: number;
  handle: (request: Request, context: PluginContext) => Promise<Response> | Response;
}

/**
 * A squad's server part: its API routes and its database migrations. The shell server mounts it in its
 * own process, or proxies its paths to the squad's own process when `<SQUAD>_API_URL` is set.
 */
export interface ServerPlugin {
  /** `site` is the shell's own server part (newsletter); the others are the remotes' squads. */
  squad: 'site' | 'landing' | 'checkout' | 'account' | 'blog' | 'campaign';
  /** The PostgreSQL schema the squad owns. */
  schema: string;
  /** Folder of `NNNN_name.sql` migrations, applied in order before the server takes traffic. */
  migrationsDir: string;
  /** Folder of the squad's static media, served at `/assets/<squad>/<file>`. */
  publicDir?: string;
  routes: PluginRoute[];
}

/** Header the shell server sets to the visitor's address (any incoming value is replaced). */
export const CLIENT_IP_HEADER = 'x-reelkeep-client-ip';

/** Answers JSON with a status. */
export function respondJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

/** `GET /api/<squad>/health`: whether the squad's schema exists (its migrations ran). Mounted for every plugin. */
export function createHealthRoute(plugin: ServerPlugin): PluginRoute {
  return {
    method: 'GET',
    path: `/api/${plugin.squad}/health`,
    async handle(_request, { db }) {
      const [row] = await db.query<{ ready: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM information_schema.schemata WHERE schema_name = $1) AS ready`,
        [plugin.schema],
      );
      return respondJson({ squad: plugin.squad, database: row?.ready ? 'ok' : 'missing schema' }, row?.ready ? 200 : 503);
    },
  };
}

/** A form submission: its fields, and whether it came from an HTML form (no JavaScript) or from a script. */
export interface FormSubmission {
  fields: Record<string, string>;
  isForm: boolean;
}

/** Reads a JSON or urlencoded body into string fields; null when it is neither or malformed. */
export async function readFormBody(request: Request): Promise<FormSubmission | null> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const body = (await request.json()) as Record<string, unknown>;
      return { fields: Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : String(value ?? '')])), isForm: false };
    }
    if (type.includes('application/x-www-form-urlencoded')) return { fields: Object.fromEntries(new URLSearchParams(await request.text())), isForm: true };
  } catch {
    return null;
  }
  return null;
}

const ADMIN_REFUSAL: Record<401 | 404 | 429, string> = { 401: 'unauthorised', 404: 'not found', 429: 'too many attempts' };

/** Turns the admin guard into the context's `authoriseAdmin`: the client address comes from the gateway. */
export function toAdminCheck(guard: AdminGuard): PluginContext['authoriseAdmin'] {
  return async (request) => {
    const decision = await guard(request.headers.get('authorization'), request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
    if (decision.allowed) return null;
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    if (decision.retryAfterSeconds) headers['retry-after'] = String(decision.retryAfterSeconds);
    return respondJson({ error: ADMIN_REFUSAL[decision.status] }, decision.status, headers);
  };
}
