import type { ProofOfWorkChallengeDto } from '@reelkeep/shared-contracts';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Fetches a challenge and finds the number whose hash matches (the server checks it with altcha-lib);
 * resolves to the base64 payload the form sends as `altcha`.
 */
export async function solveProofOfWork(): Promise<string> {
  const challenge = (await (await fetch('/api/captcha', { headers: { accept: 'application/json' } })).json()) as ProofOfWorkChallengeDto;
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if ((await sha256Hex(challenge.salt + number)) === challenge.challenge) {
      return btoa(JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number, salt: challenge.salt, signature: challenge.signature }));
    }
  }
  throw new Error('proof of work not found');
}
