import { readInput } from '@reelkeep/shared-contracts';
import {
  consoleActorSchema,
  consoleCodeInput,
  consoleEnrolInput,
  consoleEnrolmentSchema,
  consoleSignInInput,
  consoleSignInOutcomeSchema,
} from '@reelkeep/shared-contracts/console';
import { z } from 'zod';
import { html } from './console-html.ts';
import { renderEnrolSecret, renderEnrolStart, renderRefusal, renderSignIn } from './console-pages.ts';
import { readAnswer, type ConsoleRequest, type ConsoleRouteHandler } from './console-request.ts';

/** docs/console.md "Security": sign-in attempts per client address and per account in the window, like the site's other ways in. */
export const CONSOLE_SIGN_IN_LIMIT = 10;
export const CONSOLE_ACCOUNT_LIMIT = 5;
export const CONSOLE_LIMIT_WINDOW_MS = 10 * 60_000;

/** A problem notice above a form. */
function notify(t: (key: string) => string, key: string) {
  return html`<p class="notice problem" role="alert">${t(`problems.${key}`)}</p>`;
}

/** Posts to one of the account squad's internal identity routes, as the visitor (their cookie and address). */
function askAccount(request: ConsoleRequest, path: string, body?: unknown): Promise<Response> {
  return request.fetchApi(`/api/account/internal/${path}`, {
    method: 'POST',
    headers: request.forwarded(body === undefined ? {} : { 'content-type': 'application/json' }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Sign-in, step one: the password, limited per address and per account. */
async function signInWithPassword(request: ConsoleRequest, form: Request): Promise<boolean> {
  const { t, deps, clientIp } = request;
  const again = (status: number, problem: string) =>
    request.page(status, t('signIn.title'), html`${notify(t, problem)}${renderSignIn(t, 'password')}`);
  const input = await readInput(form, consoleSignInInput);
  const account = input.ok ? input.data.email.toLowerCase() : '';
  const byAddress = await deps.limits.signInByAddress.hit(clientIp);
  const byAccount = account ? await deps.limits.signInByAccount.hit(account) : { allowed: true };
  if (!byAddress.allowed || !byAccount.allowed) return again(429, 'rateLimited');
  if (!input.ok) return again(400, 'invalidInput');
  const answer = await askAccount(request, 'console-sign-in', input.data);
  const outcome = await readAnswer(answer, consoleSignInOutcomeSchema);
  if (!outcome || outcome.outcome === 'invalid') return again(401, 'invalidCredentials');
  // Only failures count: a colleague signing in from the same office address spends nothing of the limit.
  await Promise.all([deps.limits.signInByAddress.refund(clientIp), deps.limits.signInByAccount.refund(account)]);
  return request.redirect(outcome.outcome === 'code-required' ? '/console/sign-in/code' : '/console', answer.headers.getSetCookie());
}

/** Sign-in, step two: the code of the authenticator, or a backup code. */
async function signInWithCode(request: ConsoleRequest, form: Request): Promise<boolean> {
  const { t, deps, clientIp } = request;
  const again = (status: number, problem: string) => request.page(status, t('signIn.title'), html`${notify(t, problem)}${renderSignIn(t, 'code')}`);
  if (!(await deps.limits.codeByAddress.hit(clientIp)).allowed) return again(429, 'rateLimited');
  const input = await readInput(form, consoleCodeInput);
  if (!input.ok) return again(400, 'invalidCode');
  const answer = await askAccount(request, 'console-verify', input.data);
  const verified = answer.ok ? await readAnswer(answer, z.object({ actor: consoleActorSchema.optional() })) : null;
  if (!verified) return again(401, 'invalidCode');
  await deps.limits.codeByAddress.refund(clientIp);
  if (verified.actor) await request.audit(verified.actor, 'console.sign-in', verified.actor.email);
  return request.redirect('/console', answer.headers.getSetCookie());
}

/** Enrolment in two-factor sign-in, for a role holder without it: the password again, then the secret, then a first code. */
async function enrol(request: ConsoleRequest): Promise<boolean> {
  const { t, form, path, deps, clientIp } = request;
  const decision = await request.authorise({ resource: 'console', action: 'view' });
  if (!decision) return request.problemPage(503, 'unavailable');
  if (decision.allowed) return request.redirect('/console');
  if (decision.reason !== 'two-factor-required' || !decision.actor)
    return decision.reason === 'signed-out'
      ? request.redirect('/console/sign-in')
      : request.page(403, t('refused.title'), renderRefusal(t, 'forbidden'), decision.actor);
  const actor = decision.actor;
  const again = (status: number, problem: string) => request.page(status, t('enrol.title'), html`${notify(t, problem)}${renderEnrolStart(t)}`);
  if (!form) return request.page(200, t('enrol.title'), renderEnrolStart(t));
  if (!(await deps.limits.codeByAddress.hit(clientIp)).allowed) return again(429, 'rateLimited');
  if (path === '/console/enrol') {
    const input = await readInput(form, consoleEnrolInput);
    if (!input.ok) return again(400, 'invalidInput');
    const answer = await askAccount(request, 'console-enrol', input.data);
    const enrolment = answer.ok ? await readAnswer(answer, consoleEnrolmentSchema) : null;
    if (!enrolment) return again(401, 'invalidCredentials');
    await deps.limits.codeByAddress.refund(clientIp);
    const secret = renderEnrolSecret(t, enrolment.totpURI, enrolment.backupCodes);
    return request.page(200, t('enrol.title'), secret, undefined, undefined, answer.headers.getSetCookie());
  }
  const input = await readInput(form, consoleCodeInput);
  const answer = input.ok ? await askAccount(request, 'console-enrol-confirm', input.data) : null;
  if (!answer?.ok) return again(400, 'invalidCode');
  await deps.limits.codeByAddress.refund(clientIp);
  await request.audit(actor, 'console.two-factor-enrolled', actor.email, { twoFactorEnabled: false }, { twoFactorEnabled: true });
  return request.redirect('/console?done=enrolled', answer.headers.getSetCookie());
}

/** Signing out, whatever the role (written in the audit log when the session was an operator's). */
async function signOut(request: ConsoleRequest): Promise<boolean> {
  const decision = await request.authorise({ resource: 'console', action: 'view' });
  const answer = await askAccount(request, 'console-sign-out');
  if (decision?.actor) await request.audit(decision.actor, 'console.sign-out', decision.actor.email);
  return request.redirect('/console/sign-in', answer.headers.getSetCookie());
}

/** The ways in and out of the console (docs/console.md "Two-factor sign-in"): they decide who the visitor is themselves. */
export const handleSignIn: ConsoleRouteHandler = async (request) => {
  const { path, form, t } = request;
  if (path === '/console/sign-in')
    return form ? signInWithPassword(request, form) : request.page(200, t('signIn.title'), renderSignIn(t, 'password'));
  if (path === '/console/sign-in/code') return form ? signInWithCode(request, form) : request.page(200, t('signIn.title'), renderSignIn(t, 'code'));
  if (path === '/console/enrol' || path === '/console/enrol/confirm') return enrol(request);
  if (path === '/console/sign-out' && form) return signOut(request);
  return false;
};
