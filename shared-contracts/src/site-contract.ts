import { isJsonObject, isNumber, isText } from './json-answer.ts';
import type { AnswerReader } from './post-json.ts';
import type { NewsletterStatus } from './validation.ts';

/**
 * The site squad's API (the shell's own `api/`) as pages read it: the captcha and the newsletter. Each answer
 * has its reader here, used by the servers' loaders and the browser alike.
 */

/** A proof-of-work captcha challenge (ALTCHA's protocol) as `GET /api/captcha` answers it. */
export interface ProofOfWorkChallengeDto {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** Reads `GET /api/captcha`: the challenge, or null when the answer is not one. */
export function readProofOfWorkChallenge(value: unknown): ProofOfWorkChallengeDto | null {
  return isJsonObject(value) &&
    isText(value.algorithm) &&
    isText(value.challenge) &&
    isNumber(value.maxnumber) &&
    isText(value.salt) &&
    isText(value.signature)
    ? { algorithm: value.algorithm, challenge: value.challenge, maxnumber: value.maxnumber, salt: value.salt, signature: value.signature }
    : null;
}

/** The question `GET /api/captcha?kind=sum` asks visitors without JavaScript, with the signed token of its answer. */
export interface SumCaptchaDto {
  a: number;
  b: number;
  token: string;
}

/** Reads `GET /api/captcha?kind=sum`: the question, or null when the answer is not one. */
export function readSumCaptcha(value: unknown): SumCaptchaDto | null {
  return isJsonObject(value) && isNumber(value.a) && isNumber(value.b) && isText(value.token) ? { a: value.a, b: value.b, token: value.token } : null;
}

/** Asks the site squad for a question for visitors without JavaScript (a page loader's call); throws when none comes back. */
export async function fetchSumCaptcha(fetchApi: (path: string) => Promise<Response>): Promise<SumCaptchaDto> {
  const sum = readSumCaptcha(await (await fetchApi('/api/captcha?kind=sum')).json().catch(() => null));
  if (!sum) throw new Error('GET /api/captcha?kind=sum answered no question');
  return sum;
}

const NEWSLETTER_STATUSES: readonly NewsletterStatus[] = ['empty', 'required', 'format', 'succ', 'fail'];

/** `POST /email/report` besides `cscode`: the newsletter box's status (spec §4). */
export interface NewsletterAnswer {
  status?: NewsletterStatus;
}

/** Reads `POST /email/report`: the status when it is one of the box's. */
export const readNewsletterAnswer: AnswerReader<NewsletterAnswer> = (answer) => ({
  status: NEWSLETTER_STATUSES.find((status) => status === answer.status),
});

/** `GET /api/site/newsletter-preference`: whether the signed-in address gets the newsletter. */
export interface NewsletterPreferenceDto {
  subscribed: boolean;
}

/** Reads `GET /api/site/newsletter-preference`: the preference, or null when the answer is not one. */
export function readNewsletterPreference(value: unknown): NewsletterPreferenceDto | null {
  return isJsonObject(value) && typeof value.subscribed === 'boolean' ? { subscribed: value.subscribed } : null;
}
