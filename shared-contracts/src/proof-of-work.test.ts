import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { solveSiteCaptcha } from './proof-of-work.ts';

const HMAC_KEY = 'proof-of-work-test-key';
afterEach(() => {
  jest.restoreAllMocks();
});

describe('solveSiteCaptcha', () => {
  it('answers a challenge of the server library with a payload that library accepts', async () => {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxnumber: 2_000 });
    const fetched = jest.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(challenge));
    const payload = await solveSiteCaptcha();
    expect(fetched).toHaveBeenCalledWith('/api/captcha', expect.anything());
    expect(await verifySolution(payload, HMAC_KEY)).toBe(true);
    expect(await verifySolution(payload, 'another-key')).toBe(false);
  });

  it.each([0, 63, 64, 130])('finds the number %i, at either edge of a batch and at the end of the range', async (number) => {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxnumber: 130, number });
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(challenge));
    const payload = await solveSiteCaptcha();
    expect(JSON.parse(atob(payload))).toMatchObject({ number });
    expect(await verifySolution(payload, HMAC_KEY)).toBe(true);
  });

  it('gives up on a challenge no number in range solves', async () => {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxnumber: 50 });
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ ...challenge, challenge: '0'.repeat(64) }));
    await expect(solveSiteCaptcha()).rejects.toThrow('captcha challenge not solved');
  });
});
