import { z } from 'zod';

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
  mail: ['read'],
  audit: ['read'],
  role: ['read', 'grant'],
  campaign: ['read', 'write'],
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
    campaign: ['read', 'write'],
    push: ['read', 'send'],
    analytics: ['read'],
    audit: ['read'],
  },
  support: { console: ['view'], order: ['read', 'refund', 'resend', 'reset-devices', 'revoke-key'], mail: ['read'], audit: ['read'] },
  analyst: { console: ['view'], release: ['read'], order: ['read'], campaign: ['read'], push: ['read'], analytics: ['read'], audit: ['read'] },
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

/** The mailbox: one message to open, or the list. */
export const consoleMailQuery = z.object({
  id: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

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
