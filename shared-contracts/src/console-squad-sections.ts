import { createElement as h, type ReactNode } from 'react';
import type { z } from 'zod';
import type { Locale } from './locales.ts';
import type { Translate as TranslateFunction } from './page-contract.ts';
import { consolePermissionSchema, type ConsolePermission } from './console-roles.ts';
import type { ConsoleActor } from './console-operators.ts';

/*
 * The squad section contract (docs/console.md "Squad sections", ADR 0013), since CONTRACT_VERSION 3.3.0. A
 * squad's release may expose `./console` from its server container (its app's `BUILD.serverExposes`): the
 * sections it offers, each page rendered on the server to static HTML inside the shell's frame, each action a
 * form post. The host owns the frame, navigation, sign-in, the origin check, the body limit, the input parsing and
 * the permission check: it calls a page or an action only after the account squad allowed the permission it
 * declares, with its input already parsed by its own schema, so a section can neither skip the check nor read
 * an unparsed field.
 */

/** A section's id, and a page's or action's path segment (`/console/<squad>/<section>/<path>`). */
export const CONSOLE_SECTION_ID = /^[a-z][a-z0-9-]{0,30}$/;
/** An audit action a section records (`order.refund`). */
export const CONSOLE_AUDIT_ACTION = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

/** One audit entry a section writes: what, on which target, the state before and after. */
export interface ConsoleAuditEntry {
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

/** What the host hands a section's page or action, for one request of one signed-in operator. */
export interface ConsoleSectionContext {
  /** The operator, as the account squad authorised them for this very permission. */
  actor: ConsoleActor;
  locale: Locale;
  /** The section's texts (its first namespace; `ns:key` reaches its others and `console`). */
  t: TranslateFunction;
  /** The site's API through the host: the squad's own `/internal/` routes are how a section reads and acts. */
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>;
  /** Writes the action's entry in the audit log (who, when and from where are the host's). */
  audit: (entry: ConsoleAuditEntry) => Promise<void>;
  /** Whether the operator's role holds a permission: only to hide what it cannot do (the host checks every route). */
  can: (permission: ConsolePermission) => boolean;
  /** The section's address (`/console/checkout/orders`), for its links and forms. */
  basePath: string;
}

/** What a page or an action answers: a page in the frame, or a redirect inside the section. */
export type ConsoleSectionAnswer =
  | {
      kind: 'page';
      /** 200 unless a problem: a refused action's localised 4xx (409 for a state that forbids it). */
      status?: number;
      title: string;
      /** Server-rendered once to static HTML inside the frame; no script runs on a console page. */
      body: ReactNode;
    }
  | {
      kind: 'redirect';
      /** Relative to the section: `""`, `order?id=…`, `?done=refunded`. */
      to: string;
    }
  | {
      /** A file to save (an export): sent as an attachment, never cached, never rendered by the browser. */
      kind: 'download';
      /** Letters, digits, dots, dashes and underscores only. */
      filename: string;
      contentType: 'text/csv';
      body: string;
    };

/** A page of a section (GET). */
export interface ConsoleSectionPage<Query = unknown> {
  /** `""` for the section's first page, else one segment. */
  path: string;
  permission: ConsolePermission;
  /** Its query, parsed by the host: a bad one is a 400 page. */
  query: z.ZodType<Query>;
  render: (context: ConsoleSectionContext, query: Query) => Promise<ConsoleSectionAnswer>;
}

/** A form action of a section (POST). */
export interface ConsoleSectionAction<Input = unknown> {
  path: string;
  permission: ConsolePermission;
  /** Its form fields, parsed by the host: a bad one is a 400 page. */
  input: z.ZodType<Input>;
  handle: (context: ConsoleSectionContext, input: Input) => Promise<ConsoleSectionAnswer>;
}

/** One section a squad offers. */
export interface ConsoleSection {
  id: string;
  /** The key of its navigation label in its first namespace. */
  labelKey: string;
  /** Its translation namespaces (`locales/<locale>/<ns>.json`), the first being its own. */
  namespaces: readonly [string, ...string[]];
  /** Its first page (path `""`) decides whether the navigation shows it. */
  pages: readonly ConsoleSectionPage<never>[];
  actions: readonly ConsoleSectionAction<never>[];
}

/** What a squad's `./console` exports as default. */
export interface ConsoleModule {
  contractVersion: string;
  sections: readonly ConsoleSection[];
}

/** Declares a page with its query's type carried to `render`. */
export function defineConsolePage<Query>(page: ConsoleSectionPage<Query>): ConsoleSectionPage<never> {
  return page as unknown as ConsoleSectionPage<never>;
}

/** Declares an action with its input's type carried to `handle`. */
export function defineConsoleAction<Input>(action: ConsoleSectionAction<Input>): ConsoleSectionAction<never> {
  return action as unknown as ConsoleSectionAction<never>;
}

/**
 * The one "no such thing" answer of a squad's section (404): what a page or an action names (an order, a subscriber)
 * does not exist. Its texts are the section's own, in its first namespace: the title `problems.not_found`, the detail
 * `problems.not_foundDetail`, and `backKey`, the label of the link back to the section's first page.
 */
export function answerSectionNotFound({ t, basePath }: Pick<ConsoleSectionContext, 't' | 'basePath'>, backKey: string): ConsoleSectionAnswer {
  return {
    kind: 'page',
    status: 404,
    title: t('problems.not_found'),
    // createElement, not JSX: the host runs this module on Node's type stripping, which reads no JSX.
    body: h('section', null, h('p', null, t('problems.not_foundDetail')), h('p', null, h('a', { href: basePath }, t(backKey)))),
  };
}

/**
 * A section's answer to an action its squad refused (`problem`: `not_found` is 404, any other state 409): the
 * section's `problems.<problem>` title and `problems.<problem>Detail` alert, and a link back to `backHref`.
 */
export function answerSectionRefusal(t: TranslateFunction, problem: string, backHref: string): ConsoleSectionAnswer {
  return {
    kind: 'page',
    status: problem === 'not_found' ? 404 : 409,
    title: t(`problems.${problem}`),
    body: h(
      'section',
      null,
      h('p', { className: 'notice problem', role: 'alert' }, t(`problems.${problem}Detail`)),
      h('p', null, h('a', { href: backHref }, t('confirm.back'))),
    ),
  };
}

/** Why a module a release exposes as `./console` is refused; null when it honours the contract. */
export function findConsoleModuleProblem(exported: unknown, isCompatible: (contractVersion: string) => boolean): string | null {
  const candidate = (exported as { default?: unknown } | null)?.default ?? exported;
  const module = candidate as Partial<ConsoleModule> | null;
  if (!module || typeof module !== 'object' || !Array.isArray(module.sections) || typeof module.contractVersion !== 'string')
    return 'its ./console export is not a ConsoleModule';
  if (!isCompatible(module.contractVersion)) return `built against contract ${module.contractVersion}, incompatible with the shell's`;
  const ids = new Set<string>();
  for (const section of module.sections as readonly ConsoleSection[]) {
    if (!section || !CONSOLE_SECTION_ID.test(section.id) || ids.has(section.id)) return `section ${String(section?.id)}: a bad or repeated id`;
    ids.add(section.id);
    if (
      typeof section.labelKey !== 'string' ||
      !Array.isArray(section.namespaces) ||
      section.namespaces.length === 0 ||
      !section.namespaces.every((namespace: unknown) => typeof namespace === 'string' && /^[a-z][a-z0-9_]{0,63}$/.test(namespace))
    )
      return `section ${section.id}: no label, or bad namespaces`;
    const routes = [...(section.pages ?? []), ...(section.actions ?? [])];
    if (!section.pages?.some((page: ConsoleSectionPage<never>) => page.path === '')) return `section ${section.id}: no first page`;
    const seen = new Set<string>();
    for (const [index, route] of routes.entries()) {
      const kind = index < section.pages.length ? 'page' : 'action';
      const key = `${kind} ${route.path}`;
      if ((route.path !== '' && !CONSOLE_SECTION_ID.test(route.path)) || seen.has(key)) return `section ${section.id}: a bad or repeated ${key}`;
      seen.add(key);
      if (!consolePermissionSchema.safeParse(route.permission).success) return `section ${section.id}: ${key} declares no known permission`;
      const schema = 'query' in route ? route.query : route.input;
      // Duck-typed: the remote bundles its own copy of zod.
      if (typeof (schema as { safeParse?: unknown } | undefined)?.safeParse !== 'function') return `section ${section.id}: ${key} has no zod schema`;
      const run = 'render' in route ? route.render : (route as { handle?: unknown }).handle;
      if (typeof run !== 'function') return `section ${section.id}: ${key} has nothing to run`;
    }
  }
  return null;
}
