import {
  captchaQuery,
  checkNewsletterEmail,
  CLIENT_IP_HEADER,
  DEFAULT_LOCALE,
  isLocale,
  newsletterConfirmInput,
  newsletterInput,
  newsletterPreferenceInput,
  newsletterUnsubscribeInput,
  newsletterUnsubscribePath,
  oncePerContext,
  readInput,
  readSignedInUser,
  readSubmittedLocale,
  respondJson,
  toLocalePrefix,
  toSameSitePath,
  type InputResult,
  type Locale,
  type NewsletterStatus,
} from '@reelkeep/shared-contracts';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import type { z } from 'zod';
import { composeWelcomeMail, sendConfirmationMail, sendNewsletterMail } from './newsletter-mail.ts';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from './newsletter-rules.ts';
import {
  confirmSubscription,
  findByUnsubscribeToken,
  isSubscribed,
  releaseConfirmation,
  releaseWelcome,
  setAccountChoice,
  signUp,
  unsubscribe,
} from './newsletter-subscriptions.ts';
import type { SiteSettings } from './settings.ts';

/** NEWSLETTER_RATE_LIMIT sign-ups per client address in this window. */
const NEWSLETTER_WINDOW_MS = 10 * 60_000;
const newsletterLimiter = oncePerContext((context: HostContext<SiteSettings>) =>
  context.createRateLimiter('newsletter', context.settings.NEWSLETTER_RATE_LIMIT, NEWSLETTER_WINDOW_MS),
);

/** Where a form post without JavaScript goes back to: the same-site page it came from (docs/security.md "Redirects"), with the status. */
function buildReturnLocation(request: Request, status: NewsletterStatus): string {
  const site = new URL(request.url);
  const back = new URL(toSameSitePath(request.headers.get('referer'), site.origin) ?? '/', site);
  back.searchParams.set('newsletter', status);
  back.hash = 'newsletter';
  return back.pathname + back.search + back.hash;
}

const HTTP_STATUS: Record<NewsletterStatus, number> = { empty: 400, required: 400, format: 400, succ: 200, fail: 400 };

/** The newsletter page of a locale (docs/forms.md "Newsletter"): the links' buttons and their outcomes. */
const toNewsletterPage = (locale: Locale, query: Record<string, string>) => `${toLocalePrefix(locale)}/newsletter?${new URLSearchParams(query)}`;
const seeOther = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/**
 * `POST /email/report` (docs/forms.md "Newsletter"): `{email, type: 2}` and the site captcha, as JSON (scripts) or
 * a form post (no JavaScript; without a captcha answer it goes to the newsletter page, which asks the question).
 * Answers `cscode` 200, "check your mail", for a new, pending or confirmed address alike: at most one
 * confirmation mail per address in CONFIRM_MAIL_INTERVAL_MS, none to a confirmed one.
 */
export const newsletterRoute: ApiRoute<SiteSettings> = {
  method: 'POST',
  path: '/email/report',
  async handle(request, context) {
    const { captcha } = context;
    const isForm = !(request.headers.get('content-type') ?? '').includes('application/json');
    const answer = (status: NewsletterStatus, code: number, extra: Record<string, string> = {}) =>
      isForm
        ? new Response(null, { status: 303, headers: { location: buildReturnLocation(request, status), ...extra } })
        : respondJson({ cscode: code, status }, code === 200 || code === 429 ? code : code >= 500 ? 503 : HTTP_STATUS[status], extra);

    const limit = await newsletterLimiter(context).hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
    if (!limit.allowed) return answer('fail', 429, { 'retry-after': String(limit.retryAfterSeconds) });
    const input = await readInput(request, newsletterInput);
    if (!input.ok) return answer(input.problems.email ? 'format' : 'fail', 400);
    const problem = checkNewsletterEmail(input.data.email);
    if (problem) return answer(problem, 400);
    const { locale, altcha, captcha_token: captchaToken, captcha_answer: captchaAnswer } = input.data;
    // The footer's form without JavaScript has no captcha (the page is cached for everybody): the newsletter page asks it.
    if (input.isForm && !altcha && !captchaToken) return seeOther(`${toNewsletterPage(locale, { step: 'captcha' })}#subscribe`);
    if (!(await captcha.verify({ altcha, captchaToken, captchaAnswer }))) return answer('fail', 400);
    return (await mailConfirmation(context, { email: input.data.email, locale, source: 'footer' })) ? answer('fail', 500) : answer('succ', 200);
  },
};

/**
 * Stores a sign-up as pending and mails its confirmation link when one is owed (at most one per address in
 * CONFIRM_MAIL_INTERVAL_MS, none to a confirmed address). Answers a 503 when that failed, else null.
 */
async function mailConfirmation(
  context: HostContext<SiteSettings>,
  input: { email: string; locale: Locale; source: 'footer' | 'account' },
): Promise<Response | null> {
  const { db, logger } = context;
  const failed = () => respondJson({ cscode: 500, status: 'fail' }, 503);
  let owed: Awaited<ReturnType<typeof signUp>>;
  try {
    owed = await signUp(db, input);
  } catch (error) {
    logger.error('newsletter subscription not stored', { error });
    return failed();
  }
  if (owed) {
    try {
      await sendConfirmationMail(context, owed.subscriber, owed.token);
    } catch (error) {
      await releaseConfirmation(db, owed.token).catch(() => undefined);
      logger.error('newsletter confirmation not sent', { error: String(error) });
      return failed();
    }
  }
  return null;
}

/**
 * `POST /api/site/newsletter/confirm`: the newsletter page's button for a mailed link (a link alone confirms
 * nothing: mail scanners open links). Same-site only; confirming twice is a success; the first confirmation sends
 * the welcome mail, the first newsletter mail.
 */
export const newsletterConfirmRoute: ApiRoute<SiteSettings> = {
  method: 'POST',
  path: '/api/site/newsletter/confirm',
  async handle(request, context) {
    const { db, logger } = context;
    const input = await readInput(request, newsletterConfirmInput);
    const locale = readSubmittedLocale(input);
    const answer = (result: 'confirmed' | 'expired' | 'invalid') =>
      input.isForm
        ? seeOther(toNewsletterPage(locale, { result }))
        : respondJson({ cscode: result === 'confirmed' ? 200 : 400, result }, result === 'confirmed' ? 200 : 400);
    if (!input.ok) return answer('invalid');
    const { decision, welcome } = await confirmSubscription(db, input.data.token);
    if (welcome) {
      try {
        await sendNewsletterMail(context, welcome, composeWelcomeMail);
      } catch (error) {
        // The confirmation stands; the welcome is owed again, and the next confirmation of the address sends it.
        await releaseWelcome(db, welcome.id).catch(() => undefined);
        logger.error('newsletter welcome not sent', { error: String(error) });
      }
    }
    return answer(decision === 'confirm' || decision === 'already_confirmed' ? 'confirmed' : decision);
  },
};

/** The token of a one-click unsubscribe path, when well formed. */
function readUnsubscribePathToken(request: Request): string | null {
  const raw = new URL(request.url).pathname.slice(ONE_CLICK_UNSUBSCRIBE_PATH.length);
  let token: string;
  try {
    token = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const parsed = newsletterUnsubscribePath.safeParse({ token });
  return parsed.success ? parsed.data.token : null;
}

/** RFC 8058 allows the one-click body as multipart/form-data too, which the site's forms never send: read with the same schema. */
async function readUnsubscribeInput(request: Request): Promise<InputResult<z.output<typeof newsletterUnsubscribeInput>>> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    return readInput(request, newsletterUnsubscribeInput);
  const fields: Record<string, string> = {};
  try {
    for (const [key, value] of await request.formData()) if (typeof value === 'string') fields[key] = value;
  } catch {
    return { ok: false, isForm: true, status: 400, problems: { form: 'invalid' }, fields: {} };
  }
  const parsed = newsletterUnsubscribeInput.safeParse(fields);
  return parsed.success
    ? { ok: true, isForm: true, data: parsed.data }
    : { ok: false, isForm: true, status: 400, problems: { 'List-Unsubscribe': 'invalid' }, fields: {} };
}

/**
 * The one-click unsubscribe of every newsletter mail (`List-Unsubscribe`, RFC 8058): a POST of
 * `List-Unsubscribe=One-Click` to the subscriber's URL, from a mail provider (no session, no cookie, no CSRF
 * token: the token in the path is the authority) or from the newsletter page's button (which adds `locale` and
 * gets the page back). A GET of the URL only opens that page: it changes nothing.
 */
export const newsletterUnsubscribeRoutes: ApiRoute<SiteSettings>[] = [
  {
    method: 'POST',
    path: ONE_CLICK_UNSUBSCRIBE_PATH,
    callers: 'any',
    async handle(request, { db, keyedHash }) {
      const token = readUnsubscribePathToken(request);
      const input = await readUnsubscribeInput(request);
      const locale = input.ok ? input.data.locale : undefined;
      if (!input.ok) return respondJson({ cscode: 400, problems: input.problems }, input.status);
      const subscriber = token ? await unsubscribe(db, keyedHash, token) : null;
      if (locale) return seeOther(toNewsletterPage(locale, { result: subscriber ? 'unsubscribed' : 'invalid' }));
      return subscriber ? respondJson({ cscode: 200 }, 200, { 'cache-control': 'no-store' }) : respondJson({ cscode: 404 }, 404);
    },
  },
  {
    method: 'GET',
    path: ONE_CLICK_UNSUBSCRIBE_PATH,
    async handle(request, { db, keyedHash }) {
      const token = readUnsubscribePathToken(request);
      const subscriber = token ? await findByUnsubscribeToken(db, keyedHash, token) : null;
      if (!subscriber || !token) return seeOther(toNewsletterPage(DEFAULT_LOCALE, { result: 'invalid' }));
      return seeOther(toNewsletterPage(isLocale(subscriber.locale) ? subscriber.locale : DEFAULT_LOCALE, { unsubscribe: token }));
    },
  },
];

/**
 * `GET /api/captcha[?kind=sum]`: a self-hosted captcha challenge for any form of the site (proof of work
 * for browsers with JavaScript, a sum drawn as a picture with a signed token for the others).
 */
export const captchaRoute: ApiRoute<SiteSettings> = {
  method: 'GET',
  path: '/api/captcha',
  async handle(request, { captcha }) {
    const input = await readInput(request, captchaQuery);
    if (!input.ok) return respondJson({ cscode: 400, problems: input.problems }, 400);
    // The sum's answer stays here: only the picture and the signed token go out.
    const body = input.data.kind === 'sum' ? captcha.createArithmetic().question : await captcha.createProofOfWork();
    return respondJson(body, 200, { 'cache-control': 'no-store' });
  },
};

/**
 * `GET|POST /api/site/newsletter-preference`: My account's newsletter switch for the signed-in address
 * (`{subscribed}`); the POST takes `subscribed=true|false` and `locale` as JSON or a form (303 back).
 */
export const newsletterPreferenceRoutes: ApiRoute<SiteSettings>[] = [
  {
    method: 'GET',
    path: '/api/site/newsletter-preference',
    async handle(request, { db, fetchApi }) {
      const email = (await readSignedInUser(request, fetchApi))?.email ?? null;
      if (!email) return respondJson({ cscode: 401 }, 401);
      return respondJson({ cscode: 200, subscribed: await isSubscribed(db, email) }, 200, { 'cache-control': 'no-store' });
    },
  },
  {
    method: 'POST',
    path: '/api/site/newsletter-preference',
    async handle(request, context) {
      const { db, fetchApi } = context;
      const input = await readInput(request, newsletterPreferenceInput);
      const locale = readSubmittedLocale(input);
      const user = await readSignedInUser(request, fetchApi);
      if (!input.ok)
        return input.isForm
          ? new Response(null, { status: 303, headers: { location: `${toLocalePrefix(locale)}/my-account?newsletter_error=invalid#newsletter` } })
          : respondJson({ cscode: 400, problems: input.problems }, 400);
      const subscribed = input.data.subscribed;
      // An address the account has not proven (a password sign-up) is asked by mail like the footer's box: an
      // account is no way to subscribe somebody else's address (docs/forms.md "Newsletter").
      const pending = Boolean(user && subscribed && !user.emailVerified && !(await isSubscribed(db, user.email)));
      if (user && pending) {
        const failed = await mailConfirmation(context, { email: user.email, locale, source: 'account' });
        if (failed) return input.isForm ? seeOther(`${toLocalePrefix(locale)}/my-account?newsletter_error=failed#newsletter`) : failed;
      } else if (user) await setAccountChoice(db, { email: user.email, locale, subscribed });
      if (input.isForm) {
        const query = !user ? 'newsletter_error=signed_out' : pending ? 'newsletter_pending=1' : 'newsletter_saved=1';
        return new Response(null, { status: 303, headers: { location: `${toLocalePrefix(locale)}/my-account?${query}#newsletter` } });
      }
      return user ? respondJson({ cscode: 200, subscribed: subscribed && !pending, pending }) : respondJson({ cscode: 401 }, 401);
    },
  },
];
