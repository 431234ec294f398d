import { describe, expect, it } from '@jest/globals';
import {
  CAMPAIGN_MOMENT_MAX_MS,
  CAMPAIGN_MOMENT_MIN_MS,
  couponRequestSchema,
  deviceDeactivationSchema,
  licenceRequestSchema,
  offerQuerySchema,
  orderIdInput,
  orderRequestSchema,
  parseCampaignMoment,
  parseUtcDigits,
  refundRequestSchema,
  sandboxConfirmationSchema,
  sandboxPaymentSchema,
} from './checkout.ts';

const NUL = '\u0000';
const ORDER = 'ord_AAAAAAAAAAAAAAAAAAAAAA';

describe('campaign moments from links', () => {
  it.each([
    ['20261130120000', Date.UTC(2026, 10, 30, 12, 0, 0)],
    ['20000101000000', CAMPAIGN_MOMENT_MIN_MS],
    ['20991231235959', CAMPAIGN_MOMENT_MAX_MS - 1000],
    ['20240229000000', Date.UTC(2024, 1, 29)],
  ])('reads %s', (digits, time) => {
    expect(parseUtcDigits(digits)).toBe(time);
  });

  it.each([
    ['13 digits', '2026113012000'],
    ['15 digits', '202611301200000'],
    ['year 9999 and month 99 (rolled over past any sane date)', '99999999999999'],
    ['month 13', '20261301000000'],
    ['31 February', '20260231000000'],
    ['29 February of a common year', '20250229000000'],
    ['hour 24', '20261130240000'],
    ['second 60', '20261130235960'],
    ['before 2000', '19991231235959'],
    ['2100 and later', '21000101000000'],
    ['year 0050 (read by Date.UTC as 1950)', '00500101000000'],
    ['signs and spaces', '+2026113012000'],
  ])('refuses %s', (_case, digits) => {
    expect(parseUtcDigits(digits)).toBeNull();
  });

  it('reads a preview moment as epoch milliseconds (13 digits) or as UTC digits', () => {
    expect(parseCampaignMoment('1609459200000')).toBe(Date.UTC(2021, 0, 1));
    expect(parseCampaignMoment('20210101000000')).toBe(Date.UTC(2021, 0, 1));
    expect(parseCampaignMoment('9999999999999')).toBeNull();
    expect(parseCampaignMoment('0946684799999')).toBeNull();
    expect(parseCampaignMoment('-1')).toBeNull();
    expect(parseCampaignMoment('')).toBeNull();
  });
});

describe('offerQuerySchema', () => {
  it('reads a link (moments as epoch milliseconds) and lets every value be absent or empty', () => {
    expect(offerQuerySchema.parse({ product: 'netflix', start_time: '20210101000000', ac_endtime: '20291231000000', ac_source: 'email' })).toEqual({
      product: 'netflix',
      start_time: Date.UTC(2021, 0, 1),
      ac_endtime: Date.UTC(2029, 11, 31),
      ac_source: 'email',
      locale: 'en',
    });
    expect(offerQuerySchema.parse({})).toEqual({ locale: 'en' });
    expect(offerQuerySchema.parse({ product: '', start_time: '' })).toEqual({ product: undefined, start_time: undefined, locale: 'en' });
    expect(offerQuerySchema.parse({ locale: 'fr' })).toEqual({ locale: 'fr' });
  });

  it.each([
    ['product', `aio${NUL}`],
    ['product', 'a'.repeat(65)],
    ['product', 'aio/../x'],
    ['start_time', '99999999999999'],
    ['start_time', '-1'],
    ['ac_endtime', '1609459200000'],
    ['ac_source', 'e\u001bmail'],
  ])('refuses %s=%j', (field, value) => {
    const result = offerQuerySchema.safeParse({ [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe('the checkout requests', () => {
  const order = { product: 'aio', pid: '107211Y', coupon: ' reel20 ', email: ' buyer@example.com ', locale: 'fr', upgradeId: '', appliedId: '' };

  it('reads an order request: coupon upper-cased, e-mail trimmed, empty fields absent, an unknown locale English', () => {
    expect(orderRequestSchema.parse(order)).toEqual({
      product: 'aio',
      pid: '107211Y',
      coupon: 'REEL20',
      email: 'buyer@example.com',
      locale: 'fr',
      upgradeId: undefined,
      appliedId: undefined,
    });
    expect(orderRequestSchema.parse({ pid: '107211Y', locale: 'tlh' })).toEqual({ pid: '107211Y', locale: 'en' });
  });

  it.each([
    ['pid', `107211Y${NUL}`],
    ['pid', '99999999999999'],
    ['pid', ''],
    ['coupon', 'RE'],
    ['coupon', `REEL${NUL}`],
    ['email', 'not-an-email'],
    ['email', `a${NUL}@example.com`],
    ['product', `aio${NUL}`],
    ['upgradeId', 'x'.repeat(65)],
    ['appliedId', 'a b'],
  ])('refuses an order with %s=%j', (field, value) => {
    const result = orderRequestSchema.safeParse({ ...order, [field]: value });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([field]);
  });

  it('reads a coupon check and refuses a code with control characters', () => {
    expect(couponRequestSchema.parse({ code: 'reel20', pid: '107211Y' })).toEqual({ code: 'REEL20', pid: '107211Y' });
    expect(couponRequestSchema.safeParse({ code: `REEL${NUL}20`, pid: '107211Y' }).success).toBe(false);
  });

  it('takes order ids as the checkout makes them', () => {
    expect(orderIdInput.safeParse(ORDER).success).toBe(true);
    for (const id of [`${ORDER}${NUL}`, 'ord_short', `ord_${'A'.repeat(41)}`, 'ORD_AAAAAAAAAAAAAAAAAAAAAA', `ord_AAAAAAAAAAAAAAAA/../x`])
      expect(orderIdInput.safeParse(id).success).toBe(false);
  });

  it("reads the sandbox card step; the card itself is the provider's to judge", () => {
    expect(sandboxPaymentSchema.parse({ order: ORDER, number: ' 4242 4242 4242 4242 ', expiry: '12/39', cvc: '123' })).toEqual({
      order: ORDER,
      number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
    });
    expect(sandboxPaymentSchema.safeParse({ order: ORDER, number: '', expiry: '', cvc: '' }).success).toBe(true);
    expect(sandboxPaymentSchema.safeParse({ order: ORDER, number: `4242${NUL}`, expiry: '12/39', cvc: '123' }).success).toBe(false);
    expect(sandboxPaymentSchema.safeParse({ order: ORDER, number: '4'.repeat(33), expiry: '12/39', cvc: '123' }).success).toBe(false);
  });

  it('reads a confirmation as approved only when it says so', () => {
    expect(sandboxConfirmationSchema.parse({ order: ORDER, approve: 'true' }).approve).toBe(true);
    expect(sandboxConfirmationSchema.parse({ order: ORDER, approve: 'false' }).approve).toBe(false);
    expect(sandboxConfirmationSchema.parse({ order: ORDER }).approve).toBeUndefined();
    expect(sandboxConfirmationSchema.safeParse({ order: ORDER, approve: 'maybe' }).success).toBe(false);
  });

  it("reads My account's device form and the desktop app's licence calls", () => {
    expect(deviceDeactivationSchema.parse({ key: 'RK-7K2QD-M4X9P-0TQ3V-HB6ZC', device: 'device-1', locale: 'de' })).toEqual({
      key: 'RK-7K2QD-M4X9P-0TQ3V-HB6ZC',
      device: 'device-1',
      locale: 'de',
    });
    expect(deviceDeactivationSchema.safeParse({ key: '', device: 'device-1' }).success).toBe(false);
    expect(licenceRequestSchema.parse({ key: 'RK-7K2QD', device_id: 'device-1', device_name: '' })).toEqual({
      key: 'RK-7K2QD',
      device_id: 'device-1',
      device_name: undefined,
    });
    expect(licenceRequestSchema.safeParse({ key: 'RK-7K2QD', device_id: 'device-1', device_name: `Bea${NUL}` }).success).toBe(false);
    expect(licenceRequestSchema.safeParse({ key: 'RK-7K2QD', device_id: 'd'.repeat(129) }).success).toBe(false);
  });

  it('reads a refund of one order id', () => {
    expect(refundRequestSchema.parse({ order: ORDER })).toEqual({ order: ORDER });
    expect(refundRequestSchema.safeParse({ order: `${ORDER}${NUL}` }).success).toBe(false);
  });
});
