import { describe, expect, it } from '@jest/globals';
import { parseJsonAnswer } from './json-answer.ts';
import {
  fetchSumCaptcha,
  newsletterAnswerSchema,
  newsletterPreferenceSchema,
  proofOfWorkChallengeSchema,
  sumCaptchaSchema,
} from './site-contract.ts';

const CHALLENGE = { algorithm: 'SHA-256', challenge: 'ab12', maxnumber: 50000, salt: 's4lt', signature: 'f00d' };

describe('the site squad’s answers', () => {
  it('reads a proof-of-work challenge, and nothing else as one', () => {
    expect(parseJsonAnswer(proofOfWorkChallengeSchema, { ...CHALLENGE, extra: true })).toEqual(CHALLENGE);
    expect(parseJsonAnswer(proofOfWorkChallengeSchema, { ...CHALLENGE, maxnumber: '50000' })).toBeNull();
    expect(parseJsonAnswer(proofOfWorkChallengeSchema, { cscode: 429 })).toBeNull();
  });

  it('reads the sum question for visitors without JavaScript', () => {
    expect(parseJsonAnswer(sumCaptchaSchema, { image: 'data:image/svg+xml;base64,PHN2Zy8+', token: 'signed' })).toEqual({
      image: 'data:image/svg+xml;base64,PHN2Zy8+',
      token: 'signed',
    });
    expect(parseJsonAnswer(sumCaptchaSchema, { image: 'data:' })).toBeNull();
    expect(parseJsonAnswer(sumCaptchaSchema, { image: 7, token: 'signed' })).toBeNull();
  });

  it('asks for the sum question on a loader’s behalf, and fails loudly when none comes back', async () => {
    const asked: string[] = [];
    const fetchApi = (body: unknown) => async (path: string) => {
      asked.push(path);
      return Response.json(body);
    };
    expect(await fetchSumCaptcha(fetchApi({ image: 'data:', token: 't' }))).toEqual({ image: 'data:', token: 't' });
    expect(asked).toEqual(['/api/captcha?kind=sum']);
    await expect(fetchSumCaptcha(fetchApi({ cscode: 503 }))).rejects.toThrow('answered no question');
  });

  it('reads the newsletter box’s status only when it is one of the box’s', () => {
    expect(parseJsonAnswer(newsletterAnswerSchema, { cscode: 400, status: 'format' })).toEqual({ cscode: 400, status: 'format' });
    expect(parseJsonAnswer(newsletterAnswerSchema, { cscode: 400, status: 'shrug' })).toBeNull();
    expect(parseJsonAnswer(newsletterAnswerSchema, { cscode: 0 })).toEqual({ cscode: 0 });
  });

  it('reads the newsletter preference', () => {
    expect(parseJsonAnswer(newsletterPreferenceSchema, { cscode: 200, subscribed: false })).toEqual({ subscribed: false });
    expect(parseJsonAnswer(newsletterPreferenceSchema, { cscode: 200, subscribed: 'false' })).toBeNull();
  });
});
