import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_IP_HEADER, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S, readInput, serialiseCookie, type Locale } from '@reelkeep/shared-contracts';
import { createI18n, fixedTranslate } from '@reelkeep/shared-contracts/i18n';
import { consoleAuthorisationSchema, type ConsoleActor, type ConsoleAuthorisation, type ConsolePermission } from '@reelkeep/shared-contracts/console';
import { z } from 'zod';
import type { Database } from '@reelkeep/platform/db';
import type { RateLimiter } from '@reelkeep/platform/rate-limit';
import type { RegistryStore } from '@reelkeep/platform/registry';
import { isForeignRequest, isStateChanging } from '@reelkeep/platform/request-guards';
import { recordConsoleAction } from '@reelkeep/platform/console-audit';
import type { Mailer } from '@reelkeep/platform/mail';
import type { Logger } from '@reelkeep/platform/logger';
import type { PageCache } from '../page-cache/page-cache.ts';
import { html, type Markup } from './console-html.ts';
import { pickConsoleLocale } from './console-locale.ts';
import { renderConsoleDocument, renderRefusal, type ConsoleFrame, type ConsoleSectionId } from './console-pages.ts';
import type { SectionRequest } from './console-section-context.ts';
import { listVisibleSquadSections, type ConsoleSectionSource, type SquadConsole } from './console-sections.ts';
import type { VersionHealthReader } from './console-releases-section.ts';

/** A console form is small: a larger body is refused unread. */
const MAX_FORM_BYTES = 16 * 1024;

/** docs/console.md "Security": no script, styles only with the response's nonce, forms to this origin, never framed. */
export function buildConsoleCsp(nonce: string): string {
  return `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
}

/** What the console needs from the host. */
export interface ConsoleDeps {
  siteUrl: string;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  registry: RegistryStore;
  releasesDir: string;
  /** Calls an API path of a squad through the live snapshot (the account squad's internal identity routes). */
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>;
  /** The `console` namespace and, for a squad's section, its own namespaces. */
  loadTexts: (locale: Locale, namespaces?: readonly string[]) => Promise<Record<string, Record<string, unknown>>>;
  /** The squads' sections of the live releases (docs/console.md "Squad sections"); none when absent. */
  sections?: ConsoleSectionSource;
  /** Where the releases' browser files are served (`ASSET_ORIGIN`; empty or absent: this origin): a section preview's stylesheets. */
  assetOrigin?: string;
  readClientAddress: (req: IncomingMessage) => string;
  limits: { signInByAddress: RateLimiter; signInByAccount: RateLimiter; codeByAddress: RateLimiter };
  /** The host's AB_PLAN_PRICE_OPEN (the Experiments section shows it; only the setting switches it). */
  priceExperimentOpen?: boolean;
  /** This instance's page cache (the Page cache section). */
  pageCache?: PageCache;
  /** A version's health (the Releases section's health column). */
  readVersionHealth?: VersionHealthReader;
}

/**
 * One console request once its checks passed: what a shell section gets (`SectionRequest`), and what the frame's own
 * routes need beyond it (the ways in, the previews, the squads' sections).
 */
export interface ConsoleRequest extends SectionRequest {
  deps: ConsoleDeps;
  res: ServerResponse;
  method: string;
  nonce: string;
  locale: Locale;
  clientIp: string;
  /** Headers for the account squad's internal routes: the visitor's session cookie and address. */
  forwarded: (extra?: Record<string, string>) => Record<string, string>;
  /** The account squad's answer to "may this session do that?"; null when it cannot be asked. */
  authorise: (permission: ConsolePermission) => Promise<ConsoleAuthorisation | null>;
  /** The squads' sections of this request's releases, loaded once per request. */
  loadSquadConsoles: () => Promise<SquadConsole[]>;
  /** Sends a whole HTML document (no body for HEAD). */
  send: (status: number, body: string) => boolean;
  page: (status: number, title: string, content: Markup, actor?: ConsoleActor, current?: ConsoleSectionId | string, cookies?: string[]) => boolean;
  redirect: (location: string, cookies?: string[]) => boolean;
}

/**
 * The check in front of a page or an action with input: the actor and its input (the form, else the query) parsed by
 * `schema`; null when the refusal or the 400 page was sent.
 */
export async function admitWithInput<Schema extends z.ZodType>(
  request: SectionRequest,
  permission: ConsolePermission,
  schema: Schema,
): Promise<{ actor: ConsoleActor; input: z.output<Schema> } | null> {
  const actor = await request.admit(permission);
  if (!actor) return null;
  const input = await readInput(request.form ?? request.query, schema);
  if (!input.ok) return (request.problemPage(400, 'invalidInput', actor), null);
  return { actor, input: input.data };
}

/** A handler of console routes: true when it answered the request. */
export type ConsoleRouteHandler = (request: ConsoleRequest) => Promise<boolean>;

const noticeQuery = z.object({
  done: z.enum(['switched', 'role', 'enrolled', 'resent', 'experiment', 'push', 'purged', 'revoked']).optional(),
  problem: z.enum(['refused', 'no_account', 'last_owner']).optional(),
});

async function readBody(req: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A squad's answer, parsed: anything else (its API down, a malformed answer) is a failure. */
export async function readAnswer<Schema extends z.ZodType>(response: Response, schema: Schema): Promise<z.output<Schema> | null> {
  const parsed = schema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/**
 * Opens a console request (docs/console.md "Security"): never cached, never indexed, its own CSP; the page's language;
 * a change only from the console's own pages, by a known method, with a small body. Null when one of those checks
 * already answered; else the request, with the frame's answers and the permission check every page and action uses.
 */
export async function openConsoleRequest(
  deps: ConsoleDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  nonce: string,
): Promise<ConsoleRequest | null> {
  const siteOrigin = new URL(deps.siteUrl).origin;
  const method = req.method ?? 'GET';
  const clientIp = deps.readClientAddress(req);
  res.setHeader('cache-control', 'private, no-store');
  res.setHeader('x-robots-tag', 'noindex, nofollow');
  res.setHeader('content-security-policy', buildConsoleCsp(nonce));
  res.setHeader('x-cache', 'BYPASS');
  const { locale, chosen } = pickConsoleLocale(url, req.headers);
  // A language chosen in the console is the visitor's choice on the site too (the site's cookie, the site's lifetime).
  if (chosen)
    res.appendHeader(
      'set-cookie',
      serialiseCookie(LANGUAGE_COOKIE, locale, { secure: siteOrigin.startsWith('https:'), maxAgeS: LANGUAGE_COOKIE_MAX_AGE_S }),
    );
  const t = fixedTranslate(createI18n(locale, await deps.loadTexts(locale)), 'console');
  const cookie = req.headers.cookie ?? '';
  const forwarded = (extra: Record<string, string> = {}) => ({ cookie, [CLIENT_IP_HEADER]: clientIp, ...extra });
  const notice = noticeQuery.safeParse(Object.fromEntries(url.searchParams)).data;
  let squadConsoles: Promise<SquadConsole[]> | undefined;
  const loadSquadConsoles = () => (squadConsoles ??= deps.sections?.load().catch(() => []) ?? Promise.resolve([]));
  // The squads' sections the navigation shows: those the admitted actor's role may open.
  let squadNavigation: { path: string; label: string }[] = [];
  const frameOf = (actor?: ConsoleActor, current?: ConsoleSectionId | string): ConsoleFrame => ({
    t,
    locale,
    nonce,
    actor,
    current,
    squadSections: squadNavigation,
    path: url.pathname,
    notice: notice?.problem ? { kind: 'problem', key: notice.problem } : notice?.done ? { kind: 'done', key: notice.done } : undefined,
  });
  const send = (status: number, body: string, cookies: string[] = []) => {
    res.statusCode = status;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    for (const cookie of cookies) res.appendHeader('set-cookie', cookie);
    res.end(method === 'HEAD' ? undefined : body);
    return true;
  };
  const page = (status: number, title: string, content: Markup, actor?: ConsoleActor, current?: ConsoleSectionId | string, cookies?: string[]) =>
    send(status, renderConsoleDocument(frameOf(actor, current), title, content), cookies);
  const redirect = (location: string, cookies: string[] = []) => {
    res.statusCode = 303;
    res.setHeader('location', location);
    for (const cookie of cookies) res.appendHeader('set-cookie', cookie);
    res.end();
    return true;
  };
  const problemPage = (status: number, key: string, actor?: ConsoleActor) =>
    page(status, t(`problems.${key}`), html`<section><p>${t(`problems.${key}Detail`)}</p></section>`, actor);

  const requestHeaders = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') requestHeaders.set(name, value);
  if (isStateChanging(method) && isForeignRequest(requestHeaders, siteOrigin)) return (problemPage(403, 'foreign'), null);
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    res.setHeader('allow', 'GET, HEAD, POST');
    return (problemPage(405, 'method'), null);
  }
  let form: Request | null = null;
  if (method === 'POST') {
    const body = await readBody(req);
    if (body === null) return (problemPage(413, 'tooLarge'), null);
    form = new Request(url, { method, headers: requestHeaders, body });
  }

  const authorise = async (permission: ConsolePermission): Promise<ConsoleAuthorisation | null> => {
    const answer = await deps
      .fetchApi('/api/account/internal/console-authorise', {
        method: 'POST',
        headers: forwarded({ 'content-type': 'application/json' }),
        body: JSON.stringify({ permission }),
      })
      .catch(() => null);
    return answer?.ok ? readAnswer(answer, consoleAuthorisationSchema) : null;
  };
  /** The squads' sections the actor's role may open, with their labels in the page's language. */
  const listSquadNavigation = async (actor: ConsoleActor) => {
    const visible = listVisibleSquadSections(await loadSquadConsoles(), actor);
    const texts = await deps.loadTexts(locale, [...new Set(visible.map(({ section }) => section.namespaces[0]))]);
    const i18n = createI18n(locale, texts, { defaultNS: 'console' });
    return visible.map(({ section, path }) => ({ path, label: fixedTranslate(i18n, section.namespaces[0])(section.labelKey) }));
  };
  /** The check in front of every page and action: the actor when allowed, else the answer is sent. */
  const admitOnce = async (permission: ConsolePermission): Promise<ConsoleActor | null> => {
    const decision = await authorise(permission);
    if (!decision) return (problemPage(503, 'unavailable'), null);
    if (decision.allowed) {
      squadNavigation = await listSquadNavigation(decision.actor);
      return decision.actor;
    }
    if (decision.reason === 'signed-out') {
      if (method === 'POST') page(401, t('refused.title'), renderRefusal(t, 'signed-out'));
      else redirect('/console/sign-in');
      return null;
    }
    if (decision.reason === 'two-factor-required' && method !== 'POST') return (redirect('/console/enrol'), null);
    page(403, t('refused.title'), renderRefusal(t, 'forbidden'), decision.actor);
    return null;
  };
  // The route table's check and the section's own ask the account squad once per permission and request.
  const admissions = new Map<string, Promise<ConsoleActor | null>>();
  const admit = (permission: ConsolePermission): Promise<ConsoleActor | null> => {
    const key = `${permission.resource}:${permission.action}`;
    let admission = admissions.get(key);
    if (!admission) admissions.set(key, (admission = admitOnce(permission)));
    return admission;
  };
  const audit = (actor: ConsoleActor, action: string, target: string, before?: unknown, after?: unknown) =>
    recordConsoleAction(deps.db, { actor, action, target, before, after, clientIp });

  return {
    deps,
    res,
    method,
    nonce,
    clientIp,
    path: url.pathname.replace(/\/$/, '') || '/console',
    url,
    form,
    query: new Request(url),
    t,
    locale,
    siteOrigin,
    db: deps.db,
    logger: deps.logger,
    registry: deps.registry,
    releasesDir: deps.releasesDir,
    fetchApi: deps.fetchApi,
    priceExperimentOpen: deps.priceExperimentOpen ?? false,
    pageCache: deps.pageCache,
    forwarded,
    authorise,
    loadSquadConsoles,
    admit,
    audit,
    send,
    page,
    redirect,
    problemPage,
  };
}
