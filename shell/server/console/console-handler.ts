import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_IP_HEADER, DEFAULT_LOCALE, isLocale, readCookie, readInput, serialiseCookie, type Locale } from '@reelkeep/shared-contracts';
import { createI18n, fixedTranslate } from '@reelkeep/shared-contracts/i18n';
import {
  canRole,
  consoleAuditQuery,
  consoleAuthorisationSchema,
  consoleCodeInput,
  consoleEnrolInput,
  consoleEnrolmentSchema,
  consoleMailQuery,
  consoleMailResendInput,
  consolePeopleSchema,
  consoleRoleChangeInput,
  consoleRoleChangeSchema,
  consoleSignInInput,
  consoleSignInOutcomeSchema,
  consoleSwitchInput,
  consoleSwitchQuery,
  consoleActorSchema,
  type ConsoleActor,
  type ConsoleAuthorisation,
  type ConsolePermission,
} from '@reelkeep/shared-contracts/console';
import { z } from 'zod';
import type { Database } from '@reelkeep/platform/db';
import type { RateLimiter } from '@reelkeep/platform/rate-limit';
import type { RegistryStore } from '@reelkeep/platform/registry';
import { listReleases, toReleaseDir } from '@reelkeep/platform/releases';
import { isForeignRequest, isStateChanging } from '@reelkeep/platform/request-guards';
import { recordConsoleAction, searchConsoleAudit, AUDIT_PAGE_SIZE } from '@reelkeep/platform/console-audit';
import { promoteRelease, ReleaseSwitchRefusedError, rollbackRelease } from '@reelkeep/platform/switch-release';
import { APPS } from '@reelkeep/platform/build-app';
import type { Mailer } from '@reelkeep/platform/mail';
import type { Logger } from '@reelkeep/platform/logger';
import { html, Markup } from './console-html.ts';
import {
  findSectionRoute,
  listVisibleSquadSections,
  matchSquadSectionPath,
  resolveSectionRedirect,
  sectionPath,
  type ConsoleSectionSource,
  type SquadConsole,
} from './console-sections.ts';
import { translateSwitchAction, translateSwitchQuestion } from './console-texts.ts';
import { handleApiKeysSection } from './api-keys-section.ts';
import { findConsoleRoute } from './console-routes.ts';
// The site's own language rule and cookie (docs/routing.md "Language choice"), not a second one.
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '@reelkeep/shared-contracts';
import { matchLanguageTag } from '../../src/url-rules/root-language.server.ts';
import {
  allowPreviewFrames,
  buildPreviewCsp,
  findSectionPreview,
  SECTION_PREVIEWS,
  forwardPreview,
  listPreviewStyles,
  renderPreviewDocument,
} from './console-section-preview.ts';
import {
  listVisibleSections,
  renderConsoleDocument,
  renderEnrolSecret,
  renderEnrolStart,
  renderRefusal,
  renderRoleOptions,
  renderSignIn,
  type ConsoleFrame,
  type ConsoleSectionId,
} from './console-pages.ts';
import type { PageCache } from '../page-cache/page-cache.ts';
import { handleShellSections, renderReleaseBuilds, type VersionHealthReader } from './console-shell-sections.ts';
import type { SectionRequest } from './console-section-context.ts';

/** docs/console.md "Security": no script, styles only with the response's nonce, forms to this origin, never framed. */
export function buildConsoleCsp(nonce: string): string {
  return `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
}

/** docs/console.md "Security": sign-in attempts per client address and per account in the window, like the site's other ways in. */
export const CONSOLE_SIGN_IN_LIMIT = 10;
export const CONSOLE_ACCOUNT_LIMIT = 5;
export const CONSOLE_LIMIT_WINDOW_MS = 10 * 60_000;
/** A console form is small: a larger body is refused unread. */
const MAX_FORM_BYTES = 16 * 1024;

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

const noticeQuery = z.object({
  done: z.enum(['switched', 'role', 'enrolled', 'resent', 'experiment', 'push', 'purged', 'revoked']).optional(),
  problem: z.enum(['refused', 'no_account', 'last_owner']).optional(),
});

/**
 * The locale of a console page, by the site's own rule (docs/routing.md "Language choice"): a choice made now
 * (`?lang=`, the console's language links) is kept in the site's `rk_lang` cookie; else that cookie (a choice made
 * on the site or the console before); else the first Accept-Language tag, read as the site reads it; else English.
 */
export function pickConsoleLocale(url: URL, headers: { cookie?: string; 'accept-language'?: string }): { locale: Locale; chosen: boolean } {
  const asked = url.searchParams.get('lang');
  if (asked && isLocale(asked)) return { locale: asked, chosen: true };
  const remembered = readCookie(headers.cookie, LANGUAGE_COOKIE);
  if (remembered && isLocale(remembered)) return { locale: remembered, chosen: false };
  const first = (headers['accept-language'] ?? '').split(',')[0]!.split(';')[0]!;
  return { locale: matchLanguageTag(first) ?? DEFAULT_LOCALE, chosen: false };
}

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

/** The account squad's answer, parsed: anything else (its API down, a malformed answer) is a failure. */
async function readAnswer<Schema extends z.ZodType>(response: Response, schema: Schema): Promise<z.output<Schema> | null> {
  const parsed = schema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/**
 * The operator console (docs/console.md): server-rendered pages and their form actions under `/console`. The
 * host owns the frame, the navigation, the sign-in and the permission check of every page and action; the account
 * squad's internal routes answer who the session is and what its role may do (better-auth's access control).
 */
export function createConsoleHandler(deps: ConsoleDeps) {
  const siteOrigin = new URL(deps.siteUrl).origin;
  const switcher = { store: deps.registry, releasesDir: deps.releasesDir, db: deps.db };

  return async function handleConsole(req: IncomingMessage, res: ServerResponse, url: URL, nonce: string): Promise<boolean> {
    if (url.pathname !== '/console' && !url.pathname.startsWith('/console/')) return false;
    const method = req.method ?? 'GET';
    const clientIp = deps.readClientAddress(req);
    // Never cached, never indexed, its own CSP (docs/console.md "Security").
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
    const texts = await deps.loadTexts(locale);
    const t = fixedTranslate(createI18n(locale, texts), 'console');
    const cookie = req.headers.cookie ?? '';
    const forwarded = (extra: Record<string, string> = {}) => ({ cookie, [CLIENT_IP_HEADER]: clientIp, ...extra });
    const notice = noticeQuery.safeParse(Object.fromEntries(url.searchParams)).data;
    // The squads' sections of this request's releases, loaded once per request, and those the navigation shows.
    let squadConsoles: Promise<SquadConsole[]> | undefined;
    const loadSquadConsoles = () => (squadConsoles ??= deps.sections?.load().catch(() => []) ?? Promise.resolve([]));
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

    // docs/console.md "Security": every state change comes from the console's own pages.
    const requestHeaders = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') requestHeaders.set(name, value);
    if (isStateChanging(method) && isForeignRequest(requestHeaders, siteOrigin)) return problemPage(403, 'foreign');
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      res.setHeader('allow', 'GET, HEAD, POST');
      return problemPage(405, 'method');
    }
    let form: Request | null = null;
    if (method === 'POST') {
      const body = await readBody(req);
      if (body === null) return problemPage(413, 'tooLarge');
      form = new Request(url, { method, headers: requestHeaders, body });
    }
    const query = new Request(url);

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
    /** The check in front of every page and action: the actor when allowed, else the answer is sent. */
    const admitOnce = async (permission: ConsolePermission): Promise<ConsoleActor | null> => {
      const decision = await authorise(permission);
      if (!decision) {
        problemPage(503, 'unavailable');
        return null;
      }
      if (decision.allowed) {
        squadNavigation = await listSquadNavigation(decision.actor);
        return decision.actor;
      }
      if (decision.reason === 'signed-out') {
        if (method === 'POST') page(401, t('refused.title'), renderRefusal(t, 'signed-out'));
        else redirect('/console/sign-in');
        return null;
      }
      if (decision.reason === 'two-factor-required' && method !== 'POST') {
        redirect('/console/enrol');
        return null;
      }
      page(403, t('refused.title'), renderRefusal(t, 'forbidden'), decision.actor);
      return null;
    };
    // The route table's check and the section's own ask the account squad once per permission and request.
    const admissions = new Map<string, Promise<ConsoleActor | null>>();
    const admit = (permission: ConsolePermission): Promise<ConsoleActor | null> => {
      const key = `${permission.resource}:${permission.action}`;
      const known = admissions.get(key);
      if (known) return known;
      const admission = admitOnce(permission);
      admissions.set(key, admission);
      return admission;
    };
    const audit = (actor: ConsoleActor, action: string, target: string, before?: unknown, after?: unknown) =>
      recordConsoleAction(deps.db, { actor, action, target, before, after, clientIp });
    /** The squads' sections the actor's role may open, with their labels in the page's language. */
    const listSquadNavigation = async (actor: ConsoleActor) => {
      const visible = listVisibleSquadSections(await loadSquadConsoles(), actor);
      const texts = await deps.loadTexts(locale, [...new Set(visible.map(({ section }) => section.namespaces[0]))]);
      const i18n = createI18n(locale, texts, { defaultNS: 'console' });
      return visible.map(({ section, path }) => ({ path, label: fixedTranslate(i18n, section.namespaces[0])(section.labelKey) }));
    };
    const path = url.pathname.replace(/\/$/, '') || '/console';
    // The shell's own sections (docs/console.md "Sections"), each behind its permission, with the same checks.
    const sectionRequest: SectionRequest = {
      path,
      url,
      form,
      query,
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
      admit,
      audit,
      page,
      redirect,
      problemPage,
    };

    // The route table (console-routes.ts): the permission of a shell route is checked before its code runs; a path
    // neither the shell nor a squad's section or preview answers does not exist.
    const declared = findConsoleRoute(method, path);
    if (declared && 'permission' in declared) {
      if (!(await admit(declared.permission))) return true;
    } else if (!declared && !findSectionPreview(path) && !matchSquadSectionPath(path)) {
      return page(404, t('problems.notFound'), html`<section><p>${t('problems.notFoundDetail')}</p></section>`);
    }

    // Sign-in, step one.
    if (path === '/console/sign-in') {
      if (!form) return page(200, t('signIn.title'), renderSignIn(t, 'password'));
      const input = await readInput(form, consoleSignInInput);
      const account = input.ok ? input.data.email.toLowerCase() : '';
      const byAddress = await deps.limits.signInByAddress.hit(clientIp);
      const byAccount = account ? await deps.limits.signInByAccount.hit(account) : { allowed: true };
      if (!byAddress.allowed || !byAccount.allowed)
        return page(429, t('signIn.title'), html`${notify(t, 'rateLimited')}${renderSignIn(t, 'password')}`);
      if (!input.ok) return page(400, t('signIn.title'), html`${notify(t, 'invalidInput')}${renderSignIn(t, 'password')}`);
      const answer = await deps.fetchApi('/api/account/internal/console-sign-in', {
        method: 'POST',
        headers: forwarded({ 'content-type': 'application/json' }),
        body: JSON.stringify(input.data),
      });
      const outcome = await readAnswer(answer, consoleSignInOutcomeSchema);
      if (!outcome || outcome.outcome === 'invalid')
        return page(401, t('signIn.title'), html`${notify(t, 'invalidCredentials')}${renderSignIn(t, 'password')}`);
      // Only failures count: a colleague signing in from the same office address spends nothing of the limit.
      await Promise.all([deps.limits.signInByAddress.refund(clientIp), deps.limits.signInByAccount.refund(account)]);
      return redirect(outcome.outcome === 'code-required' ? '/console/sign-in/code' : '/console', answer.headers.getSetCookie());
    }
    // Sign-in, step two: the code of the authenticator, or a backup code.
    if (path === '/console/sign-in/code') {
      if (!form) return page(200, t('signIn.title'), renderSignIn(t, 'code'));
      if (!(await deps.limits.codeByAddress.hit(clientIp)).allowed)
        return page(429, t('signIn.title'), html`${notify(t, 'rateLimited')}${renderSignIn(t, 'code')}`);
      const input = await readInput(form, consoleCodeInput);
      if (!input.ok) return page(400, t('signIn.title'), html`${notify(t, 'invalidCode')}${renderSignIn(t, 'code')}`);
      const answer = await deps.fetchApi('/api/account/internal/console-verify', {
        method: 'POST',
        headers: forwarded({ 'content-type': 'application/json' }),
        body: JSON.stringify(input.data),
      });
      const verified = answer.ok ? await readAnswer(answer, z.object({ actor: consoleActorSchema.optional() })) : null;
      if (!verified) return page(401, t('signIn.title'), html`${notify(t, 'invalidCode')}${renderSignIn(t, 'code')}`);
      await deps.limits.codeByAddress.refund(clientIp);
      if (verified.actor) await audit(verified.actor, 'console.sign-in', verified.actor.email);
      return redirect('/console', answer.headers.getSetCookie());
    }
    if (path === '/console/enrol' || path === '/console/enrol/confirm') {
      const decision = await authorise({ resource: 'console', action: 'view' });
      if (!decision) return problemPage(503, 'unavailable');
      if (decision.allowed) return redirect('/console');
      if (decision.reason !== 'two-factor-required' || !decision.actor)
        return decision.reason === 'signed-out'
          ? redirect('/console/sign-in')
          : page(403, t('refused.title'), renderRefusal(t, 'forbidden'), decision.actor);
      const actor = decision.actor;
      if (!form) return page(200, t('enrol.title'), renderEnrolStart(t));
      if (!(await deps.limits.codeByAddress.hit(clientIp)).allowed)
        return page(429, t('enrol.title'), html`${notify(t, 'rateLimited')}${renderEnrolStart(t)}`);
      if (path === '/console/enrol') {
        const input = await readInput(form, consoleEnrolInput);
        if (!input.ok) return page(400, t('enrol.title'), html`${notify(t, 'invalidInput')}${renderEnrolStart(t)}`);
        const answer = await deps.fetchApi('/api/account/internal/console-enrol', {
          method: 'POST',
          headers: forwarded({ 'content-type': 'application/json' }),
          body: JSON.stringify(input.data),
        });
        const enrolment = answer.ok ? await readAnswer(answer, consoleEnrolmentSchema) : null;
        if (!enrolment) return page(401, t('enrol.title'), html`${notify(t, 'invalidCredentials')}${renderEnrolStart(t)}`);
        await deps.limits.codeByAddress.refund(clientIp);
        return page(
          200,
          t('enrol.title'),
          renderEnrolSecret(t, enrolment.totpURI, enrolment.backupCodes),
          undefined,
          undefined,
          answer.headers.getSetCookie(),
        );
      }
      const input = await readInput(form, consoleCodeInput);
      const answer = input.ok
        ? await deps.fetchApi('/api/account/internal/console-enrol-confirm', {
            method: 'POST',
            headers: forwarded({ 'content-type': 'application/json' }),
            body: JSON.stringify(input.data),
          })
        : null;
      if (!answer?.ok) return page(400, t('enrol.title'), html`${notify(t, 'invalidCode')}${renderEnrolStart(t)}`);
      await deps.limits.codeByAddress.refund(clientIp);
      await audit(actor, 'console.two-factor-enrolled', actor.email, { twoFactorEnabled: false }, { twoFactorEnabled: true });
      return redirect('/console?done=enrolled', answer.headers.getSetCookie());
    }
    const apiKeys = await handleApiKeysSection({
      db: deps.db,
      t,
      path,
      form,
      admit,
      page,
      problemPage,
      redirect,
      audit,
      formatTime: (iso) => formatConsoleTime(iso, locale),
    });
    if (apiKeys !== null) return apiKeys;
    if (path === '/console/sign-out' && form) {
      const decision = await authorise({ resource: 'console', action: 'view' });
      const answer = await deps.fetchApi('/api/account/internal/console-sign-out', { method: 'POST', headers: forwarded() });
      if (decision?.actor) await audit(decision.actor, 'console.sign-out', decision.actor.email);
      return redirect('/console/sign-in', answer.headers.getSetCookie());
    }
    if (path === '/console') {
      const actor = await admit({ resource: 'console', action: 'view' });
      if (!actor) return true;
      const first = listVisibleSections(actor.role)[0];
      return redirect(`${first?.path ?? '/console/audit'}${url.search}`);
    }

    // Releases (the shell's section): live versions, builds, history, promote and rollback with a confirmation.
    if (path === '/console/releases') {
      const actor = await admit({ resource: 'release', action: 'read' });
      if (!actor) return true;
      const state = await deps.registry.read();
      // The browser is shown only what the role may do; the confirmation and its action are checked again.
      const canSwitch = canRole(actor.role, { resource: 'release', action: 'switch' });
      const rows = await Promise.all(
        APPS.map(async (app) => {
          const entry = state.apps[app];
          const builds = (await listReleases(deps.releasesDir, app).catch(() => [])).slice(-5).reverse();
          const promotable = builds.filter((build) => build.version !== entry?.live);
          return html`<tr>
            <th scope="row">${app}</th>
            <td><code>${entry?.live ?? t('releases.none')}</code></td>
            <td>${entry?.previous.at(-1) ? html`<code>${entry.previous.at(-1)}</code>` : t('releases.none')}</td>
            <td>
              ${
                canSwitch
                  ? html`<div class="row">
                      ${
                        entry?.previous.at(-1)
                          ? html`<form method="get" action="/console/releases/confirm">
                              <input type="hidden" name="action" value="rollback" /><input type="hidden" name="app" value="${app}" /><button
                                type="submit"
                                class="secondary"
                              >
                                ${t('releases.rollback')}
                              </button>
                            </form>`
                          : ''
                      }${
                        promotable.length > 0
                          ? html`<form method="get" action="/console/releases/confirm" class="row">
                              <input type="hidden" name="action" value="promote" /><input type="hidden" name="app" value="${app}" /><label
                                for="v-${app}"
                                >${t('releases.version')}</label
                              ><select id="v-${app}" name="version">
                                ${promotable.map((build) => html`<option value="${build.version}">${build.version}</option>`)}</select
                              ><button type="submit" class="secondary">${t('releases.promote')}</button>
                            </form>`
                          : ''
                      }
                    </div>`
                  : t('releases.readOnly')
              }
            </td>
          </tr>`;
        }),
      );
      const history = state.history
        .slice(-30)
        .reverse()
        .map(
          (event) =>
            html`<tr>
              <td><time datetime="${event.at}">${event.at.replace('T', ' ').slice(0, 19)}</time></td>
              <td>${event.app}</td>
              <td>${translateSwitchAction(t, event.action)}</td>
              <td><code>${event.from ?? '—'}</code> → <code>${event.to}</code></td>
              <td>${event.by}</td>
            </tr>`,
        );
      return page(
        200,
        t('sections.releases'),
        html`<section>
            <h2>${t('releases.liveHeading')}</h2>
            <div class="scroll" role="region" tabindex="0" aria-label="${t('releases.liveHeading')}">
              <table>
                <thead>
                  <tr>
                    <th scope="col">${t('releases.app')}</th>
                    <th scope="col">${t('releases.live')}</th>
                    <th scope="col">${t('releases.previous')}</th>
                    <th scope="col">${t('releases.switch')}</th>
                  </tr>
                </thead>
                <tbody>
                  ${rows}
                </tbody>
              </table>
            </div>
          </section>
          ${await renderReleaseBuilds(sectionRequest, deps.readVersionHealth ?? (async () => null))}
          <section>
            <h2>${t('releases.historyHeading')}</h2>
            <div class="scroll" role="region" tabindex="0" aria-label="${t('releases.historyHeading')}">
              <table>
                <thead>
                  <tr>
                    <th scope="col">${t('releases.when')}</th>
                    <th scope="col">${t('releases.app')}</th>
                    <th scope="col">${t('releases.action')}</th>
                    <th scope="col">${t('releases.change')}</th>
                    <th scope="col">${t('releases.by')}</th>
                  </tr>
                </thead>
                <tbody>
                  ${history}
                </tbody>
              </table>
            </div>
          </section>`,
        actor,
        'releases',
      );
    }
    if (path === '/console/releases/confirm') {
      const actor = await admit({ resource: 'release', action: 'switch' });
      if (!actor) return true;
      const input = await readInput(form ?? query, form ? consoleSwitchInput : consoleSwitchQuery);
      if (!input.ok) return problemPage(400, 'invalidInput', actor);
      const { app, action } = input.data;
      const state = await deps.registry.read();
      const live = state.apps[app]?.live ?? null;
      const target = input.data.action === 'promote' ? input.data.version : (state.apps[app]?.previous.at(-1) ?? null);
      if (!form) {
        return page(
          200,
          t('releases.confirmTitle'),
          html`<section>
            <p>${translateSwitchQuestion(t, action, { app, from: live ?? '—', to: target ?? '—' })}</p>
            <form method="post" action="/console/releases/confirm">
              <input type="hidden" name="action" value="${action}" /><input type="hidden" name="app" value="${app}" />${
                input.data.action === 'promote' ? html`<input type="hidden" name="version" value="${input.data.version}" />` : ''
              }<input type="hidden" name="confirm" value="yes" />
              <div class="row"><button type="submit">${t(`releases.${action}`)}</button> <a href="/console/releases">${t('releases.cancel')}</a></div>
            </form>
          </section>`,
          actor,
          'releases',
        );
      }
      const by = `${actor.email} (console)`;
      try {
        const event =
          input.data.action === 'promote'
            ? (await promoteRelease(switcher, app, input.data.version, by)).event
            : await rollbackRelease(switcher, app, by);
        await audit(actor, `release.${action}`, app, { live: event.from }, { live: event.to });
        return redirect('/console/releases?done=switched');
      } catch (error) {
        if (!(error instanceof ReleaseSwitchRefusedError)) throw error;
        deps.logger.warn('console: release switch refused', { app, action, reason: error.message });
        return page(
          409,
          t('releases.confirmTitle'),
          html`${notify(t, 'refused')}
            <section><pre>${error.message}</pre></section>`,
          actor,
          'releases',
        );
      }
    }

    // Mailbox (the platform's outbox): every mail the site sent, its state, and "Send again"; on a site without SMTP
    // every mail waits here, for a newcomer to open.
    if (path === '/console/mailbox') {
      const actor = await admit({ resource: 'mail', action: 'read' });
      if (!actor) return true;
      const input = await readInput(query, consoleMailQuery);
      if (!input.ok) return problemPage(400, 'invalidInput', actor);
      const messages = await deps.mailer.listOutbox(100);
      const opened = input.data.id ? ((await deps.mailer.readOutbox(input.data.id)) ?? undefined) : undefined;
      if (opened) await audit(actor, 'mail.read', `mail:${opened.id}`, undefined, { recipient: opened.recipient, subject: opened.subject });
      const body = opened ? linkSiteAddresses(opened.body_text, siteOrigin) : null;
      const canResend = canRole(actor.role, { resource: 'mail', action: 'resend' });
      return page(
        200,
        t('sections.mailbox'),
        html`<section>
            <p>${t('mailbox.intro')}</p>
            ${
              messages.length === 0
                ? html`<p>${t('mailbox.empty')}</p>`
                : html`<div class="scroll" role="region" tabindex="0" aria-label="${t('sections.mailbox')}">
                    <table>
                      <thead>
                        <tr>
                          <th scope="col">${t('mailbox.when')}</th>
                          <th scope="col">${t('mailbox.to')}</th>
                          <th scope="col">${t('mailbox.subject')}</th>
                          <th scope="col">${t('mailbox.state')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        ${messages.map(
                          (message) =>
                            html`<tr>
                              <td>${message.created_at.slice(0, 19)}</td>
                              <td>${message.recipient}</td>
                              <td>
                                <a href="/console/mailbox?id=${message.id}" ${message.id === opened?.id ? html` aria-current="true"` : ''}
                                  >${message.subject}</a
                                >
                              </td>
                              <td>${t(`mailbox.states.${message.state}`)}</td>
                            </tr>`,
                        )}
                      </tbody>
                    </table>
                  </div>`
            }
          </section>
          ${
            opened && body
              ? html`<section aria-labelledby="mail-subject">
                  <h2 id="mail-subject">${opened.subject}</h2>
                  <p>${t('mailbox.to')}: ${opened.recipient}</p>
                  <p>
                    ${t('mailbox.state')}: ${t(`mailbox.states.${opened.state}`)} ·
                    ${t('mailbox.attempts', { count: opened.attempts })}${opened.sent_at ? html` · ${t('mailbox.sentAt')} ${opened.sent_at.slice(0, 19)}` : ''}
                  </p>
                  ${opened.last_error ? html`<p>${t('mailbox.lastError')}: <code>${opened.last_error}</code></p>` : ''}
                  ${
                    canResend
                      ? html`<form method="post" action="/console/mailbox/resend">
                          <input type="hidden" name="id" value="${opened.id}" /><button type="submit" class="secondary">
                            ${t('mailbox.resend')}
                          </button>
                        </form>`
                      : ''
                  }
                  <pre>${body}</pre>
                </section>`
              : ''
          }`,
        actor,
        'mailbox',
      );
    }
    if (path === '/console/mailbox/resend' && form) {
      const actor = await admit({ resource: 'mail', action: 'resend' });
      if (!actor) return true;
      const input = await readInput(form, consoleMailResendInput);
      if (!input.ok) return problemPage(400, 'invalidInput', actor);
      const copy = await deps.mailer.resend(input.data.id);
      if (!copy) return problemPage(404, 'notFound', actor);
      await audit(actor, 'mail.resend', `mail:${input.data.id}`, undefined, { copy: `mail:${copy.id}`, state: copy.state });
      return redirect(`/console/mailbox?id=${copy.id}&done=resent`);
    }

    // Audit log: every console action, searchable.
    if (path === '/console/audit') {
      const actor = await admit({ resource: 'audit', action: 'read' });
      if (!actor) return true;
      const input = await readInput(query, consoleAuditQuery);
      if (!input.ok) return problemPage(400, 'invalidInput', actor);
      const entries = await searchConsoleAudit(deps.db, { text: input.data.q, beforeId: input.data.before });
      const next = entries.length === AUDIT_PAGE_SIZE ? entries.at(-1)?.id : undefined;
      const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));
      return page(
        200,
        t('sections.audit'),
        html`<section>
            <form method="get" action="/console/audit" role="search" class="row">
              <div>
                <label for="q">${t('audit.search')}</label><input id="q" name="q" type="search" value="${input.data.q ?? ''}" maxlength="200" />
              </div>
              <button type="submit">${t('audit.submit')}</button>
            </form>
          </section>
          <section>
            <div class="scroll" role="region" tabindex="0" aria-label="${t('sections.audit')}">
              <table>
                <thead>
                  <tr>
                    <th scope="col">${t('audit.when')}</th>
                    <th scope="col">${t('audit.who')}</th>
                    <th scope="col">${t('audit.action')}</th>
                    <th scope="col">${t('audit.target')}</th>
                    <th scope="col">${t('audit.before')}</th>
                    <th scope="col">${t('audit.after')}</th>
                  </tr>
                </thead>
                <tbody>
                  ${entries.map(
                    (entry) =>
                      html`<tr>
                        <td>${entry.at.slice(0, 19)}</td>
                        <td>${entry.actorEmail} (${t(`roles.${entry.actorRole}`)})</td>
                        <td><code>${entry.action}</code></td>
                        <td>${entry.target}</td>
                        <td><code class="json">${show(entry.before)}</code></td>
                        <td><code class="json">${show(entry.after)}</code></td>
                      </tr>`,
                  )}
                </tbody>
              </table>
            </div>
            ${entries.length === 0 ? html`<p>${t('audit.empty')}</p>` : ''}${
              next
                ? html`<p>
                    <a href="/console/audit?${new URLSearchParams({ ...(input.data.q ? { q: input.data.q } : {}), before: next }).toString()}"
                      >${t('audit.older')}</a
                    >
                  </p>`
                : ''
            }
          </section>`,
        actor,
        'audit',
      );
    }

    // People: who holds which role; owners grant and take roles away.
    if (path === '/console/people') {
      const actor = await admit({ resource: 'role', action: 'read' });
      if (!actor) return true;
      const answer = await deps.fetchApi('/api/account/internal/console-people', { headers: forwarded() });
      const people = answer.ok ? await readAnswer(answer, consolePeopleSchema) : null;
      if (!people) return problemPage(503, 'unavailable', actor);
      return page(
        200,
        t('sections.people'),
        html`<section>
            <div class="scroll" role="region" tabindex="0" aria-label="${t('sections.people')}">
              <table>
                <thead>
                  <tr>
                    <th scope="col">${t('people.email')}</th>
                    <th scope="col">${t('people.role')}</th>
                    <th scope="col">${t('people.twoFactor')}</th>
                  </tr>
                </thead>
                <tbody>
                  ${people.people.map(
                    (person) =>
                      html`<tr>
                        <td>${person.email}</td>
                        <td>${t(`roles.${person.role}`)}</td>
                        <td>${t(person.twoFactorEnabled ? 'people.enrolled' : 'people.notEnrolled')}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>
            </div>
          </section>
          <section>
            <h2>${t('people.changeHeading')}</h2>
            <form method="post" action="/console/people/role" class="row">
              <div><label for="email">${t('people.email')}</label><input id="email" name="email" type="email" required maxlength="320" /></div>
              <div>
                <label for="role">${t('people.role')}</label
                ><select id="role" name="role">
                  ${renderRoleOptions(t)}
                </select>
              </div>
              <button type="submit">${t('people.apply')}</button>
            </form>
          </section>`,
        actor,
        'people',
      );
    }
    if (path === '/console/people/role' && form) {
      const actor = await admit({ resource: 'role', action: 'grant' });
      if (!actor) return true;
      const input = await readInput(form, consoleRoleChangeInput);
      if (!input.ok) return problemPage(400, 'invalidInput', actor);
      const answer = await deps.fetchApi('/api/account/internal/console-role', {
        method: 'POST',
        headers: forwarded({ 'content-type': 'application/json' }),
        body: JSON.stringify({ email: input.data.email, role: input.data.role ?? '' }),
      });
      if (answer.status === 404) return redirect('/console/people?problem=no_account');
      if (answer.status === 409) return redirect('/console/people?problem=last_owner');
      const change = answer.ok ? await readAnswer(answer, consoleRoleChangeSchema) : null;
      if (!change) return problemPage(503, 'unavailable', actor);
      await audit(actor, change.after ? 'role.grant' : 'role.revoke', change.email, { role: change.before }, { role: change.after });
      return redirect('/console/people?done=role');
    }
    if (await handleShellSections(sectionRequest)) return true;
    // A squad section's preview (docs/console.md "Section previews"): a document of the squad's components alone, framed
    // by the section's page, rendered by the squad's internal route after the host's check.
    const preview = findSectionPreview(path);
    if (preview) {
      const actor = await admit(preview.preview.permission);
      if (!actor) return true;
      if (form || !preview.id) return page(404, t('problems.notFound'), html`<section><p>${t('problems.notFoundDetail')}</p></section>`, actor);
      const answer = await forwardPreview(deps.fetchApi, preview, { search: url.search, actor, locale, clientIp });
      if (!answer)
        return page(503, t('problems.sectionUnavailable'), html`<section><p>${t('problems.sectionUnavailableDetail')}</p></section>`, actor);
      const previewLocale = isLocale(url.searchParams.get('locale') ?? '') ? (url.searchParams.get('locale') as Locale) : locale;
      const state = await deps.registry.read();
      const liveOf = (app: string) => {
        const version = state.apps[app]?.live;
        return version ? { version, dir: toReleaseDir(deps.releasesDir, app, version) } : undefined;
      };
      const styles = await listPreviewStyles(
        { shell: liveOf('shell'), remote: liveOf(preview.preview.app), app: preview.preview.app },
        deps.assetOrigin ?? '',
      ).catch(() => []);
      const common = fixedTranslate(createI18n(previewLocale, await deps.loadTexts(previewLocale, ['common'])), 'common');
      res.setHeader('content-security-policy', buildPreviewCsp(nonce, deps.assetOrigin ?? ''));
      res.setHeader('x-frame-options', 'SAMEORIGIN');
      return send(answer.status, renderPreviewDocument({ answer, locale: previewLocale, nonce, styles, common, t }));
    }

    // A squad's section (docs/console.md "Squad sections"): the live release's `./console`, behind the host's checks.
    const squadPath = matchSquadSectionPath(path);
    if (squadPath) {
      const squadConsole = (await loadSquadConsoles()).find((entry) => entry.squad === squadPath.squad);
      const section = squadConsole?.module?.sections.find((candidate) => candidate.id === squadPath.sectionId);
      const route = section ? findSectionRoute(section, squadPath.route, form !== null) : undefined;
      const unavailable = (actor: ConsoleActor, status = 503) =>
        page(status, t('problems.sectionUnavailable'), html`<section><p>${t('problems.sectionUnavailableDetail')}</p></section>`, actor);
      if (!section || !route) {
        const actor = await admit({ resource: 'console', action: 'view' });
        if (!actor) return true;
        if (!squadConsole?.module) return unavailable(actor);
        return page(404, t('problems.notFound'), html`<section><p>${t('problems.notFoundDetail')}</p></section>`, actor);
      }
      // The host's check, before the section runs at all: the permission the page or action declares.
      const actor = await admit(route.permission);
      if (!actor) return true;
      const input = await readInput(form ?? query, 'input' in route ? route.input : route.query);
      if (!input.ok) return problemPage(400, 'invalidInput', actor);
      const basePath = sectionPath(squadPath.squad, section);
      const texts = await deps.loadTexts(locale, section.namespaces);
      let audited = false;
      const context = {
        actor,
        locale,
        t: fixedTranslate(createI18n(locale, texts, { defaultNS: section.namespaces[0] }), section.namespaces[0]),
        fetchApi: deps.fetchApi,
        audit: async (entry: { action: string; target: string; before?: unknown; after?: unknown }) => {
          await audit(actor, entry.action, entry.target, entry.before, entry.after);
          audited = true;
        },
        can: (permission: ConsolePermission) => canRole(actor.role, permission),
        basePath,
      };
      const failed = (error: unknown) => {
        deps.logger.error('console: a squad section failed', {
          squad: squadPath.squad,
          version: squadConsole?.version,
          section: section.id,
          route: squadPath.route,
          error: error instanceof Error ? error.message : String(error),
        });
        return unavailable(actor);
      };
      let answer;
      try {
        answer = 'handle' in route ? await route.handle(context, input.data as never) : await route.render(context, input.data as never);
      } catch (error) {
        return failed(error);
      }
      if (answer.kind === 'redirect') {
        const location = resolveSectionRedirect(basePath, answer.to);
        if (!location) return failed(new Error(`a redirect outside the section: ${answer.to.slice(0, 100)}`));
        // Every action is in the audit log, whether or not the section wrote its own entry.
        if (form && !audited) await audit(actor, `${section.id}.${squadPath.route}`, basePath);
        return redirect(location);
      }
      if (answer.kind === 'download') {
        if (!/^[A-Za-z0-9._-]{1,100}$/.test(answer.filename) || answer.contentType !== 'text/csv')
          return failed(new Error(`a download the console does not send: ${String(answer.filename).slice(0, 100)}`));
        res.statusCode = 200;
        res.setHeader('content-type', 'text/csv; charset=utf-8');
        res.setHeader('content-disposition', `attachment; filename="${answer.filename}"`);
        res.setHeader('x-content-type-options', 'nosniff');
        res.end(method === 'HEAD' ? undefined : answer.body);
        return true;
      }
      let body: string | null;
      try {
        body = await deps.sections!.render(answer.body);
      } catch (error) {
        return failed(error);
      }
      if (body === null) return unavailable(actor);
      const status = Number.isInteger(answer.status) && answer.status! >= 200 && answer.status! < 600 ? answer.status! : 200;
      // A section page that frames previews of itself (findSectionPreview) may frame this origin.
      if (SECTION_PREVIEWS.some((candidate) => candidate.section === basePath))
        res.setHeader('content-security-policy', allowPreviewFrames(buildConsoleCsp(nonce)));
      return page(status, answer.title, new Markup(`<div class="section">${body}</div>`), actor, basePath);
    }
    return page(404, t('problems.notFound'), html`<section><p>${t('problems.notFoundDetail')}</p></section>`);
  };
}

/** A notice above a form. */
function notify(t: (key: string) => string, key: string): Markup {
  return html`<p class="notice problem" role="alert">${t(`problems.${key}`)}</p>`;
}

/** A mail's text with the site's own addresses as links (a newcomer opens the set-password link); other text stays text. */
export function linkSiteAddresses(text: string, siteOrigin: string): Markup {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return html`${parts.map((part, index) => {
    if (index % 2 === 0) return part;
    let origin: string | null = null;
    try {
      origin = new URL(part).origin;
    } catch {
      origin = null;
    }
    return origin === siteOrigin ? html`<a href="${part}">${part}</a>` : part;
  })}`;
}

/** A moment as the console shows it: the reader's language, UTC (operators on several continents read one log). */
export function formatConsoleTime(iso: string | null, locale: Locale): Markup | string {
  if (!iso) return '—';
  // PostgreSQL's text form (`2026-11-28 18:16:18.369+00`) with an offset JavaScript reads (`+00:00`).
  const when = new Date((iso.includes('T') ? iso : iso.replace(' ', 'T')).replace(/([+-]\d\d)$/, '$1:00'));
  if (Number.isNaN(when.getTime())) return iso;
  const text = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-Hant' : locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(
    when,
  );
  return html`<time datetime="${when.toISOString()}">${text} UTC</time>`;
}
