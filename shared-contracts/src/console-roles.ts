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

/** A permission as it travels: a known resource and one of its actions. */
export const consolePermissionSchema = z
  .object({ resource: z.enum(Object.keys(CONSOLE_STATEMENTS) as [ConsoleResource, ...ConsoleResource[]]), action: z.string().max(40) })
  .refine((permission) => (CONSOLE_STATEMENTS[permission.resource] as readonly string[]).includes(permission.action), 'unknown action')
  .transform((permission) => permission as ConsolePermission);
