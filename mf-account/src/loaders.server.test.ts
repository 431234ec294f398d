import { describe, expect, it } from '@jest/globals';
import type { LoaderContext, OrderDto } from '@reelkeep/shared-contracts';
import { loadLoginPage, loadMyAccountPage, loadRegisterPage, loadResetPasswordPage } from './loaders.server.ts';

const ORDER: OrderDto = {
  id: 'o1',
  status: 'paid',
  product: 'reelkeep',
  pid: '10721-1Y',
  os: 'win',
  planType: '1Y',
  variant: 'new',
  couponCode: null,
  originCents: 9900,
  priceCents: 5900,
  discountCents: 0,
  amountCents: 5900,
  currency: 'USD',
  email: 'ana@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:01:00.000Z',
  failureCode: null,
  licence: null,
};

/** A loader context whose APIs answer from a table (path without query → status and body). */
function contextAnswering(answers: Record<string, [number, unknown]>, search = ''): LoaderContext {
  const fetchApi = async (path: string) => {
    const [status, body] = answers[path.split('?')[0]!] ?? [404, { cscode: 404 }];
    return Response.json(body, { status });
  };
  return {
    route: 'my-account',
    locale: 'en',
    params: {},
    pageName: 'my_account',
    url: new URL(`http://site.test/my-account${search}`),
    fetchApi,
    fetchAsVisitor: fetchApi,
  };
}

describe('the account pages’ loaders read their answers, never trust them', () => {
  it('my account: the orders and the newsletter choice as the squads answered them', async () => {
    const data = await loadMyAccountPage(
      contextAnswering({
        '/api/checkout/my-orders': [200, { orders: [ORDER] }],
        '/api/site/newsletter-preference': [200, { cscode: 200, subscribed: true }],
      }),
    );
    expect(data.orders).toEqual([ORDER]);
    expect(data.newsletter).toBe(true);
  });

  it('my account: answers of another shape are "unavailable", as a failed API is', async () => {
    const data = await loadMyAccountPage(
      contextAnswering({
        '/api/checkout/my-orders': [200, { orders: [{ ...ORDER, amountCents: '59.00' }] }],
        '/api/site/newsletter-preference': [200, { cscode: 200, subscribed: 'yes' }],
      }),
    );
    expect(data.orders).toBeNull();
    expect(data.newsletter).toBeNull();
    expect((await loadMyAccountPage(contextAnswering({}))).orders).toBeNull();
  });

  it('login: Google is offered only when the providers answer says so', async () => {
    const google = { clientId: 'id.apps.googleusercontent.com', scriptUrl: 'https://accounts.google.com/gsi/client' };
    expect((await loadLoginPage(contextAnswering({ '/api/account/providers': [200, { google }] }))).google).toEqual(google);
    expect((await loadLoginPage(contextAnswering({ '/api/account/providers': [200, { google: { clientId: 7 } }] }))).google).toBeNull();
  });

  it('login with a hand-off: asks to confirm the account the token opens, naming who is signed in now, and uses nothing', async () => {
    const search = `?token=app-token-0123456789&client_e=${btoa('app@example.com')}`;
    const answers: Record<string, [number, unknown]> = {
      '/api/account/internal/handoff-token': [200, { email: 'app@example.com' }],
      '/api/account/session': [200, { signedIn: true, user: { id: 'u1', email: 'me@example.com', name: 'Me', hasPassword: true } }],
    };
    const data = await loadLoginPage(contextAnswering(answers, search));
    expect(data.handoff).toEqual({
      token: 'app-token-0123456789',
      clientE: btoa('app@example.com'),
      clientM: '',
      accountEmail: 'app@example.com',
      signedInAs: 'me@example.com',
    });
    expect(data.error).toBeNull();
    const spent = await loadLoginPage(contextAnswering({ ...answers, '/api/account/internal/handoff-token': [200, { email: null }] }, search));
    expect(spent.handoff).toBeNull();
    expect(spent.error).toBe('handoff');
  });

  it('login: asks its question for visitors without JavaScript only once the account wants a captcha', async () => {
    const captcha: [number, unknown] = [200, { image: 'data:', token: 't' }];
    expect((await loadLoginPage(contextAnswering({ '/api/captcha': captcha }, '?error=invalid'))).sum).toBeNull();
    expect((await loadLoginPage(contextAnswering({ '/api/captcha': captcha }, '?error=captcha_required'))).sum).toEqual({
      image: 'data:',
      token: 't',
    });
  });

  it('reset password: a check that answers otherwise leaves the form usable (the server checks the token again)', async () => {
    const search = '?token=mailed-token-0123';
    expect(await loadResetPasswordPage(contextAnswering({ '/api/account/internal/reset-token': [200, { valid: false }] }, search))).toEqual({
      token: '',
      error: 'token_invalid',
    });
    expect(await loadResetPasswordPage(contextAnswering({ '/api/account/internal/reset-token': [200, { valid: 'no' }] }, search))).toEqual({
      token: 'mailed-token-0123',
      error: null,
    });
  });

  it('register: a page without its question for visitors without JavaScript is an error, not a question about undefined', async () => {
    const providers: [number, unknown] = [200, { google: null }];
    expect(
      (await loadRegisterPage(contextAnswering({ '/api/captcha': [200, { image: 'data:', token: 't' }], '/api/account/providers': providers }))).sum,
    ).toEqual({ image: 'data:', token: 't' });
    await expect(
      loadRegisterPage(contextAnswering({ '/api/captcha': [200, { image: 'data:' }], '/api/account/providers': providers })),
    ).rejects.toThrow('answered no question');
  });
});
