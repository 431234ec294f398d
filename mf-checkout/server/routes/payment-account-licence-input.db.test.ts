import { describe, expect, it } from '@jest/globals';
import { ADMIN, form, json, listTestDatabases, typed, useSandboxCheckout, type InputCase } from '../testing/checkout-harness.ts';

const NUL = '\u0000';
const ESC = '\u001b';
const ORDER = 'ord_AAAAAAAAAAAAAAAAAAAAAA';
const KEY = 'RK-7K2QD-M4X9P-0TQ3V-HB6ZC';

/** Bad input to the card step, My account, the admin refund and the licence API. */
const CASES: InputCase[] = [
  [
    'sandbox pay: NUL in the order id',
    'POST',
    '/api/checkout/sandbox/pay',
    json({ order: `${ORDER}${NUL}`, number: '4242424242424242', expiry: '12/39', cvc: '123' }),
    {},
    404,
    { error: 'order_unknown' },
  ],
  [
    'sandbox pay: a number as order id',
    'POST',
    '/api/checkout/sandbox/pay',
    json({ order: 99999999999999, number: '4242424242424242', expiry: '12/39', cvc: '123' }),
    {},
    404,
    { error: 'order_unknown' },
  ],
  [
    'sandbox pay: NUL in the card number',
    'POST',
    '/api/checkout/sandbox/pay',
    json({ order: ORDER, number: `4242${NUL}`, expiry: '12/39', cvc: '123' }),
    {},
    400,
    { error: 'invalid_number' },
  ],
  [
    'sandbox pay: an expiry of 100 digits',
    'POST',
    '/api/checkout/sandbox/pay',
    json({ order: ORDER, number: '4242424242424242', expiry: '1'.repeat(100), cvc: '123' }),
    {},
    400,
    { error: 'invalid_expiry' },
  ],
  [
    'sandbox pay: a control character in the CVC',
    'POST',
    '/api/checkout/sandbox/pay',
    json({ order: ORDER, number: '4242424242424242', expiry: '12/39', cvc: `1${ESC}3` }),
    {},
    400,
    { error: 'invalid_cvc' },
  ],
  ['sandbox pay: malformed JSON', 'POST', '/api/checkout/sandbox/pay', json('{"order'), {}, 400, { error: 'invalid_input' }],
  ['sandbox pay: plain text', 'POST', '/api/checkout/sandbox/pay', typed('text/plain'), {}, 415, { error: 'invalid_input' }],
  [
    'sandbox confirm: NUL in the order id',
    'POST',
    '/api/checkout/sandbox/confirm',
    json({ order: `${ORDER}${NUL}`, approve: 'true' }),
    {},
    404,
    { error: 'order_unknown' },
  ],
  [
    'sandbox confirm: approve neither yes nor no',
    'POST',
    '/api/checkout/sandbox/confirm',
    json({ order: ORDER, approve: 'maybe' }),
    {},
    400,
    { error: 'invalid_input', problems: { approve: 'invalid' } },
  ],
  ['my orders: NUL in the query (ignored)', 'GET', '/api/checkout/my-orders?x=%00', null, {}, 401, { error: 'signed_out' }],
  [
    'my devices: NUL in the key',
    'POST',
    '/api/checkout/my-devices/deactivate',
    json({ key: `${KEY}${NUL}`, device: 'device-aaaa-1111', locale: 'fr' }),
    {},
    400,
    { cscode: 400, error: 'invalid_key' },
  ],
  [
    'my devices: a control character in the device',
    'POST',
    '/api/checkout/my-devices/deactivate',
    json({ key: KEY, device: `device${ESC}`, locale: 'fr' }),
    {},
    400,
    { error: 'invalid_device' },
  ],
  ['my devices: malformed JSON', 'POST', '/api/checkout/my-devices/deactivate', json('{'), {}, 400, { error: 'invalid_input' }],
  ['my devices: XML', 'POST', '/api/checkout/my-devices/deactivate', typed('application/xml'), {}, 415, { cscode: 415, error: 'invalid_input' }],
  [
    'admin refund: NUL in the order id',
    'POST',
    '/api/checkout/admin/refund',
    json({ order: `${ORDER}${NUL}` }),
    ADMIN,
    400,
    { error: 'invalid_input', problems: { order: 'invalid' } },
  ],
  [
    'admin refund: NUL in the order id, no token (the admin check comes first)',
    'POST',
    '/api/checkout/admin/refund',
    json({ order: `${ORDER}${NUL}` }),
    {},
    401,
    {},
  ],
  [
    'licence: NUL in the key',
    'POST',
    '/api/checkout/licence/activate',
    json({ key: `${KEY}${NUL}`, device_id: 'device-aaaa-1111' }),
    {},
    400,
    { ok: false, error: 'invalid_key' },
  ],
  [
    'licence: a huge number as key',
    'POST',
    '/api/checkout/licence/validate',
    json({ key: 99999999999999, device_id: 'device-aaaa-1111' }),
    {},
    400,
    { ok: false, error: 'invalid_key' },
  ],
  [
    'licence: a control character in the device id',
    'POST',
    '/api/checkout/licence/validate',
    json({ key: KEY, device_id: `device${ESC}1111` }),
    {},
    400,
    { ok: false, error: 'invalid_device' },
  ],
  [
    'licence: NUL in the device name',
    'POST',
    '/api/checkout/licence/activate',
    json({ key: KEY, device_id: 'device-aaaa-1111', device_name: `PC${NUL}` }),
    {},
    400,
    { ok: false, error: 'invalid_input' },
  ],
  ['licence: malformed JSON', 'POST', '/api/checkout/licence/deactivate', json('{"key"'), {}, 400, { ok: false, error: 'invalid_input' }],
  [
    'licence: a form post',
    'POST',
    '/api/checkout/licence/activate',
    form(`key=${KEY}&device_id=device-aaaa-1111`),
    {},
    415,
    { error: 'json_expected' },
  ],
  ['licence: plain text', 'POST', '/api/checkout/licence/deactivate', typed('text/plain'), {}, 415, { error: 'json_expected' }],
];

describe.each(listTestDatabases())(
  'input to the card step, My account, the admin refund and the licence API on %s (docs/commerce.md "Checkout input")',
  (_kind, open) => {
    const checkout = useSandboxCheckout(open);

    it.each(CASES)('%s: no 5xx, the documented answer', async (_case, method, path, body, headers, status, expected) => {
      const answer = await checkout.call(method, path, body?.text, { ...(body ? { 'content-type': body.type } : {}), ...headers });
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status, body: expected });
    });

    it('sends a form refused by its schema back to My account with the reason', async () => {
      const answer = await checkout.call('POST', '/api/checkout/my-devices/deactivate', `key=${KEY}&device=%00&locale=fr`, {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/my-account?device_error=invalid_device#licences');
    });
  },
);
