import { describe, expect, it } from '@jest/globals';
import {
  createOrderSecret,
  decideOrderAccess,
  hashOrderSecret,
  ORDER_SECRET_COOKIE,
  ORDER_SECRETS_KEPT,
  readOrderSecrets,
  toOrderSecretCookieValue,
  toOrderSecretLifetimeMs,
  type OrderAccess,
  type OrderAccessFacts,
} from './order-access.ts';

const HOUR_MS = 3600_000;
const LIFETIME_MS = toOrderSecretLifetimeMs(24 * 60);
const CREATED = Date.UTC(2026, 10, 1);
const { secret: SECRET, hash: HASH } = createOrderSecret();
const { secret: OTHER_SECRET } = createOrderSecret();
const orderId = (letter: string) => `ord_${letter.repeat(22)}`;

describe('order secrets', () => {
  it('are 256 random bits, stored only as their sha256', () => {
    expect(SECRET).toMatch(/^[\w-]{43}$/);
    expect(HASH).toBe(hashOrderSecret(SECRET));
    expect(HASH).toMatch(/^[0-9a-f]{64}$/);
    expect(HASH).not.toContain(SECRET);
    expect(OTHER_SECRET).not.toBe(SECRET);
  });

  it('open their order for its time to pay plus a day', () => {
    expect(toOrderSecretLifetimeMs(30)).toBe(30 * 60_000 + 24 * HOUR_MS);
  });
});

describe('decideOrderAccess (docs/commerce.md "Who may see an order")', () => {
  const guestOrder: OrderAccessFacts = { userId: null, secretHash: HASH, createdAt: CREATED };
  const accountOrder: OrderAccessFacts = { userId: 'alice', secretHash: HASH, createdAt: CREATED };
  const olderOrder: OrderAccessFacts = { userId: 'alice', secretHash: null, createdAt: CREATED };
  const soon = CREATED + HOUR_MS;
  const cases: [string, OrderAccessFacts, { userId: string | null; secret: string | undefined }, number, OrderAccess][] = [
    ['a visitor with nothing', guestOrder, { userId: null, secret: undefined }, soon, 'refused'],
    ['the browser holding the secret', guestOrder, { userId: null, secret: SECRET }, soon, 'secret_holder'],
    ["another order's secret", guestOrder, { userId: null, secret: OTHER_SECRET }, soon, 'refused'],
    ['the hash offered as the secret', guestOrder, { userId: null, secret: HASH }, soon, 'refused'],
    ['an empty secret', guestOrder, { userId: null, secret: '' }, soon, 'refused'],
    ['the secret, on the last millisecond of its lifetime', guestOrder, { userId: null, secret: SECRET }, CREATED + LIFETIME_MS - 1, 'secret_holder'],
    ['the secret, once its lifetime is over', guestOrder, { userId: null, secret: SECRET }, CREATED + LIFETIME_MS, 'refused'],
    ['the signed-in owner', accountOrder, { userId: 'alice', secret: undefined }, soon, 'owner'],
    ['the owner, long after the secret expired', accountOrder, { userId: 'alice', secret: undefined }, CREATED + 400 * 24 * HOUR_MS, 'owner'],
    ['another account', accountOrder, { userId: 'mallory', secret: undefined }, soon, 'refused'],
    ['another account holding the secret (the browser that bought it)', accountOrder, { userId: 'mallory', secret: SECRET }, soon, 'secret_holder'],
    ['a signed-in visitor on an order no account has joined', guestOrder, { userId: 'mallory', secret: undefined }, soon, 'refused'],
    ['a secret for an order placed before secrets existed', olderOrder, { userId: null, secret: SECRET }, soon, 'refused'],
    ['the owner of an order placed before secrets existed', olderOrder, { userId: 'alice', secret: undefined }, soon, 'owner'],
  ];

  it.each(cases)('%s', (_case, order, visitor, now, expected) => {
    expect(decideOrderAccess(order, visitor, now, LIFETIME_MS)).toBe(expected);
  });
});

describe('the order secret cookie', () => {
  const cookieOf = (value: string) => `rk.session_token=abc; ${ORDER_SECRET_COOKIE}=${encodeURIComponent(value)}; other=1`;

  it('reads the secrets of the orders a browser holds, and skips what is not an order secret', () => {
    const value = [`${orderId('A')}.${SECRET}`, 'garbage', `${orderId('B')}.short`, `ord_x.${SECRET}`, `${orderId('C')}.${OTHER_SECRET}`].join('~');
    expect(readOrderSecrets(cookieOf(value))).toEqual(
      new Map([
        [orderId('A'), SECRET],
        [orderId('C'), OTHER_SECRET],
      ]),
    );
    expect(readOrderSecrets(null)).toEqual(new Map());
    expect(readOrderSecrets(`${ORDER_SECRET_COOKIE}=%E0%A4%A`)).toEqual(new Map());
  });

  it(`puts a new order first and keeps the latest ${ORDER_SECRETS_KEPT}`, () => {
    let held = new Map<string, string>();
    for (const letter of 'ABCDEFG') held = readOrderSecrets(cookieOf(toOrderSecretCookieValue(held, orderId(letter), SECRET)));
    expect([...held.keys()]).toEqual(['G', 'F', 'E', 'D', 'C'].map(orderId));
  });

  it('holds one secret per order', () => {
    const held = new Map([[orderId('A'), OTHER_SECRET]]);
    expect(toOrderSecretCookieValue(held, orderId('A'), SECRET)).toBe(`${orderId('A')}.${SECRET}`);
  });

  it('stays far below the 4 kB browsers keep per cookie', () => {
    const held = new Map(['A', 'B', 'C', 'D', 'E'].map((letter) => [`ord_${letter.repeat(40)}`, SECRET]));
    expect(encodeURIComponent(toOrderSecretCookieValue(held, `ord_${'F'.repeat(40)}`, SECRET)).length).toBeLessThan(1024);
  });
});
