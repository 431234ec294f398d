import {
  captchaQuery,
  checkNewsletterEmail,
  CLIENT_IP_HEADER,
  newsletterInput,
  newsletterPreferenceInput,
  oncePerContext,
  readInput,
  readSignedInUser,
  readSubmittedLocale,
  respondJson,
  toLocalePrefix,
  toSameSitePath,
  type NewsletterStatus,
} from '@reelkeep/shared-contracts';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import type { SiteSettings } from './settings.ts';

/** NEWSLETTER_RATE_LIMIT sign-ups per address in this window. */
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

/**
 * `POST /email/report` (docs/forms.md "Newsletter"): `{email, type: 2}` as JSON (scripts) or a form post (no JavaScript).
 * Answers `cscode` 200 on success; a repeated address is a success too (nothing is revealed about it).
 */
export const newsletterRoute: ApiRoute<SiteSettings> = {
  method: 'POST',
  path: '/email/report',
  async handle(request, context) {
    const { db, logger } = context;
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
    const email = input.data.email.trim();
    const locale = input.data.locale;
    try {
      await db.query(
        `INSERT INTO site.newsletter_subscriptions (email, email_normalized, locale, source)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (email_normalized) DO UPDATE SET locale = EXCLUDED.locale, updated_at = now(), unsubscribed_at = NULL`,
        [email, email.toLowerCase(), locale, 'footer'],
      );
    } catch (error) {
      logger.error('newsletter subscription not stored', { error });
      return answer('fail', 500);
    }
    return answer('succ', 200);
  },
};

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
      const [row] = await db.query<{ subscribed: boolean }>(
        `SELECT unsubscribed_at IS NULL AS subscribed FROM site.newsletter_subscriptions WHERE email_normalized = $1`,
        [email.toLowerCase()],
      );
      return respondJson({ cscode: 200, subscribed: row?.subscribed ?? false }, 200, { 'cache-control': 'no-store' });
    },
  },
  {
    method: 'POST',
    path: '/api/site/newsletter-preference',
    async handle(request, { db, fetchApi }) {
      const input = await readInput(request, newsletterPreferenceInput);
      const locale = readSubmittedLocale(input);
      const email = (await readSignedInUser(request, fetchApi))?.email ?? null;
      if (!input.ok)
        return input.isForm
          ? new Response(null, { status: 303, headers: { location: `${toLocalePrefix(locale)}/my-account?newsletter_error=invalid#newsletter` } })
          : respondJson({ cscode: 400, problems: input.problems }, 400);
      const subscribed = input.data.subscribed;
      if (email) {
        await db.query(
          `INSERT INTO site.newsletter_subscriptions (email, email_normalized, locale, source, unsubscribed_at)
           VALUES ($1, $2, $3, 'account', CASE WHEN $4 THEN NULL ELSE now() END)
           ON CONFLICT (email_normalized) DO UPDATE SET locale = EXCLUDED.locale, updated_at = now(), unsubscribed_at = CASE WHEN $4 THEN NULL ELSE now() END`,
          [email, email.toLowerCase(), locale, subscribed],
        );
      }
      if (input.isForm) {
        const query = email ? 'newsletter_saved=1' : 'newsletter_error=signed_out';
        return new Response(null, { status: 303, headers: { location: `${toLocalePrefix(locale)}/my-account?${query}#newsletter` } });
      }
      return email ? respondJson({ cscode: 200, subscribed }) : respondJson({ cscode: 401 }, 401);
    },
  },
];
