import type { ReactNode } from 'react';
import { z } from 'zod';
import type { Locale } from './locales.ts';
import type { Translate as TranslateFunction } from './page-contract.ts';

/**
 * The operator console's roles and permissions (docs/console.md "Roles"), shared by the account squad (which
 * hands them to better-auth's access control) and the host (which checks them on every console route and hides
 * what a role cannot do). One table: a permission a role lacks here is refused everywhere.
 */

/** What the console acts on, and the actions on each (better-auth's access-control "statements"). */
export const CONSOLE_STATEMENTS = {
  console: ['view'],
  release: ['read', 'switch'],
  order: ['read', 'refund', 'resend', 'reset-devices', 'revoke-key'],
  newsletter: ['read', 'export', 'manage'],
  mail: ['read', 'resend'],
  audit: ['read'],
  role: ['read', 'grant'],
  campaign: ['read', 'manage'],
  experiment: ['read', 'switch'],
  analytics: ['read'],
  push: ['read', 'send'],
  cache: ['read', 'purge'],
  'api-key': ['read', 'create', 'revoke'],
} as const;

/** A resource of the console. */
export type ConsoleResource = keyof typeof CONSOLE_STATEMENTS;

/** One permission: a resource and one of its actions. */
export type ConsolePermission = { [R in ConsoleResource]: { resource: R; action: (typeof CONSOLE_STATEMENTS)[R][number] } }[ConsoleResource];

/** The console roles, most powerful first. */
export const CONSOLE_ROLES = ['owner', 'release-manager', 'campaign-manager', 'support', 'analyst'] as const;

/** A console role (better-auth admin plugin's `role` of the account). */
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

type RolePermissions = { [R in ConsoleResource]?: readonly (typeof CONSOLE_STATEMENTS)[R][number][] };

/** What each role may do (docs/console.md "Roles"). Every role may view the console and read the audit log. */
export const CONSOLE_ROLE_PERMISSIONS: Record<ConsoleRole, RolePermissions> = {
  owner: CONSOLE_STATEMENTS,
  'release-manager': { console: ['view'], release: ['read', 'switch'], cache: ['read', 'purge'], audit: ['read'] },
  'campaign-manager': {
    console: ['view'],
    release: ['read'],
    newsletter: ['read', 'export', 'manage'],
    campaign: ['read', 'manage'],
    experiment: ['read'],
    analytics: ['read'],
    push: ['read', 'send'],
    cache: ['read'],
    audit: ['read'],
  },
  support: {
    console: ['view'],
    order: ['read', 'refund', 'resend', 'reset-devices', 'revoke-key'],
    newsletter: ['read', 'manage'],
    mail: ['read', 'resend'],
    campaign: ['read'],
    audit: ['read'],
  },
  analyst: {
    console: ['view'],
    release: ['read'],
    order: ['read'],
    newsletter: ['read'],
    campaign: ['read'],
    experiment: ['read', 'switch'],
    analytics: ['read'],
    push: ['read'],
    audit: ['read'],
  },
};

/** Whether a string names a console role. */
export function isConsoleRole(value: unknown): value is ConsoleRole {
  return typeof value === 'string' && (CONSOLE_ROLES as readonly string[]).includes(value);
}

/** Whether a role holds a permission; an account without a console role holds none. */
export function canRole(role: string | null | undefined, permission: ConsolePermission): boolean {
  if (!isConsoleRole(role)) return false;
  const actions = CONSOLE_ROLE_PERMISSIONS[role][permission.resource] as readonly string[] | undefined;
  return actions?.includes(permission.action) ?? false;
}

/** Who acts in the console, as the host hands it on. */
export const consoleActorSchema = z.object({
  id: z.string().min(1).max(200),
  email: z.string().max(320),
  role: z.enum(CONSOLE_ROLES),
});

/** A console actor. */
export type ConsoleActor = z.infer<typeof consoleActorSchema>;

/**
 * The account squad's answer to "may this session do that?" (`POST /api/account/internal/console-authorise`):
 * allowed with the actor, or refused with why: nobody signed in, a role holder without two-factor sign-in
 * enrolled, or a role (or no role) that lacks the permission.
 */
export const consoleAuthorisationSchema = z.discriminatedUnion('allowed', [
  z.object({ allowed: z.literal(true), actor: consoleActorSchema }),
  z.object({
    allowed: z.literal(false),
    reason: z.enum(['signed-out', 'two-factor-required', 'forbidden']),
    actor: consoleActorSchema.optional(),
  }),
]);

/** An authorisation answer. */
export type ConsoleAuthorisation = z.infer<typeof consoleAuthorisationSchema>;

/** A permission as it travels: a known resource and one of its actions. */
export const consolePermissionSchema = z
  .object({ resource: z.enum(Object.keys(CONSOLE_STATEMENTS) as [ConsoleResource, ...ConsoleResource[]]), action: z.string().max(40) })
  .refine((permission) => (CONSOLE_STATEMENTS[permission.resource] as readonly string[]).includes(permission.action), 'unknown action')
  .transform((permission) => permission as ConsolePermission);

/** The body of an authorisation request (the session travels in the forwarded cookie). */
export const consoleAuthoriseInput = z.object({ permission: consolePermissionSchema });

/** The console's sign-in, step one (the password; docs/forms.md "Passwords" bounds). */
export const consoleSignInInput = z.object({ email: z.email().max(320), password: z.string().min(1).max(50) });

/** A TOTP code (6 digits) or a backup code (letters, digits and a dash, as the library makes them). */
export const consoleCodeInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9-]{8,32})$/),
});

/** Enrolment in two-factor sign-in asks for the password again. */
export const consoleEnrolInput = z.object({ password: z.string().min(1).max(50) });

/** Grant a console role to an account (by its address), or take it away (`""`, the form's "no role"). */
export const consoleRoleChangeInput = z.object({
  email: z.email().max(320),
  role: z.union([z.enum(CONSOLE_ROLES), z.literal('')]).transform((role) => (role === '' ? null : role)),
});

/** A role change as the account squad made it: before and after, for the audit log. */
export const consoleRoleChangeSchema = z.object({
  userId: z.string(),
  email: z.string(),
  before: z.enum(CONSOLE_ROLES).nullable(),
  after: z.enum(CONSOLE_ROLES).nullable(),
});
/** A role change. */
export type ConsoleRoleChange = z.infer<typeof consoleRoleChangeSchema>;

/** How step one of the console's sign-in ended. */
export const consoleSignInOutcomeSchema = z.object({ outcome: z.enum(['signed-in', 'code-required', 'invalid']) });
/** A sign-in outcome. */
export type ConsoleSignInOutcome = z.infer<typeof consoleSignInOutcomeSchema>;

/** The enrolment's secret (an otpauth URI) and backup codes, shown once. */
export const consoleEnrolmentSchema = z.object({ totpURI: z.string().startsWith('otpauth://'), backupCodes: z.array(z.string()) });

/** The accounts holding a console role. */
export const consolePeopleSchema = z.object({
  people: z.array(z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(CONSOLE_ROLES), twoFactorEnabled: z.boolean() })),
});

/** The apps a release switch may name (the registry's apps). */
const RELEASE_APPS = ['shell', 'mf-landing', 'mf-checkout', 'mf-account', 'mf-blog', 'mf-campaign'] as const;
const VERSION_PATTERN = /^[0-9A-Za-z.+-]{1,80}$/;

/** The Releases section's confirmation page: which switch to confirm. */
export const consoleSwitchQuery = z.discriminatedUnion('action', [
  z.object({ action: z.literal('rollback'), app: z.enum(RELEASE_APPS) }),
  z.object({ action: z.literal('promote'), app: z.enum(RELEASE_APPS), version: z.string().regex(VERSION_PATTERN) }),
]);

/** A confirmed release switch: the same fields, and the confirmation the form sends. */
export const consoleSwitchInput = z.intersection(consoleSwitchQuery, z.object({ confirm: z.literal('yes') }));

/** The audit log's search: words, and the page before an entry id. */
export const consoleAuditQuery = z.object({
  q: z.string().max(200).optional(),
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

/** The mailbox's "Send again": the outbox row to copy and send. */
export const consoleMailResendInput = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** The mailbox: one message to open, or the list. */
export const consoleMailQuery = z.object({
  id: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

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

export * from './console-section.ts';

// The shell sections' schemas that other squads' internal routes share (server-only, like this module).
export * from './inputs/funnel.ts';
export * from './inputs/push-compose.ts';

/**
 * docs/console.md "API keys": a key for automation. Its role's permissions are its scopes; it names its
 * creator, when it was made and last used, and whether (and by whom) it was revoked. Only its prefix is kept
 * readable: the whole key is shown once, when it is made.
 */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(CONSOLE_ROLES),
  prefix: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
/** An API key as listed (never its secret). */
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The name a key is known by (what it automates). */
export const apiKeyNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[\p{L}\p{N} ._:@/-]+$/u);

/** Make a key: its name and role. */
export const consoleApiKeyCreateInput = z.object({ name: apiKeyNameSchema, role: z.enum(CONSOLE_ROLES) });

/** Revoke a key, by id. */
export const consoleApiKeyRevokeInput = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** The console API's release switch (`POST /admin/releases/promote` and `/rollback`, the release CLI with a key). */
export const releaseSwitchApiInput = z.object({ app: z.enum(RELEASE_APPS), version: z.string().regex(VERSION_PATTERN).optional() });
