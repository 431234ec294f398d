import { readJsonResponse } from './json-answer.ts';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Solves the site's self-hosted captcha for a form with JavaScript: fetches a challenge from
 * `GET /api/captcha`, finds the number whose hash matches (the server checks it with altcha-lib) and
 * resolves to the base64 payload forms send as `altcha`.
 */
export async function solveSiteCaptcha(): Promise<string> {
  const { proofOfWorkChallengeSchema } = await import('./answers.ts');
  const challenge = await readJsonResponse(proofOfWorkChallengeSchema, await fetch('/api/captcha', { headers: { accept: 'application/json' } }));
  if (!challenge) throw new Error('the captcha answered no challenge');
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if ((await sha256Hex(challenge.salt + number)) === challenge.challenge) {
      return btoa(
        JSON.stringify({
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number,
          salt: challenge.salt,
          signature: challenge.signature,
        }),
      );
    }
  }
  throw new Error('captcha challenge not solved');
}
