import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { Locale, OrderDto } from '@reelkeep/shared-contracts';
import { composeReceipt, translate, type CheckoutTexts } from './receipt-mail.ts';

const LOCALES_DIR = path.join(import.meta.dirname, '../../locales');
const readTexts = async (locale: Locale): Promise<CheckoutTexts> =>
  JSON.parse(await readFile(path.join(LOCALES_DIR, locale, 'checkout.json'), 'utf8')) as CheckoutTexts;

const ORDER: OrderDto = {
  id: 'ord_AAAAAAAAAAAAAAAAAAAAAA',
  status: 'paid',
  product: 'aio',
  pid: '107211Y',
  os: 'win',
  planType: '1Y',
  variant: 'old',
  couponCode: 'REEL20',
  originCents: 12990,
  priceCents: 8990,
  discountCents: 2000,
  amountCents: 6990,
  currency: 'USD',
  email: 'buyer@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  paidAt: '2026-01-01T00:01:00.000Z',
  failureCode: null,
  licence: {
    key: 'RK-7K2QD-M4X9P-0TQ3V-HB6ZC',
    status: 'active',
    os: 'win',
    planType: '1Y',
    allowNum: 1,
    expiresAt: '2027-01-01T00:01:00.000Z',
    devices: [],
  },
};
const FIVE_MACS: OrderDto = { ...ORDER, os: 'mac', planType: 'LFT_5', amountCents: 24990, licence: { ...ORDER.licence!, allowNum: 5 } };

describe('the receipt mail', () => {
  it('is written from the checkout translations, in English', async () => {
    expect(composeReceipt(await readTexts('en'), 'en', 'https://reelkeep.test/', ORDER)).toEqual({
      subject: 'Your ReelKeep licence key (order ord_AAAAAAAAAAAAAAAAAAAAAA)',
      text: [
        'Hello,',
        '',
        'Thank you for buying ReelKeep. Your payment of $69.90 for 1 year · Windows went through.',
        '',
        'Licence key: RK-7K2QD-M4X9P-0TQ3V-HB6ZC',
        'Activate it in the app on 1 computer.',
        '',
        'Your orders, licences and devices are in My account: https://reelkeep.test/my-account',
        '',
        'The ReelKeep team',
        '',
      ].join('\n'),
    });
  });

  it.each([
    ['en', ORDER, 'Activate it in the app on 1 computer.'],
    ['en', FIVE_MACS, 'Activate it in the app on up to 5 computers.'],
    ['fr', ORDER, 'Activez-la dans l’application sur 1 ordinateur.'],
    ['de', FIVE_MACS, 'Aktivieren Sie ihn in der App auf bis zu 5 Computern.'],
    // Japanese has one plural form (`other`).
    ['ja', ORDER, 'アプリ内で最大1台のパソコンで認証できます。'],
  ] as const)('counts the devices in %s (%#)', async (locale, order, line) => {
    expect(composeReceipt(await readTexts(locale), locale, 'https://reelkeep.test', order).text.split('\n')).toContain(line);
  });

  it("writes the amount, the plan and the My account link in the order's language", async () => {
    const { subject, text } = composeReceipt(await readTexts('de'), 'de', 'https://reelkeep.test', FIVE_MACS);
    expect(subject).toBe('Ihr ReelKeep-Lizenzschlüssel (Bestellung ord_AAAAAAAAAAAAAAAAAAAAAA)');
    expect(text).toContain('249,90\u00a0$');
    expect(text).toContain('Lebenslang · Mac');
    expect(text).toContain('https://reelkeep.test/de/my-account');
  });
});

describe('i18next-style texts', () => {
  const texts = { greeting: 'Hi {{name}}', nested: { item_one: '{{count}} item', item_other: '{{count}} items' }, only_other: { n_other: 'many' } };
  it.each([
    ['greeting', { name: 'Bea' }, 'Hi Bea'],
    ['greeting', {}, 'Hi '],
    ['nested.item', { count: 1 }, '1 item'],
    ['nested.item', { count: 0 }, '0 items'],
    ['nested.item', { count: 2 }, '2 items'],
    ['only_other.n', { count: 1 }, 'many'],
    ['missing', {}, ''],
  ] as const)('%s with %j reads %p', (key, values, text) => {
    expect(translate(texts, 'en', key, values)).toBe(text);
  });
});
