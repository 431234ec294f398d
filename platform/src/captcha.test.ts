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

  it('sets the proof of work to the configured difficulty, 50,000 numbers by default', async () => {
    expect((await createCaptcha({ hmacKey: 'test-key-0123456789' }).createProofOfWork()).maxnumber).toBe(50_000);
    expect((await createCaptcha({ hmacKey: 'test-key-0123456789', maxNumber: 5_000 }).createProofOfWork()).maxnumber).toBe(5_000);
  });

  it('accepts the right sum for visitors without JavaScript, in time and once', async () => {
    let now = 1_000_000;
    const captcha = createCaptcha({ hmacKey: 'test-key-0123456789', now: () => now });
    const { question, answer } = captcha.createArithmetic();
    expect(await captcha.verify({ captchaToken: question.token, captchaAnswer: String(Number(answer) + 1) })).toBe(false);
    expect(await captcha.verify({ captchaToken: question.token, captchaAnswer: ` ${answer} ` })).toBe(true);
    expect(await captcha.verify({ captchaToken: question.token, captchaAnswer: answer })).toBe(false);
    const late = captcha.createArithmetic();
    now += 11 * 60_000;
    expect(await captcha.verify({ captchaToken: late.question.token, captchaAnswer: late.answer })).toBe(false);
    expect(await captcha.verify({})).toBe(false);
  });

  it('sends the question as a picture only: no number, sum or answer a script could read from the JSON (audit)', () => {
    const captcha = createCaptcha({ hmacKey: 'test-key-0123456789' });
    for (let i = 0; i < 20; i += 1) {
      const { question, answer } = captcha.createArithmetic();
      expect(Object.keys(question).sort()).toEqual(['image', 'token']);
      expect(question.image).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(question.image.split(',')[1]!, 'base64').toString('utf8');
      expect(svg).not.toMatch(/<text|font-family/);
      // The picture is outlines only; its digits are not written anywhere as text.
      expect(svg.replace(/\sd="[^"]*"/g, '').replace(/"[^"]*"/g, '')).not.toContain(answer);
      expect(question.token.split('.')).toHaveLength(3);
      expect(question.token).not.toContain(`.${answer}.`);
    }
  });

  it('draws a sum of two two-digit numbers, so a blind guess rarely passes (docs/forms.md "Captcha")', () => {
    const captcha = createCaptcha({ hmacKey: 'test-key-0123456789' });
    const counts = new Map<string, number>();
    // Drawing a picture takes milliseconds: 300 draws meet ~70 of the 77 sums (single digits had 15).
    const draws = 300;
    for (let i = 0; i < draws; i += 1) {
      const { answer } = captcha.createArithmetic();
      expect(Number(answer)).toBeGreaterThanOrEqual(22);
      expect(Number(answer)).toBeLessThanOrEqual(98);
      counts.set(answer, (counts.get(answer) ?? 0) + 1);
    }
    expect(counts.size).toBeGreaterThan(50);
  });
});
