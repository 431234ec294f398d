import { describe, expect, it } from '@jest/globals';
import { json, listTestDatabases, typed, useSandboxCheckout, type InputCase } from '../testing/checkout-harness.ts';

const NUL = '\u0000';
const ESC = '\u001b';
const ORDER = 'ord_AAAAAAAAAAAAAAAAAAAAAA';
const ORDER_FIELDS = { product: 'aio', pid: '107211Y', email: 'edge@example.com', locale: 'en' };

/** Bad input to the offer, the coupon check, placing an order and reading one. */
const CASES: InputCase[] = [
  ['offer: NUL in product', 'GET', '/api/checkout/offer?product=%00', null, {}, 400, { error: 'invalid_input', problems: { product: 'invalid' } }],
  ['offer: a product key too long', 'GET', `/api/checkout/offer?product=${'a'.repeat(65)}`, null, {}, 400, { problems: { product: 'invalid' } }],
  [
    'offer: start_time past year 9999',
    'GET',
    '/api/checkout/offer?start_time=99999999999999',
    null,
    {},
    400,
    { error: 'invalid_input', problems: { start_time: 'invalid' } },
  ],
  [
    'offer: start_time in 2286 (epoch ms)',
    'GET',
    '/api/checkout/offer?start_time=9999999999999',
    null,
    {},
    400,
    { problems: { start_time: 'invalid' } },
  ],
  ['offer: negative start_time', 'GET', '/api/checkout/offer?start_time=-1', null, {}, 400, { problems: { start_time: 'invalid' } }],
  ['offer: start_time in month 13', 'GET', '/api/checkout/offer?start_time=20261301000000', null, {}, 400, { problems: { start_time: 'invalid' } }],
  [
    'offer: ac_endtime past year 9999',
    'GET',
    '/api/checkout/offer?ac_endtime=99999999999999&ac_source=email',
    null,
    {},
    400,
    { problems: { ac_endtime: 'invalid' } },
  ],
  ['offer: a control character in ac_source', 'GET', '/api/checkout/offer?ac_source=%1b', null, {}, 400, { problems: { ac_source: 'invalid' } }],
  [
    'coupon: NUL in the code',
    'POST',
    '/api/checkout/coupon',
    json({ code: `REEL${NUL}20`, pid: '107211Y' }),
    {},
    400,
    { cscode: 400, error: 'coupon_unknown' },
  ],
  ['coupon: NUL in the plan id', 'POST', '/api/checkout/coupon', json({ code: 'REEL20', pid: `107211Y${NUL}` }), {}, 400, { error: 'plan_unknown' }],
  [
    'coupon: a huge number as plan id',
    'POST',
    '/api/checkout/coupon',
    json({ code: 'REEL20', pid: 99999999999999 }),
    {},
    400,
    { error: 'plan_unknown' },
  ],
  [
    'coupon: a control character in product',
    'POST',
    '/api/checkout/coupon',
    json({ code: 'REEL20', pid: '107211Y', product: `aio${ESC}` }),
    {},
    400,
    { error: 'invalid_input' },
  ],
  ['coupon: malformed JSON', 'POST', '/api/checkout/coupon', json('{"code":'), {}, 400, { error: 'invalid_input' }],
  ['coupon: plain text', 'POST', '/api/checkout/coupon', typed('text/plain'), {}, 415, { cscode: 415, error: 'invalid_input' }],
  [
    'order: NUL in product',
    'POST',
    '/api/checkout/orders',
    json({ ...ORDER_FIELDS, product: `aio${NUL}` }),
    {},
    400,
    { error: 'invalid_input', field: 'form', problems: { product: 'invalid' } },
  ],
  [
    'order: NUL in the plan id',
    'POST',
    '/api/checkout/orders',
    json({ ...ORDER_FIELDS, pid: `107211Y${NUL}` }),
    {},
    400,
    { error: 'plan_unknown', field: 'plan' },
  ],
  [
    'order: a negative plan id',
    'POST',
    '/api/checkout/orders',
    json({ ...ORDER_FIELDS, pid: -1 }),
    {},
    400,
    { error: 'plan_unknown', field: 'plan' },
  ],
  [
    'order: a control character in the coupon',
    'POST',
    '/api/checkout/orders',
    json({ ...ORDER_FIELDS, coupon: `REEL${ESC}` }),
    {},
    400,
    { error: 'coupon_unknown', field: 'coupon' },
  ],
  [
    'order: NUL in the e-mail',
    'POST',
    '/api/checkout/orders',
    json({ ...ORDER_FIELDS, email: `edge${NUL}@example.com` }),
    {},
    400,
    { error: 'value', field: 'email' },
  ],
  [
    'order: an upgrade id of 1000 characters',
    'POST',
    '/api/checkout/orders',
    json({ ...ORDER_FIELDS, upgradeId: 'x'.repeat(1000) }),
    {},
    400,
    { error: 'invalid_input', field: 'form' },
  ],
  [
    'order: an object where text belongs',
    'POST',
    '/api/checkout/orders',
    json({ ...ORDER_FIELDS, product: { $ne: 1 } }),
    {},
    400,
    { error: 'invalid_input' },
  ],
  ['order: JSON that is not an object', 'POST', '/api/checkout/orders', json('[1,2]'), {}, 400, { error: 'invalid_input', field: 'form' }],
  ['order: multipart', 'POST', '/api/checkout/orders', typed('multipart/form-data; boundary=x'), {}, 415, { error: 'invalid_input', field: 'form' }],
  ['order: no content type', 'POST', '/api/checkout/orders', typed(''), {}, 415, { error: 'invalid_input' }],
  [
    'order: NUL in the locale (an unknown locale is English)',
    'POST',
    '/api/checkout/orders',
    json({ ...ORDER_FIELDS, locale: NUL }),
    {},
    200,
    { cscode: 200 },
  ],
  ['order read: NUL in the id', 'GET', `/api/checkout/orders/${ORDER}%00`, null, {}, 404, { error: 'order_unknown' }],
  ['order read: an id of 5000 characters', 'GET', `/api/checkout/orders/ord_${'A'.repeat(5000)}`, null, {}, 404, { error: 'order_unknown' }],
];

describe.each(listTestDatabases())('input to the offer and order routes on %s (docs/commerce.md "Checkout input")', (_kind, open) => {
  const checkout = useSandboxCheckout(open);

  it.each(CASES)('%s: no 5xx, the documented answer', async (_case, method, path, body, headers, status, expected) => {
    const answer = await checkout.call(method, path, body?.text, { ...(body ? { 'content-type': body.type } : {}), ...headers });
    expect({ status: answer.status, body: answer.body }).toMatchObject({ status, body: expected });
  });
});
