import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { createMathExpr } from 'svg-captcha';
import type { ProofOfWorkChallengeDto, SumCaptchaDto } from '@reelkeep/shared-contracts';

/** How long a captcha challenge can be answered. */
export const CAPTCHA_TTL_MS = 10 * 60_000;
/** Proof-of-work difficulty by default: the browser tries up to this many numbers (about a second). */
const PROOF_OF_WORK_MAX_NUMBER = 50_000;
/** Answered challenges remembered against replay (per process). */
const REPLAY_MEMORY = 10_000;

/** A challenge the browser solves with JavaScript (ALTCHA's protocol, self-hosted). */
export type ProofOfWorkChallenge = ProofOfWorkChallengeDto;

/**
 * A question for visitors without JavaScript (docs/forms.md "Captcha"): a sum drawn as a picture (glyph outlines
 * among noise lines, no text) and a signed token of its answer. Neither holds the numbers or the answer as data,
 * so a script cannot read them from the JSON or the page: it would have to read the picture.
 */
export type PictureQuestion = SumCaptchaDto;

/** A question and its answer: the answer stays on the server (and in tests), only `question` is sent. */
export interface ArithmeticChallenge {
  question: PictureQuestion;
  answer: string;
}

/**
 * The picture's size and clutter: readable for people, with noise lines across the digits. Two two-digit numbers
 * (docs/forms.md "Captcha"): 77 possible sums, none more likely than 1 in 39, where single digits gave 15 and a
 * blind guess of 10 was right one time in eight.
 */
const PICTURE = { width: 200, height: 50, fontSize: 50, noise: 3, color: false, mathMin: 11, mathMax: 49, mathOperator: '+' } as const;

/** What a form sends back: the proof-of-work payload, or the arithmetic answer and its token. */
export interface CaptchaAnswer {
  altcha?: string | null;
  captchaToken?: string | null;
  captchaAnswer?: string | null;
}

/**
 * The self-hosted captcha (docs/forms.md "Captcha"): proof of work for browsers with JavaScript, a small sum for
 * browsers without; both signed with CAPTCHA_HMAC_KEY, time-limited and single-use.
 */
export function createCaptcha(options: { hmacKey?: string; maxNumber?: number; now?: () => number }) {
  // Without a configured key, one random key per process (fine for one instance; set the key for several).
  const hmacKey = options.hmacKey ?? randomBytes(32).toString('hex');
  const now = options.now ?? Date.now;
  const maxnumber = options.maxNumber ?? PROOF_OF_WORK_MAX_NUMBER;
  const used = new Map<string, number>();

  const remember = (id: string): boolean => {
    for (const [key, expiresAt] of used) if (expiresAt < now() || used.size > REPLAY_MEMORY) used.delete(key);
    if (used.has(id)) return false;
    used.set(id, now() + CAPTCHA_TTL_MS);
    return true;
  };
  const sign = (text: string) => createHmac('sha256', hmacKey).update(text).digest('base64url');

  return {
    async createProofOfWork(): Promise<ProofOfWorkChallenge> {
      const challenge = await createChallenge({ hmacKey, maxnumber, expires: new Date(now() + CAPTCHA_TTL_MS) });
      return challenge as ProofOfWorkChallenge;
    },
    createArithmetic(): ArithmeticChallenge {
      const { text: answer, data: svg } = createMathExpr(PICTURE);
      const expiresAt = now() + CAPTCHA_TTL_MS;
      const nonce = randomBytes(8).toString('base64url');
      return {
        question: {
          image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
          token: `${expiresAt}.${nonce}.${sign(`${answer}.${expiresAt}.${nonce}`)}`,
        },
        answer,
      };
    },
    /** Whether the answer is right, in time and not used before. */
    async verify(answer: CaptchaAnswer): Promise<boolean> {
      if (answer.altcha) {
        if (answer.altcha.length > 2000) return false;
        const valid = await verifySolution(answer.altcha, hmacKey, true).catch(() => false);
        return valid && remember(`pow:${answer.altcha}`);
      }
      if (answer.captchaToken && answer.captchaAnswer) {
        const [expiresAt, nonce, signature] = answer.captchaToken.split('.');
        if (!expiresAt || !nonce || !signature || Number(expiresAt) < now()) return false;
        const expected = Buffer.from(sign(`${answer.captchaAnswer.trim()}.${expiresAt}.${nonce}`));
        const given = Buffer.from(signature);
        return expected.length === given.length && timingSafeEqual(expected, given) && remember(`sum:${nonce}`);
      }
      return false;
    },
  };
}

/** The captcha of a server. */
export type Captcha = ReturnType<typeof createCaptcha>;
