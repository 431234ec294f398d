import { z } from 'zod';
import { CONSOLE_ROLES, consolePermissionSchema } from './console-roles.ts';

/*
 * The console's operators as the account squad answers for them (docs/console.md "Two-factor sign-in", "Roles"): who acts, whether
 * a session may do something, the two-step sign-in and the enrolment in two-factor sign-in, and who holds which role.
 */

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
