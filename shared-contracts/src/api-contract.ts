/**
 * The runtime side of the contract between the host (the shell server) and a squad's API module
 * (docs/releases.md "A squad's API"): who owns which path, the header the host sets, and the small pure
 * helpers every route uses. The context types the host hands a route are in `@reelkeep/platform/host-context`.
 */

import { sessionSchema } from './account-contract.ts';
import { readJsonResponse } from './json-answer.ts';
import type { RemoteName } from './routes.ts';

/** The squads whose API a release may carry: `site` is the shell's own (newsletter, captcha, tracking). */
export const SQUADS = ['site', 'landing', 'checkout', 'account', 'blog', 'campaign'] as const;
/** One squad. */
export type SquadName = (typeof SQUADS)[number];

/** The app whose release carries a squad's API. */
export const APP_OF_SQUAD = {
  site: 'shell',
  landing: 'mf-landing',
  checkout: 'mf-checkout',
  account: 'mf-account',
  blog: 'mf-blog',
  campaign: 'mf-campaign',
} as const satisfies Record<SquadName, RemoteName | 'shell'>;

/** The squad whose API an app's release carries. */
export const SQUAD_OF_APP = {
  shell: 'site',
  'mf-landing': 'landing',
  'mf-checkout': 'checkout',
  'mf-account': 'account',
  'mf-blog': 'blog',
  'mf-campaign': 'campaign',
} as const satisfies Record<RemoteName | 'shell', SquadName>;

/**
 * Paths outside `/api/<squad>/` that the spec fixes, and the squad that answers each. Every other API path
 * belongs to the squad its second segment names. A module that declares a route outside its paths is
 * refused at build and at promotion.
 */
export const SPEC_PATHS: Readonly<Record<string, SquadName>> = {
  '/email/report': 'site',
  '/api/captcha': 'site',
  '/sub/register': 'site',
  '/logout': 'account',
  '/product/info': 'landing',
  '/mlink': 'landing',
  '/category/list': 'landing',
  '/cookie_set': 'landing',
};

/** The squad whose API answers a path, or null when the path is not an API path (a page). */
export function findSquadOfPath(pathname: string): SquadName | null {
  const spec = SPEC_PATHS[pathname];
  if (spec) return spec;
  const match = /^\/api\/([a-z]+)(?:\/|$)/.exec(pathname);
  return match && (SQUADS as readonly string[]).includes(match[1]!) ? (match[1] as SquadName) : null;
}

/** Header the host sets to the visitor's address (any incoming value is replaced). */
export const CLIENT_IP_HEADER = 'x-reelkeep-client-ip';

/**
 * The header by which a squad's answer tells the host which page cache tags it read (on a read): pages showing
 * campaigns carry `campaigns`, and a change of that data drops them (docs/operations.md "Page cache").
 */
export const CACHE_TAGS_HEADER = 'x-cache-tags';
/** The header by which a squad's successful change asks the host to drop the pages carrying these tags (never passed on to the browser). */
export const PURGE_CACHE_TAGS_HEADER = 'x-purge-cache-tags';
/** The header of a client navigation's data request naming the remote versions its page runs (`/_data/<path>`). */
export const REMOTE_VERSIONS_HEADER = 'x-remote-versions';

/** Paths under this segment answer only calls from inside the servers (`fetchApi`), never visitors. */
export const INTERNAL_PATH_SEGMENT = '/internal/';

/** Answers JSON with a status. */
export function respondJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

/** The signed-in user of a request, asked of the account squad with the request's cookies; null when anonymous or unanswered. */
export async function readSignedInUser(
  request: Request,
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>,
): Promise<{ id: string; email: string; name: string; emailVerified?: boolean } | null> {
  const cookie = request.headers.get('cookie');
  if (!cookie) return null;
  const answer = await fetchApi('/api/account/session', { headers: { cookie } }).catch(() => null);
  return (await readJsonResponse(sessionSchema, answer))?.user ?? null;
}

/**
 * A value made once per context: a squad's limiter, client or cache, the same for every request a loaded
 * version answers (each version gets its own context, so each gets its own value).
 */
export function oncePerContext<Context extends object, Value>(create: (context: Context) => Value): (context: Context) => Value {
  const made = new WeakMap<Context, Value>();
  return (context) => {
    if (!made.has(context)) made.set(context, create(context));
    return made.get(context) as Value;
  };
}
