import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { postJson } from './post-json.ts';
import { formAnswerSchema, siteAnswerSchema } from './form-answers.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answerWith(response: Response | Error) {
  const fetch = jest.fn(async (_path: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

describe('postJson', () => {
  it('posts JSON and keeps only what the endpoint’s schema reads', async () => {
    const fetch = answerWith(Response.json({ cscode: 400, problems: { email: 'invalid' }, extra: 'not read' }, { status: 400 }));
    expect(await postJson('/api/account/register', { email: 'x' }, formAnswerSchema)).toEqual({ cscode: 400, problems: { email: 'invalid' } });
    expect(fetch).toHaveBeenCalledWith('/api/account/register', expect.objectContaining({ method: 'POST', body: '{"email":"x"}' }));
  });

  it('reads an answer that does not fit its schema as its cscode alone, so the page says "try again"', async () => {
    answerWith(Response.json({ cscode: 400, problems: { form: 42 } }, { status: 400 }));
    expect(await postJson('/api/account/register', {}, formAnswerSchema)).toEqual({ cscode: 400 });
  });

  it.each([
    ['an answer that is not JSON', () => new Response('<html>Bad gateway</html>', { status: 502 }), { cscode: 502 }],
    ['JSON that is not an object', () => Response.json(['cscode', 200], { status: 200 }), { cscode: 200 }],
    ['a cscode that is not a number', () => Response.json({ cscode: '200' }, { status: 503 }), { cscode: 503 }],
    ['no answer at all', () => new TypeError('network down'), { cscode: 0 }],
  ])('never throws: %s gives %j', async (_label, make, expected) => {
    answerWith(make());
    expect(await postJson('/email/report', {}, formAnswerSchema)).toEqual(expected);
    answerWith(make());
    expect(await postJson('/email/report', {}, siteAnswerSchema)).toEqual(expected);
  });
});
