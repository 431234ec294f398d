import { z } from 'zod';
import { CONSOLE_ROLES } from './console-roles.ts';

/*
 * The inputs of the shell's own console sections and of the console API (docs/console.md "Sections", "Releases",
 * "Audit log", "API keys"), each one zod schema the host parses a form, a query or a body with.
 */

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
