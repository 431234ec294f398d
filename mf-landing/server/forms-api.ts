import {
  CLIENT_IP_HEADER,
  contactDraftQuery,
  contactInput,
  DEFAULT_LOCALE,
  oncePerContext,
  readInput,
  respondJson,
  toContactReturnSearch,
  toLocalePrefix,
  uninstallFeedbackInput,
  type Locale,
} from '@reelkeep/shared-contracts';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { DRAFT_LIMITS, readContactDraft, saveContactDraft, toClientKey, type DraftLimits } from './contact-drafts.ts';
import { toDraftFields, validateContact, type ContactFields } from './contact-rules.ts';
import type { LandingSettings } from './settings.ts';

const FORM_WINDOW_MS = 10 * 60_000;
const CONTACT_LIMIT = 5;
const FEEDBACK_LIMIT = 10;

/**
 * docs/forms.md "Limits": the largest contact post an honest visitor sends is a form without JavaScript with
 * every field at its limit in a script that percent-encodes to 9 bytes a character (5,000 CJK characters
 * of message, 100 of name): about 47 kB. Anything larger is refused (413) before it is read.
 */
export const CONTACT_MAX_BODY_BYTES = 48 * 1024;
/** docs/forms.md "Limits": the uninstall form's largest honest post (a 1,000-character comment) is under 10 kB. */
export const FEEDBACK_MAX_BODY_BYTES = 16 * 1024;

/** The answer of an unexpected refusal: 303 back to the form for a form post, else JSON with the status. */
type FormAnswer = (status: number, problems: Record<string, string>) => Promise<Response>;

type LandingContext = HostContext<LandingSettings>;

/**
 * The contact and uninstall forms of the landing squad, with their captcha and drafts. Each call makes its
 * own limiters, once per context (per loaded version), as one instance of the site would.
 */
export function createFormRoutes(options: { draftLimits?: DraftLimits } = {}): ApiRoute<LandingSettings>[] {
  const draftLimits = options.draftLimits ?? DRAFT_LIMITS;
  const contactLimiter = oncePerContext((context: LandingContext) => context.createRateLimiter('contact', CONTACT_LIMIT, FORM_WINDOW_MS));
  const feedbackLimiter = oncePerContext((context: LandingContext) =>
    context.createRateLimiter('uninstall-feedback', FEEDBACK_LIMIT, FORM_WINDOW_MS),
  );

  const draftRoute: ApiRoute<LandingSettings> = {
    method: 'GET',
    path: '/api/landing/contact/draft',
    async handle(request, { db }) {
      const input = await readInput(request, contactDraftQuery);
      if (!input.ok) return respondJson({ cscode: input.status, problems: input.problems }, input.status);
      const draft = await readContactDraft(db, input.data.id);
      if (!draft) return respondJson({ cscode: 404 }, 404);
      return respondJson({ cscode: 200, data: draft }, 200, { 'cache-control': 'no-store' });
    },
  };

  /**
   * docs/forms.md "Drafts": a refused form post goes back to the contact page with what was typed, kept as a
   * draft; when none can be kept, with its problems (and topic) in the query.
   */
  async function returnRefusedForm(
    context: LandingContext,
    request: Request,
    locale: Locale,
    fields: ContactFields | null,
    problems: Record<string, string>,
  ): Promise<string> {
    const back = `${toLocalePrefix(locale)}/contact`;
    if (fields) {
      const clientKey = toClientKey(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown', context.keyedHash);
      const id = await saveContactDraft(context.db, { fields: toDraftFields(fields), problems, clientKey }, draftLimits).catch((error: unknown) => {
        context.logger.error('contact draft not kept', { error });
        return null;
      });
      if (id) return `${back}?draft=${id}#contact-form`;
    }
    const notKept = fields && !problems.form ? { ...problems, form: 'not_kept' } : problems;
    return `${back}${toContactReturnSearch(notKept, fields?.topic ?? '')}#contact-form`;
  }

  const contactRoute: ApiRoute<LandingSettings> = {
    method: 'POST',
    path: '/api/landing/contact',
    maxBodyBytes: CONTACT_MAX_BODY_BYTES,
    async handle(request, context) {
      const { db, site, logger, mailer, captcha } = context;
      const input = await readInput(request, contactInput);
      if (!input.ok) {
        if (!input.isForm) return respondJson({ cscode: input.status, problems: input.problems }, input.status);
        return redirectAfterPost(
          await returnRefusedForm(
            context,
            request,
            DEFAULT_LOCALE,
            null,
            input.problems.form ? input.problems : { ...input.problems, form: 'invalid' },
          ),
        );
      }
      const { locale, altcha, captcha_token: captchaToken, captcha_answer: captchaAnswer, ...fields } = input.data;
      const answer: FormAnswer = async (status, problems) => {
        if (!input.isForm) return respondJson({ cscode: status, problems }, status);
        if (status === 200) return redirectAfterPost(`${toLocalePrefix(locale)}/contact?sent=1#contact-form`);
        return redirectAfterPost(await returnRefusedForm(context, request, locale, fields, problems));
      };
      const limit = await contactLimiter(context).hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
      if (!limit.allowed) return answer(429, { form: 'rate_limited' });
      const problems: Record<string, string> = validateContact(fields);
      const human = await captcha.verify({ altcha, captchaToken, captchaAnswer });
      if (!human) problems.captcha = 'invalid';
      if (Object.keys(problems).length > 0) return answer(400, problems);
      await db.query('INSERT INTO landing.contact_messages (name, email, topic, message, locale) VALUES ($1, $2, $3, $4, $5)', [
        fields.name,
        fields.email,
        fields.topic,
        fields.message,
        locale,
      ]);
      try {
        await mailer.send({
          to: site.CONTACT_EMAIL,
          replyTo: fields.email,
          subject: `[Contact · ${fields.topic}] ${fields.name}`,
          text: `From: ${fields.name} <${fields.email}>\nTopic: ${fields.topic}\nLocale: ${locale}\n\n${fields.message}\n`,
        });
      } catch (error) {
        // The message is stored; support reads it from the database if the mail is lost.
        logger.error('contact mail not sent', { error });
      }
      return answer(200, {});
    },
  };

  const feedbackRoute: ApiRoute<LandingSettings> = {
    method: 'POST',
    path: '/api/landing/uninstall-feedback',
    maxBodyBytes: FEEDBACK_MAX_BODY_BYTES,
    async handle(request, context) {
      const { db } = context;
      const input = await readInput(request, uninstallFeedbackInput);
      const locale = input.ok ? input.data.locale : DEFAULT_LOCALE;
      const answer = (status: number, problems?: Record<string, string>) =>
        input.isForm
          ? redirectAfterPost(`${toLocalePrefix(locale)}/uninstallation?feedback=${status === 200 ? 'sent' : 'invalid'}#feedback`)
          : respondJson({ cscode: status, ...(problems ? { problems } : {}) }, status);
      if (!input.ok) return answer(input.status, input.problems);
      const limit = await feedbackLimiter(context).hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
      if (!limit.allowed) return answer(429, { reason: 'rate_limited' });
      const { reason, comment, product, locale: language } = input.data;
      if (reason === '') return answer(400, { reason: 'empty' });
      await db.query('INSERT INTO landing.uninstall_feedback (product_slug, reason, comment, locale) VALUES ($1, $2, $3, $4)', [
        product ?? 'reelkeep',
        reason,
        comment || null,
        language,
      ]);
      return answer(200);
    },
  };

  return [draftRoute, contactRoute, feedbackRoute];
}

/** A 303 after a form post: the browser asks for the page with GET. */
function redirectAfterPost(location: string): Response {
  return new Response(null, { status: 303, headers: { location } });
}
