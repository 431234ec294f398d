import * as z from 'zod/mini';
import { readJsonResponse } from './json-answer.ts';
import type { NewsletterStatus } from './validation.ts';

/**
 * The site squad's API (the shell's own `api/`) as pages read it: the captcha and the newsletter. One schema
 * per answer, used by the servers' loaders and the browser alike.
 */

/** `GET /api/captcha`: a proof-of-work challenge (ALTCHA's protocol). */
export const proofOfWorkChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number(),
  salt: z.string(),
  signature: z.string(),
});
/** A proof-of-work challenge. */
export type ProofOfWorkChallengeDto = z.infer<typeof proofOfWorkChallengeSchema>;

/**
 * `GET /api/captcha?kind=sum`: the question asked of visitors without JavaScript, a sum drawn as a picture (a
 * `data:` URL of an SVG), with the signed token of its answer; the numbers are in the picture only.
 */
export const sumCaptchaSchema = z.object({ image: z.string(), token: z.string() });
/** The sum question. */
export type SumCaptchaDto = z.infer<typeof sumCaptchaSchema>;

/** Asks the site squad for a question for visitors without JavaScript (a page loader's call); throws when none comes back. */
export async function fetchSumCaptcha(fetchApi: (path: string) => Promise<Response>): Promise<SumCaptchaDto> {
  const sum = await readJsonResponse(sumCaptchaSchema, await fetchApi('/api/captcha?kind=sum'));
  if (!sum) throw new Error('GET /api/captcha?kind=sum answered no question');
  return sum;
}

const NEWSLETTER_STATUSES = ['empty', 'required', 'format', 'succ', 'fail'] as const satisfies readonly NewsletterStatus[];

/** `POST /email/report`: its `cscode`, and the newsletter box's status (`required`, `format`, …). */
export const newsletterAnswerSchema = z.object({ cscode: z.number(), status: z.optional(z.enum(NEWSLETTER_STATUSES)) });

/** `GET /api/site/newsletter-preference`: whether the signed-in address gets the newsletter. */
export const newsletterPreferenceSchema = z.object({
  subscribed: z.boolean(),
  /** docs/forms.md "Newsletter": an address the account has not proven waits for its mailed link. */
  pending: z.optional(z.boolean()),
});
/** `POST /api/site/newsletter-preference`'s answer: `cscode` 200 with the choice as saved, or an error code. */
export const newsletterChoiceAnswerSchema = z.object({
  cscode: z.number(),
  subscribed: z.optional(z.boolean()),
  pending: z.optional(z.boolean()),
});

/**
 * The answer of `GET /api/site/push/key`. The browser reads it, so it is a `zod/mini` schema: full zod's objects
 * probe `Function("")` when built, which the page's CSP reports as an eval (docs/adr/0007-answer-schemas.md).
 */
export const pushKeyAnswerSchema = z.object({ cscode: z.literal(200), publicKey: z.string().check(z.minLength(1)) });

/** The answer of `POST /sub/register` (`code` 200 marks the visitor online: docs/push.md "Register answer"). */
export const pushRegisterAnswerSchema = z.object({ code: z.int(), reason: z.optional(z.string()) });
