import { checkoutAccountInput, handoffTokenQuery, readInput, resetTokenQuery, respondJson, toLocalePrefix } from '@reelkeep/shared-contracts';
import { getAuth, readHandoffAccount } from './auth.ts';
import type { AccountRoute } from './settings.ts';

/**
 * For the checkout squad only (the gateway refuses `/internal/` paths from outside): the account of a buyer
 * who paid without signing in. An existing account is used as it is; a new one has no password yet and
 * its owner gets a mail with a link to choose one.
 */
const checkoutAccountRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/internal/checkout-account',
  async handle(request, context) {
    const input = await readInput(request, checkoutAccountInput);
    if (!input.ok) return respondJson({ cscode: 400, error: 'email' }, 400);
    const email = input.data.email.toLowerCase();
    const [existing] = await context.db.query<{ id: string }>('SELECT id FROM account.users WHERE lower(email) = $1', [email]);
    if (existing) return respondJson({ userId: existing.id, created: false });
    const auth = await getAuth(context);
    const user = await (
      await auth.$context
    ).internalAdapter.createUser({ email, name: email.split('@')[0] ?? email, emailVerified: false }, { method: 'email-password' });
    await auth.api
      .requestPasswordReset({ body: { email, redirectTo: `${toLocalePrefix(input.data.locale)}/reset-password` } })
      .catch((error: unknown) => {
        context.logger.error('set-password mail not sent for a checkout account', { error });
      });
    context.logger.info('account created at checkout', { userId: user.id });
    return respondJson({ userId: user.id, created: true });
  },
};

/**
 * For the reset page's loader: whether a mailed reset token is still good (unused, not expired), so a
 * used link says so before the visitor types a new password. Internal: no token oracle for outsiders.
 */
const resetTokenRoute: AccountRoute = {
  method: 'GET',
  path: '/api/account/internal/reset-token',
  async handle(request, context) {
    const input = await readInput(request, resetTokenQuery);
    if (!input.ok) return respondJson({ valid: false });
    const [found] = await context.db.query('SELECT 1 FROM account.verifications WHERE identifier = $1 AND expires_at > now()', [
      `reset-password:${input.data.token}`,
    ]);
    return respondJson({ valid: found !== undefined }, 200, { 'cache-control': 'no-store' });
  },
};

/**
 * For the login page's loader: whose account a desktop hand-off token opens, without using it, so the visitor
 * confirms the hand-off knowing which account it is (docs/security.md "Desktop hand-off"). Internal: no
 * token oracle for outsiders.
 */
const handoffTokenRoute: AccountRoute = {
  method: 'GET',
  path: '/api/account/internal/handoff-token',
  async handle(request, context) {
    const input = await readInput(request, handoffTokenQuery);
    const account = input.ok ? await readHandoffAccount(context, input.data.token) : null;
    return respondJson({ email: account?.email ?? null }, 200, { 'cache-control': 'no-store' });
  },
};

/** The routes other squads' servers call (`fetchApi`); the gateway answers 404 to anyone else. */
export const internalRoutes: readonly AccountRoute[] = [checkoutAccountRoute, resetTokenRoute, handoffTokenRoute];
