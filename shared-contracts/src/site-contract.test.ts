import { describe, expect, it } from '@jest/globals';
import { fetchSumCaptcha, readNewsletterAnswer, readNewsletterPreference, readProofOfWorkChallenge, readSumCaptcha } from './site-contract.ts';

const CHALLENGE = { algorithm: 'SHA-256', challenge: 'ab12', maxnumber: 50000, salt: 's4lt', signature: 'f00d' };

describe('the site squad’s answers', () => {
  it('reads a proof-of-work challenge, and nothing else as one', () => {
    expect(readProofOfWorkChallenge({ ...CHALLENGE, extra: true })).toEqual(CHALLENGE);
    expect(readProofOfWorkChallenge({ ...CHALLENGE, maxnumber: '50000' })).toBeNull();
    expect(readProofOfWorkChallenge({ cscode: 429 })).toBeNull();
    expect(readProofOfWorkChallenge(null)).toBeNull();
  });

  it('reads the sum question for visitors without JavaScript', () => {
    expect(readSumCaptcha({ a: 2, b: 3, token: 'signed' })).toEqual({ a: 2, b: 3, token: 'signed' });
    expect(readSumCaptcha({ a: 2, b: 3 })).toBeNull();
    expect(readSumCaptcha({ a: '2', b: 3, token: 'signed' })).toBeNull();
  });

  it('asks for the sum question on a loader’s behalf, and fails loudly when none comes back', async () => {
    const asked: string[] = [];
    const fetchApi = (body: unknown) => async (path: string) => {
      asked.push(path);
      return Response.json(body);
    };
    expect(await fetchSumCaptcha(fetchApi({ a: 4, b: 5, token: 't' }))).toEqual({ a: 4, b: 5, token: 't' });
    expect(asked).toEqual(['/api/captcha?kind=sum']);
    await expect(fetchSumCaptcha(fetchApi({ cscode: 503 }))).rejects.toThrow('answered no question');
  });

  it('reads the newsletter box’s status only when it is one of the box’s', () => {
    expect(readNewsletterAnswer({ cscode: 400, status: 'format' })).toEqual({ status: 'format' });
    expect(readNewsletterAnswer({ cscode: 400, status: 'shrug' })).toEqual({ status: undefined });
    expect(readNewsletterAnswer({})).toEqual({ status: undefined });
  });

  it('reads the newsletter preference', () => {
    expect(readNewsletterPreference({ cscode: 200, subscribed: false })).toEqual({ subscribed: false });
    expect(readNewsletterPreference({ cscode: 200, subscribed: 'false' })).toBeNull();
  });
});
