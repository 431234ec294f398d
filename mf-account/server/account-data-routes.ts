import { deleteAccountInput, readInput, readSubmittedLocale, respondJson, shareVisitInput, toLocalePrefix } from '@reelkeep/shared-contracts';
import { clearSessionCookies, readUser } from './account-session.ts';
import { answerForm } from './form-answer.ts';
import type { AccountRoute } from './settings.ts';

/** The share_visit answer when the visit was already reported (docs/accounts.md "Invite visits"). */
const INVITE_ALREADY_REPORTED = 10010;

const exportRoute: AccountRoute = {
  method: 'GET',
  path: '/api/account/export',
  async handle(request, context) {
    const user = await readUser(request, context);
    if (!user) return respondJson({ cscode: 401 }, 401);
    const [profile] = await context.db.query(
      'SELECT id, name, email, email_verified, image, created_at, updated_at FROM account.users WHERE id = $1',
      [user.id],
    );
    const signIns = await context.db.query('SELECT provider_id, created_at, updated_at FROM account.accounts WHERE user_id = $1', [user.id]);
    const sessionRows = await context.db.query(
      'SELECT created_at, expires_at, ip_address, user_agent FROM account.sessions WHERE user_id = $1 ORDER BY created_at',
      [user.id],
    );
    const invites = await context.db.query('SELECT invite_code, created_at FROM account.invite_visits WHERE user_id = $1 ORDER BY created_at', [
      user.id,
    ]);
    const data = { exportedAt: new Date().toISOString(), profile, signInMethods: signIns, sessions: sessionRows, inviteVisits: invites };
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': 'attachment; filename="reelkeep-account.json"',
        'cache-control': 'no-store',
      },
    });
  },
};

const deleteRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/delete',
  async handle(request, context) {
    const input = await readInput(request, deleteAccountInput);
    const locale = readSubmittedLocale(input);
    const back = (status: number, query: Record<string, string>, target = `${toLocalePrefix(locale)}/my-account`) =>
      answerForm(input.isForm, { status, json: query, location: `${target}?${new URLSearchParams(query)}` });
    const user = await readUser(request, context);
    if (!user) return back(401, { delete_error: 'signed_out' });
    // The visitor confirms with the account's e-mail address (works for password and Google accounts alike).
    if (!input.ok || input.data.confirm_email.toLowerCase() !== user.email.toLowerCase()) return back(400, { delete_error: 'confirm' });
    // Personal data goes (sessions and sign-in methods cascade); orders stay with the checkout squad as the law requires.
    await context.db.query('DELETE FROM account.users WHERE id = $1', [user.id]);
    const response = back(200, { deleted: '1' }, toLocalePrefix(locale) || '/');
    for (const cookie of clearSessionCookies(context.site.SITE_URL)) response.headers.append('set-cookie', cookie);
    context.logger.info('account deleted', { userId: user.id });
    return response;
  },
};

const shareVisitRoute: AccountRoute = {
  method: 'POST',
  path: '/api/account/share-visit',
  async handle(request, context) {
    const input = await readInput(request, shareVisitInput);
    const user = await readUser(request, context);
    if (!user) return respondJson({ cscode: 401, problems: { form: 'signed_out' } }, 401);
    if (!input.ok) return respondJson({ cscode: 400, problems: { invite_code: 'invalid' } }, 400);
    const recorded = await context.db.query<{ invite_code: string }>(
      'INSERT INTO account.invite_visits (user_id, invite_code) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING invite_code',
      [user.id, input.data.invite_code],
    );
    // docs/accounts.md "Invite visits": 200 for a new visit, 10010 when this account already reported the code (both count as done).
    return respondJson({ cscode: recorded.length === 1 ? 200 : INVITE_ALREADY_REPORTED });
  },
};

/** What an account holds: export it, delete it, and the invite visits it reported. */
export const accountDataRoutes: readonly AccountRoute[] = [exportRoute, deleteRoute, shareVisitRoute];
