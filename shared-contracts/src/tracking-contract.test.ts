import { describe, expect, it } from '@jest/globals';
import { parseJsonAnswer } from './json-answer.ts';
import { trackingAnswerSchema } from './tracking-answer.ts';
import { redactTrackedUrl } from './tracking-contract.ts';

describe('the tracking endpoint’s answer', () => {
  it('reads the identifiers it hands out', () => {
    const data = { doc_id: '7', visit_timestamp: 1_790_000_000_000, tmp_token_id: 'tid', s_id: 'sid', s_expiration: 1_790_000_900_000 };
    expect(parseJsonAnswer(trackingAnswerSchema, { cscode: 0, data })).toEqual({ cscode: 0, data });
    expect(parseJsonAnswer(trackingAnswerSchema, { cscode: 0, message: 'no consent' })).toEqual({ cscode: 0, message: 'no consent' });
  });

  it.each([
    ['identifiers of the wrong kind', { cscode: 0, data: { doc_id: 7, visit_timestamp: 1 } }],
    ['a session id that is not text', { cscode: 0, data: { doc_id: '7', visit_timestamp: 1, s_id: 99 } }],
    ['no cscode', { data: {} }],
    ['text', 'ok'],
  ])('is nothing for %s, so the tracker keeps what it had', (_label, value) => {
    expect(parseJsonAnswer(trackingAnswerSchema, value)).toBeNull();
  });
});

describe('redactTrackedUrl (docs/tracking.md "Personal query parameters")', () => {
  it.each([
    ['/my-account?client_e=YW5h&source=x', '/my-account?source=x'],
    ['https://www.reelkeep.com/checkout?tid=9&p=1', 'https://www.reelkeep.com/checkout?p=1'],
    ['/fr/newsletter?confirm=Zm9vYmFyYmF6cXV4cXV1eA', '/fr/newsletter'],
    ['/newsletter?unsubscribe=12.c2lnbmF0dXJlc2lnbmF0dXJl&medium=mail', '/newsletter?medium=mail'],
    ['/how-to-download-netflix#step-2', '/how-to-download-netflix#step-2'],
    ['https://www.reelkeep.com/guide#what-you-need', 'https://www.reelkeep.com/guide#what-you-need'],
    ['/login#access_token=ya29.secret&scope=email', '/login'],
    ['https://www.reelkeep.com/login#token=abc.def', 'https://www.reelkeep.com/login'],
  ])('%p is recorded as %p', (value, expected) => {
    expect(redactTrackedUrl(value)).toBe(expected);
  });
});
