import path from 'node:path';
import { checkNewsletterEmail, isLocale, DEFAULT_LOCALE, type NewsletterStatus } from '@reelkeep/shared-contracts';
import { CLIENT_IP_HEADER, readFormBody, readSignedInUser, respondJson, type PluginRoute, type ServerPlugin } from '@reelkeep/platform/server-plugin';
import type { RateLimiter } from '@reelkeep/platform/rate-limit';
import { createTrackingRoutes } from '@reelkeep/platform/tracking';

/** spec §3 "Newsletter form": the only accepted `type`. */
const NEWSLETTER_TYPE = '2';
const MAX_BODY_FIELDS = 10;

interface Submission {
  email: string;
  type: string;
  locale: string;
}

async function readSubmission(request: Request): Promise<Submission | null> {
  const contentType = request.headers.get('content-type') ?? '';
  try {
    if (contentType.includes('application/json')) {
      const body = (await request.json()) as Record<string, unknown>;
      return { email: String(body.email ?? ''), type: String(body.type ?? ''), locale: String(body.locale ?? '') };
    }
    if (contentType.includes('application/x-www-form-urlencoded')) {
      const form = new URLSearchParams(await request.text());
      if ([...form.keys()].length > MAX_BODY_FIELDS) return null;
      return { email: form.get('email') ?? '', type: form.get('type') ?? '', locale: form.get('locale') ?? '' };
    }
  } catch {
    return null;
  }
  return null;
}

/** Where a form post without JavaScript goes back to: the same-site page it came from, with the status. */
function buildReturnLocation(request: Request, status: NewsletterStatus): string {
  const site = new URL(request.url);
  let back: URL;
  try {
    back = new URL(request.headers.get('referer') ?? '/', site);
  } catch {
    back = new URL('/', site);
  }
  if (back.origin !== site.origin) back = new URL('/', site);
  back.searchParams.set('newsletter', status);
  back.hash = 'newsletter';
  return back.pathname + back.search + back.hash;
}

const HTTP_STATUS: Record<NewsletterStatus, number> = { empty: 400, required: 400, format: 400, succ: 200, fail: 400 };

/**
 * `POST /email/report` (spec §7): `{email, type: 2}` as JSON (scripts) or a form post (no JavaScript).
 * Answers `cscode` 200 on success; a repeated address is a success too (nothing is revealed about it).
 */
export function createNewsletterRoute(limiter: RateLimiter): PluginRoute {
  return {
    method: 'POST',
    path: '/email/report',
    async handle(request, { db, logger }) {
      const isForm = !(request.headers.get('content-type') ?? '').includes('application/json');
      const answer = (status: NewsletterStatus, code: number, extra: Record<string, string> = {}) =>
        isForm
          ? new Response(null, { status: 303, headers: { location: buildReturnLocation(request, status), ...extra } })
          : respondJson({ cscode: code, status }, code === 200 || code === 429 ? code : code >= 500 ? 503 : HTTP_STATUS[status], extra);

      const limit = await limiter.hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
      if (!limit.allowed) return answer('fail', 429, { 'retry-after': String(limit.retryAfterSeconds) });
      const submission = await readSubmission(request);
      if (!submission || submission.type !== NEWSLETTER_TYPE) return answer('fail', 400);
      const problem = checkNewsletterEmail(submission.email);
      if (problem) return answer(problem, 400);
      const email = submission.email.trim();
      const locale = isLocale(submission.locale) ? submission.locale : DEFAULT_LOCALE;
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
}

/**
 * `GET /api/captcha[?kind=sum]`: a self-hosted captcha challenge for any form of the site (proof of work
 * for browsers with JavaScript, a signed sum for the others).
 */
export const captchaRoute: PluginRoute = {
  method: 'GET',
  path: '/api/captcha',
  async handle(request, { captcha }) {
    const kind = new URL(request.url).searchParams.get('kind');
    const body = kind === 'sum' ? captcha.createArithmetic() : await captcha.createProofOfWork();
    return respondJson(body, 200, { 'cache-control': 'no-store' });
  },
};

/**
 * `GET|POST /api/site/newsletter-preference`: My account's newsletter switch for the signed-in address
 * (`{subscribed}`); the POST takes `subscribed=true|false` and `locale` as JSON or a form (303 back).
 */
export const newsletterPreferenceRoutes: PluginRoute[] = [
  {
    method: 'GET',
    path: '/api/site/newsletter-preference',
    async handle(request, { db, fetchApi }) {
      const email = (await readSignedInUser(request, fetchApi))?.email ?? null;
      if (!email) return respondJson({ cscode: 401 }, 401);
      const [row] = await db.query<{ subscribed: boolean }>(`SELECT unsubscribed_at IS NULL AS subscribed FROM site.newsletter_subscriptions WHERE email_normalized = $1`, [email.toLowerCase()]);
      return respondJson({ cscode: 200, subscribed: row?.subscribed ?? false }, 200, { 'cache-control': 'no-store' });
    },
  },
  {
    method: 'POST',
    path: '/api/site/newsletter-preference',
    async handle(request, { db, fetchApi }) {
      const body = await readFormBody(request);
      const fields = body?.fields ?? {};
      const locale = isLocale(fields.locale ?? '') ? fields.locale! : DEFAULT_LOCALE;
      const email = (await readSignedInUser(request, fetchApi))?.email ?? null;
      const subscribed = fields.subscribed === 'true' || fields.subscribed === 'on';
      if (email) {
        await db.query(
          `INSERT INTO site.newsletter_subscriptions (email, email_normalized, locale, source, unsubscribed_at)
           VALUES ($1, $2, $3, 'account', CASE WHEN $4 THEN NULL ELSE now() END)
           ON CONFLICT (email_normalized) DO UPDATE SET locale = EXCLUDED.locale, updated_at = now(), unsubscribed_at = CASE WHEN $4 THEN NULL ELSE now() END`,
          [email, email.toLowerCase(), locale, subscribed],
        );
      }
      if (body?.isForm) {
        const query = email ? 'newsletter_saved=1' : 'newsletter_error=signed_out';
        return new Response(null, { status: 303, headers: { location: `${locale === DEFAULT_LOCALE ? '' : `/${locale}`}/my-account?${query}#newsletter` } });
      }
      return email ? respondJson({ cscode: 200, subscribed }) : respondJson({ cscode: 401 }, 401);
    },
  },
];

/** The shell's own server part: the newsletter of the footer, its My account switch and the site-wide captcha. */
export function createSitePlugin(limiter: RateLimiter, tracking: { limiter: RateLimiter; sessionMs: number }): ServerPlugin {
  return {
    squad: 'site',
    schema: 'site',
    migrationsDir: path.join(import.meta.dirname, 'migrations'),
    routes: [createNewsletterRoute(limiter), captchaRoute, ...newsletterPreferenceRoutes, ...createTrackingRoutes(tracking.limiter, { sessionMs: tracking.sessionMs })],
  };
}
