import type { IncomingMessage } from 'node:http';
import { CLIENT_IP_HEADER, respondJson } from '@reelkeep/shared-contracts';
import { canRole, consoleAuthorisationSchema, type ConsoleActor, type ConsolePermission } from '@reelkeep/shared-contracts/console';
import { findApiKey, toKeyActor } from './api-keys.ts';
import { recordConsoleAction } from './console-audit.ts';
import type { Database } from './db/database.ts';
import type { Logger } from './logger.ts';
import type { RateLimiter } from './rate-limit.ts';
import { isForeignRequest, isStateChanging } from './request-guards.ts';

/**
 * docs/console.md "The console API": the one check in front of every operator route, the host's own
 * (`/admin/…`) and the squads' (`context.authorise(request, permission)`). A caller is an API key
 * (`Authorization: Bearer rk_…`, its role's permissions) or a console session (the cookie, asked of the account
 * squad like a console page). Every state change it lets through is written to the audit log, the key or the
 * person as the actor.
 */

/** Wrong keys a client address may send in the window before it is locked out (docs/security.md "Operator API"). */
export const API_KEY_FAILURE_LIMIT = 10;
export const API_KEY_FAILURE_WINDOW_MS = 10 * 60_000;
/** The largest JSON body copied into the audit entry of an API call. */
const AUDITED_BODY_BYTES = 8 * 1024;

/** What one request shows the guard. */
export interface GuardRequest {
  method: string;
  /** The path (and query) called, the audit entry's target. */
  target: string;
  headers: Headers;
  clientIp: string;
  /** The request's input, for the audit entry of a state change. */
  input?: unknown;
  /** false: the route writes its own, richer audit entry (before and after) for the state change. */
  audited?: boolean;
}

/** Why a request is refused. */
export type GuardRefusal = 'foreign' | 'unauthorised' | 'forbidden' | 'two-factor-required' | 'too-many-attempts' | 'unavailable';

/** The guard's answer: the actor, or the status and reason to refuse with. */
export type GuardDecision =
  | { allowed: true; actor: ConsoleActor; via: 'api-key' | 'session' }
  | { allowed: false; status: 401 | 403 | 429 | 503; reason: GuardRefusal; retryAfterSeconds?: number };

/** A squad route's one line (`HostContext.authorise`): null when the caller holds the permission, else the answer to send. */
export type ConsoleAuthorise = (request: Request, permission: ConsolePermission) => Promise<Response | null>;

export interface ConsoleGuardOptions {
  db: Pick<Database, 'query'>;
  siteUrl: string;
  /** Wrong keys per client address (`API_KEY_FAILURE_LIMIT` in `API_KEY_FAILURE_WINDOW_MS`, shared through Redis). */
  failures: RateLimiter;
  /** The account squad's API, to ask what a console session may do; without it only keys are accepted. */
  fetchApi?: (path: string, init?: RequestInit) => Promise<Response>;
  logger?: Pick<Logger, 'warn'>;
}

const STATUS: Record<GuardRefusal, 401 | 403 | 429 | 503> = {
  foreign: 403,
  unauthorised: 401,
  forbidden: 403,
  'two-factor-required': 403,
  'too-many-attempts': 429,
  unavailable: 503,
};

function refuse(reason: GuardRefusal, retryAfterSeconds?: number): GuardDecision {
  return { allowed: false, status: STATUS[reason], reason, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
}

/** The answer to a refused API call: JSON, never stored, `Retry-After` when locked out. */
export function toRefusalResponse(decision: Extract<GuardDecision, { allowed: false }>): Response {
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (decision.retryAfterSeconds) headers['retry-after'] = String(decision.retryAfterSeconds);
  if (decision.status === 401) headers['www-authenticate'] = 'Bearer';
  return respondJson({ error: decision.reason }, decision.status, headers);
}

/** The guard of a host: `check` for the host's own routes, `authorise` for the squads' context. */
export function createConsoleGuard(options: ConsoleGuardOptions) {
  const siteOrigin = new URL(options.siteUrl).origin;

  async function identify(request: GuardRequest, permission: ConsolePermission): Promise<GuardDecision> {
    const authorization = request.headers.get('authorization');
    const cookie = request.headers.get('cookie');
    if (authorization === null && cookie !== null && options.fetchApi) {
      // A console session: the account squad's access control decides, as for a console page.
      const answer = await options
        .fetchApi('/api/account/internal/console-authorise', {
          method: 'POST',
          headers: { cookie, [CLIENT_IP_HEADER]: request.clientIp, 'content-type': 'application/json' },
          body: JSON.stringify({ permission }),
        })
        .catch(() => null);
      const parsed = answer?.ok ? consoleAuthorisationSchema.safeParse(await answer.json().catch(() => null)) : null;
      if (!parsed?.success) return refuse('unavailable');
      const decision = parsed.data;
      if (decision.allowed) return { allowed: true, actor: decision.actor, via: 'session' };
      return refuse(decision.reason === 'signed-out' ? 'unauthorised' : decision.reason);
    }
    // A key, or nothing: counted before it is looked at, in one atomic step, so of many concurrent guesses only
    // the limit's worth is evaluated; a right key gives its count back. A locked-out address is refused even
    // with a right key, so guessing stays guessing.
    const standing = await options.failures.hit(request.clientIp);
    if (!standing.allowed) return refuse('too-many-attempts', standing.retryAfterSeconds);
    const secret = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : '';
    let key;
    try {
      key = secret ? await findApiKey(options.db, secret) : null;
    } catch (error) {
      options.logger?.warn('console guard: API keys unreadable', { error: error instanceof Error ? error.message : String(error) });
      return refuse('unavailable');
    }
    if (!key) return refuse('unauthorised');
    await options.failures.refund(request.clientIp);
    if (!canRole(key.role, permission)) return refuse('forbidden');
    return { allowed: true, actor: toKeyActor(key), via: 'api-key' };
  }

  /** Whether the request may do what `permission` names; a state change let through is in the audit log before it runs. */
  async function check(request: GuardRequest, permission: ConsolePermission): Promise<GuardDecision> {
    // docs/security.md "Cross-site requests": a state change from another origin, whatever it carries.
    if (isStateChanging(request.method) && isForeignRequest(request.headers, siteOrigin)) return refuse('foreign');
    const decision = await identify(request, permission);
    if (decision.allowed && isStateChanging(request.method) && request.audited !== false) {
      await recordConsoleAction(options.db, {
        actor: decision.actor,
        action: `${permission.resource}.${permission.action}`,
        target: `${request.method} ${request.target}`,
        after: request.input ?? null,
        clientIp: request.clientIp,
      });
    }
    return decision;
  }

  /** `HostContext.authorise`: the squads' routes call it first, with the permission the route needs. */
  const authorise: ConsoleAuthorise = async (request, permission) => {
    const url = new URL(request.url);
    const decision = await check(
      {
        method: request.method,
        target: url.pathname + url.search,
        headers: request.headers,
        clientIp: request.headers.get(CLIENT_IP_HEADER) ?? 'unknown',
        input: isStateChanging(request.method) ? await readAuditedInput(request) : undefined,
      },
      permission,
    );
    return decision.allowed ? null : toRefusalResponse(decision);
  };

  return { check, authorise };
}

/** The host's guard. */
export type ConsoleGuard = ReturnType<typeof createConsoleGuard>;

/** A state change's JSON input for its audit entry (a copy: the route still reads the body); other bodies are not kept. */
async function readAuditedInput(request: Request): Promise<unknown> {
  if (!(request.headers.get('content-type') ?? '').includes('json')) return null;
  const text = await request
    .clone()
    .text()
    .catch(() => '');
  if (text.length === 0 || text.length > AUDITED_BODY_BYTES) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A node request as the guard reads it (the host's own `/admin/…` routes). */
export function toGuardRequest(req: IncomingMessage, clientIp: string): GuardRequest {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return { method: req.method ?? 'GET', target: req.url ?? '/', headers, clientIp };
}
