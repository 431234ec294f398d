import { describe, expect, it } from '@jest/globals';
import { solveChallenge } from 'altcha-lib/v1';
import { createCaptcha } from './captcha.ts';

describe('self-hosted captcha', () => {
  it('accepts a solved proof of work once, and never a forged or replayed one', async () => {
    const captcha = createCaptcha({ hmacKey: 'test-key-0123456789' });
    const challenge = await captcha.createProofOfWork();
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    const payload = Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64');
    expect(await captcha.verify({ altcha: payload })).toBe(true);
    expect(await captcha.verify({ altcha: payload })).toBe(false);
    const forged = Buffer.from(JSON.stringify({ ...challenge, number: solution!.number + 1 })).toString('base64');
    expect(await captcha.verify({ altcha: forged })).toBe(false);
    const otherServer = createCaptcha({ hmacKey: 'another-key-0123456789' });
    expect(await otherServer.verify({ altcha: payload })).toBe(false);
  });

  it('accepts the right sum for visitors without JavaScript, in time and once', async () => {
    let now = 1_000_000;
    const captcha = createCaptcha({ hmacKey: 'test-key-0123456789', now: () => now });
    const question = captcha.createArithmetic();
    expect(await captcha.verify({ captchaToken: question.token, captchaAnswer: String(question.a + question.b + 1) })).toBe(false);
    expect(await captcha.verify({ captchaToken: question.token, captchaAnswer: ` ${question.a + question.b} ` })).toBe(true);
    expect(await captcha.verify({ captchaToken: question.token, captchaAnswer: String(question.a + question.b) })).toBe(false);
    const late = captcha.createArithmetic();
    now += 11 * 60_000;
    expect(await captcha.verify({ captchaToken: late.token, captchaAnswer: String(late.a + late.b) })).toBe(false);
    expect(await captcha.verify({})).toBe(false);
  });
});
