import { readInput, respondJson } from '@reelkeep/shared-contracts';
import {
  CONSOLE_ROLES,
  consoleAuthoriseInput,
  consoleCodeInput,
  consoleEnrolInput,
  consoleRoleChangeInput,
  consoleSignInInput,
  isConsoleRole,
  type ConsoleAuthorisation,
  type ConsoleRoleChange,
  type ConsoleSignInOutcome,
} from '@reelkeep/shared-contracts/console';
import { z } from 'zod';
import { getAuth } from './auth.ts';
import type { AccountContext, AccountRoute } from './settings.ts';

/**
 * docs/console.md: the console's identity, for the host only (the gateway answers `/internal/` paths from outside
 * with 404). The host owns the console's pages, its sign-in forms, their origin checks and rate limits; these
 * routes wrap better-auth (its admin plugin's roles and access control, its twoFactor plugin) for it.
 */

const NO_STORE = { 'cache-control': 'no-store' };

/** What the routes read of the library's sign-in answer. */
const signInAnswerSchema = z.object({ twoFactorRedirect: z.boolean().optional() });
/** What the routes read of the library's enrolment answer. */
const enrolAnswerSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });

/** What the routes read of the library's answer to a verified code: the account now signed in. */
const verifiedUserSchema = z.object({ user: z.object({ id: z.string(), email: z.string(), role: z.string().nullish() }) });

/** The library's answer with its cookies copied onto ours. */
function withCookiesOf(answer: Response, body: unknown, status = 200): Response {
  const response = respondJson(body, status, NO_STORE);
  for (const cookie of answer.headers.getSetCookie()) response.headers.append('set-cookie', cookie);
  return response;
}

async function readSession(request: Request, context: AccountContext) {
  return (await getAuth(context)).api.getSession({ headers: request.headers }).catch(() => null);
}

/** "May this session do that?": the library's access control decides the permission of the account's role. */
const authoriseRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/internal/console-authorise',
  async handle(request, context) {
    const input = await readInput(request, consoleAuthoriseInput);
    if (!input.ok) return respondJson({ cscode: 400, error: 'invalid_input' }, 400);
    const session = await readSession(request, context);
    const answer = (body: ConsoleAuthorisation) => respondJson(body, 200, NO_STORE);
    if (!session) return answer({ allowed: false, reason: 'signed-out' });
    const { id, email } = session.user;
    const role = (session.user as { role?: string | null }).role;
    if (!isConsoleRole(role)) return answer({ allowed: false, reason: 'forbidden' });
    const actor = { id, email, role };
    // docs/console.md "Two-factor sign-in": a role holder who never enrolled is sent to enrol first.
    if (!(session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled)
      return answer({ allowed: false, reason: 'two-factor-required', actor });
    const { permission } = input.data;
    const checked = await (
      await getAuth(context)
    ).api.userHasPermission({ body: { role, permissions: { [permission.resource]: [permission.action] } } });
    return answer(checked.success ? { allowed: true, actor } : { allowed: false, reason: 'forbidden', actor });
  },
};

/** Step one of the console's sign-in: the password. A role holder with two-factor sign-in gets a pending code step. */
const signInRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/internal/console-sign-in',
  async handle(request, context) {
    const input = await readInput(request, consoleSignInInput);
    if (!input.ok) return respondJson({ cscode: 400, error: 'invalid_input' }, 400);
    const answer = await (await getAuth(context)).api.signInEmail({ body: input.data, headers: request.headers, asResponse: true }).catch(() => null);
    if (!answer?.ok) return respondJson({ outcome: 'invalid' } satisfies ConsoleSignInOutcome, 401, NO_STORE);
    const body = signInAnswerSchema.safeParse(
      await answer
        .clone()
        .json()
        .catch(() => null),
    );
    const outcome: ConsoleSignInOutcome = { outcome: body.data?.twoFactorRedirect ? 'code-required' : 'signed-in' };
    return withCookiesOf(answer, outcome);
  },
};

/** Step two: a TOTP code, or one of the backup codes, against the pending sign-in's cookie. */
const verifyRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/internal/console-verify',
  async handle(request, context) {
    const input = await readInput(request, consoleCodeInput);
    if (!input.ok) return respondJson({ cscode: 400, error: 'invalid_input' }, 400);
    const auth = await getAuth(context);
    const code = input.data.code;
    const answer = await (
      /^\d{6}$/.test(code)
        ? auth.api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true })
        : auth.api.verifyBackupCode({ body: { code }, headers: request.headers, asResponse: true })
    ).catch(() => null);
    if (!answer?.ok) return respondJson({ cscode: 401, error: 'invalid_code' }, 401, NO_STORE);
    const user = verifiedUserSchema.safeParse(
      await answer
        .clone()
        .json()
        .catch(() => null),
    ).data?.user;
    const actor = user && isConsoleRole(user.role) ? { id: user.id, email: user.email, role: user.role } : undefined;
    return withCookiesOf(answer, { verified: true, ...(actor ? { actor } : {}) });
  },
};

/** Enrolment, step one: the password again; answers the authenticator's secret (as an otpauth URI) and the backup codes. */
const enrolRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/internal/console-enrol',
  async handle(request, context) {
    const input = await readInput(request, consoleEnrolInput);
    if (!input.ok) return respondJson({ cscode: 400, error: 'invalid_input' }, 400);
    const answer = await (
      await getAuth(context)
    ).api
      .enableTwoFactor({ body: { password: input.data.password }, headers: request.headers, asResponse: true })
      .catch(() => null);
    const body = answer?.ok
      ? enrolAnswerSchema.safeParse(
          await answer
            .clone()
            .json()
            .catch(() => null),
        )
      : null;
    if (!answer || !body?.success) return respondJson({ cscode: 401, error: 'invalid_password' }, 401, NO_STORE);
    return withCookiesOf(answer, body.data);
  },
};

/** Enrolment, step two: the first code from the authenticator turns two-factor sign-in on. */
const enrolConfirmRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/internal/console-enrol-confirm',
  async handle(request, context) {
    const input = await readInput(request, consoleCodeInput);
    if (!input.ok || !/^\d{6}$/.test(input.data.code)) return respondJson({ cscode: 400, error: 'invalid_code' }, 400, NO_STORE);
    const answer = await (
      await getAuth(context)
    ).api
      .verifyTOTP({ body: { code: input.data.code }, headers: request.headers, asResponse: true })
      .catch(() => null);
    if (!answer?.ok) return respondJson({ cscode: 401, error: 'invalid_code' }, 401, NO_STORE);
    return withCookiesOf(answer, { enrolled: true });
  },
};

/** Ends the console session. */
const signOutRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/internal/console-sign-out',
  async handle(request, context) {
    const answer = await (await getAuth(context)).api.signOut({ headers: request.headers, asResponse: true }).catch(() => null);
    return answer ? withCookiesOf(answer, { signedOut: true }) : respondJson({ signedOut: true }, 200, NO_STORE);
  },
};

/** Every account holding a console role. */
const peopleRoute: AccountRoute = {
  method: 'GET',
  path: '/api/account/internal/console-people',
  async handle(_request, context) {
    const people = await context.db.query<{ id: string; email: string; name: string; role: string; twoFactorEnabled: boolean }>(
      `SELECT id, email, name, role, coalesce(two_factor_enabled, false) AS "twoFactorEnabled"
         FROM account.users WHERE role = ANY($1::text[]) ORDER BY email`,
      [CONSOLE_ROLES],
    );
    return respondJson({ people }, 200, NO_STORE);
  },
};

/**
 * Grants a console role to the account of an address, or takes it away (`role: null`). Answers the role before and
 * after for the audit log. The last owner cannot lose the role: the console would have nobody to grant it again.
 */
const roleRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/internal/console-role',
  async handle(request, context) {
    const input = await readInput(request, consoleRoleChangeInput);
    if (!input.ok) return respondJson({ cscode: 400, error: 'invalid_input' }, 400);
    const { email, role } = input.data;
    return context.db.transaction(async (query) => {
      const [user] = await query<{ id: string; role: string | null }>(
        'SELECT id, role FROM account.users WHERE lower(email) = lower($1) FOR UPDATE',
        [email],
      );
      if (!user) return respondJson({ cscode: 404, error: 'no_account' }, 404, NO_STORE);
      const before = isConsoleRole(user.role) ? user.role : null;
      if (before === 'owner' && role !== 'owner') {
        const [others] = await query<{ count: number }>(`SELECT count(*)::int AS count FROM account.users WHERE role = 'owner' AND id <> $1`, [
          user.id,
        ]);
        if ((others?.count ?? 0) === 0) return respondJson({ cscode: 409, error: 'last_owner' }, 409, NO_STORE);
      }
      await query('UPDATE account.users SET role = $2, updated_at = now() WHERE id = $1', [user.id, role]);
      const change: ConsoleRoleChange = { userId: user.id, email, before, after: role };
      return respondJson(change, 200, NO_STORE);
    });
  },
};

/** The console's identity routes (internal). */
export const consoleRoutes: AccountRoute[] = [
  authoriseRoute,
  signInRoute,
  verifyRoute,
  enrolRoute,
  enrolConfirmRoute,
  signOutRoute,
  peopleRoute,
  roleRoute,
];
