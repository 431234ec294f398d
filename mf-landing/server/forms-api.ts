import { randomUUID } from 'node:crypto';
import { checkField, DEFAULT_LOCALE, isLocale } from '@reelkeep/shared-contracts';
import { CLIENT_IP_HEADER, readFormBody, respondJson, type PluginRoute } from '@reelkeep/platform/server-plugin';
import type { RateLimiter } from '@reelkeep/platform/rate-limit';

/** Topics of the contact form. */
export const CONTACT_TOPICS = ['download', 'licence', 'billing', 'other'] as const;
/** Reasons offered by the uninstall feedback form. */
export const UNINSTALL_REASONS = ['not_needed', 'not_working', 'too_expensive', 'found_alternative', 'other'] as const;

const MAX_MESSAGE_LENGTH = 5000;
const MAX_NAME_LENGTH = 100;
const MAX_COMMENT_LENGTH = 1000;
const DRAFT_TTL_MS = 10 * 60_000;
const FORM_WINDOW_MS = 10 * 60_000;
const CONTACT_LIMIT = 5;
const FEEDBACK_LIMIT = 10;

/** A field's problem, named as spec §5 does: empty, or failing its rule. */
export type FieldProblem = 'empty' | 'invalid';

/** The contact form's fields. */
export interface ContactFields {
  name: string;
  email: string;
  topic: string;
  message: string;
}

/** Validates the contact form on the server (spec §5 rules: `email`, `message` ≥ 20 characters). */
export function validateContact(fields: ContactFields): Partial<Record<keyof ContactFields, FieldProblem>> {
  const problems: Partial<Record<keyof ContactFields, FieldProblem>> = {};
  if (!fields.name.trim()) problems.name = 'empty';
  else if (fields.name.length > MAX_NAME_LENGTH) problems.name = 'invalid';
  const email = checkField('email', fields.email);
  if (email !== 'valid') problems.email = email;
  if (!(CONTACT_TOPICS as readonly string[]).includes(fields.topic)) problems.topic = 'empty';
  const message = checkField('message', fields.message);
  if (message !== 'valid') problems.message = message;
  else if (fields.message.length > MAX_MESSAGE_LENGTH) problems.message = 'invalid';
  return problems;
}

const localePrefixOf = (locale: string) => (isLocale(locale) && locale !== DEFAULT_LOCALE ? `/${locale}` : '');

/** The contact and uninstall forms of the landing squad, with their captcha and drafts. */
export function createFormRoutes() {
  // Drafts keep what a visitor without JavaScript typed when the form comes back with errors.
  const drafts = new Map<string, { fields: ContactFields; problems: Record<string, string>; expiresAt: number }>();
  let contactLimiter: RateLimiter | undefined;
  let feedbackLimiter: RateLimiter | undefined;

  const saveDraft = (fields: ContactFields, problems: Record<string, string>) => {
    for (const [key, draft] of drafts) if (draft.expiresAt < Date.now()) drafts.delete(key);
    const id = randomUUID();
    drafts.set(id, { fields, problems, expiresAt: Date.now() + DRAFT_TTL_MS });
    return id;
  };

  const draftRoute: PluginRoute = {
    method: 'GET',
    path: '/api/landing/contact/draft',
    handle(request) {
      const draft = drafts.get(new URL(request.url).searchParams.get('id') ?? '');
      if (!draft || draft.expiresAt < Date.now()) return respondJson({ cscode: 404 }, 404);
      return respondJson({ cscode: 200, data: { fields: draft.fields, problems: draft.problems } });
    },
  };

  const contactRoute: PluginRoute = {
    method: 'POST',
    path: '/api/landing/contact',
    async handle(request, { db, config, logger, mailer, captcha, createRateLimiter }) {
      contactLimiter ??= createRateLimiter('contact', CONTACT_LIMIT, FORM_WINDOW_MS);
      const body = await readFormBody(request);
      if (!body) return respondJson({ cscode: 400, problems: { form: 'invalid' } }, 400);
      const { fields: raw, isForm } = body;
      const locale = isLocale(raw.locale ?? '') ? raw.locale! : DEFAULT_LOCALE;
      const back = `${localePrefixOf(locale)}/contact`;
      const fields: ContactFields = { name: (raw.name ?? '').trim(), email: (raw.email ?? '').trim(), topic: raw.topic ?? '', message: (raw.message ?? '').trim() };
      const answer = (status: number, problems: Record<string, string>) => {
        if (!isForm) return respondJson({ cscode: status === 200 ? 200 : status, problems }, status);
        const location = status === 200 ? `${back}?sent=1#contact-form` : `${back}?draft=${saveDraft(fields, problems)}#contact-form`;
        return new Response(null, { status: 303, headers: { location } });
      };
      const limit = await contactLimiter.hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
      if (!limit.allowed) return answer(429, { form: 'rate_limited' });
      const problems: Record<string, string> = validateContact(fields);
      const human = await captcha.verify({ altcha: raw.altcha, captchaToken: raw.captcha_token, captchaAnswer: raw.captcha_answer });
      if (!human) problems.captcha = 'invalid';
      if (Object.keys(problems).length > 0) return answer(400, problems);
      await db.query('INSERT INTO landing.contact_messages (name, email, topic, message, locale) VALUES ($1, $2, $3, $4, $5)', [fields.name, fields.email, fields.topic, fields.message, locale]);
      try {
        await mailer.send({
          to: config.CONTACT_EMAIL,
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

  const feedbackRoute: PluginRoute = {
    method: 'POST',
    path: '/api/landing/uninstall-feedback',
    async handle(request, { db, createRateLimiter }) {
      feedbackLimiter ??= createRateLimiter('uninstall-feedback', FEEDBACK_LIMIT, FORM_WINDOW_MS);
      const body = await readFormBody(request);
      const raw = body?.fields ?? {};
      const locale = isLocale(raw.locale ?? '') ? raw.locale! : DEFAULT_LOCALE;
      const answer = (status: number, problem?: string) =>
        body?.isForm
          ? new Response(null, { status: 303, headers: { location: `${localePrefixOf(locale)}/uninstallation?feedback=${status === 200 ? 'sent' : 'invalid'}#feedback` } })
          : respondJson({ cscode: status, ...(problem ? { problems: { reason: problem } } : {}) }, status);
      const limit = await feedbackLimiter.hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
      if (!limit.allowed) return answer(429, 'rate_limited');
      const reason = raw.reason ?? '';
      if (!(UNINSTALL_REASONS as readonly string[]).includes(reason)) return answer(400, 'empty');
      const comment = (raw.comment ?? '').trim().slice(0, MAX_COMMENT_LENGTH);
      const product = /^[a-z0-9-]{1,60}$/.test(raw.product ?? '') ? raw.product! : 'reelkeep';
      await db.query('INSERT INTO landing.uninstall_feedback (product_slug, reason, comment, locale) VALUES ($1, $2, $3, $4)', [product, reason, comment || null, locale]);
      return answer(200);
    },
  };

  return [draftRoute, contactRoute, feedbackRoute];
}
