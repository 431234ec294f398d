import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie } from '@reelkeep/shared-contracts';

/** The cookie holding the secrets of the orders this browser placed (docs/commerce.md "Order secret"). */
export const ORDER_SECRET_COOKIE = 'rk_order';

/** How many orders a browser keeps the secret of: the latest ones, newest first. */
export const ORDER_SECRETS_KEPT = 5;

const DAY_MS = 24 * 3600_000;
const SECRET_BYTES = 32;
// `<order id>.<secret>`; base64url has no `.` and no `~`, so both can separate.
const ENTRY = /^(ord_[\w-]{16,40})\.([\w-]{43})$/;
const ENTRY_SEPARATOR = '~';

/** A new order secret (256 random bits, base64url) and the sha256 the order stores instead of it. */
export function createOrderSecret(): { secret: string; hash: string } {
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { secret, hash: hashOrderSecret(secret) };
}

/** The sha256 (hex) of an order secret: what `checkout.orders.secret_hash` holds. */
export function hashOrderSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** How long an order secret opens its order: the order's time to pay plus a day to come back to the thank-you page. */
export function toOrderSecretLifetimeMs(orderTtlMin: number): number {
  return orderTtlMin * 60_000 + DAY_MS;
}

/** The order secrets a request's cookies carry, by order id; malformed entries are skipped. */
export function readOrderSecrets(cookieHeader: string | null | undefined): Map<string, string> {
  const secrets = new Map<string, string>();
  const value = readCookie(cookieHeader, ORDER_SECRET_COOKIE) ?? '';
  for (const entry of value.split(ENTRY_SEPARATOR).slice(0, ORDER_SECRETS_KEPT)) {
    const match = ENTRY.exec(entry);
    if (match && !secrets.has(match[1]!)) secrets.set(match[1]!, match[2]!);
  }
  return secrets;
}

/** The cookie value after a new order: its secret first, then the latest of those the browser already held. */
export function toOrderSecretCookieValue(held: ReadonlyMap<string, string>, orderId: string, secret: string): string {
  const others = [...held].filter(([id]) => id !== orderId).map(([id, value]) => `${id}.${value}`);
  return [`${orderId}.${secret}`, ...others].slice(0, ORDER_SECRETS_KEPT).join(ENTRY_SEPARATOR);
}

/** What decides who may see an order. */
export interface OrderAccessFacts {
  /** The account the order belongs to (null for a visitor's order no account has joined yet). */
  userId: string | null;
  /** sha256 of the order's secret; null for orders placed before secrets existed. */
  secretHash: string | null;
  createdAt: number;
}

/** Why a visitor may see an order, or that they may not. */
export type OrderAccess = 'owner' | 'secret_holder' | 'refused';

/**
 * Who may see, pay and follow an order (docs/commerce.md "Who may see an order"): the signed-in account it
 * belongs to, or the browser holding the order's own secret while that secret lasts. Everyone else is
 * refused, and the caller answers them exactly like an unknown order.
 */
export function decideOrderAccess(
  order: OrderAccessFacts,
  visitor: { userId: string | null; secret: string | undefined },
  now: number,
  secretLifetimeMs: number,
): OrderAccess {
  if (order.userId !== null && visitor.userId === order.userId) return 'owner';
  if (visitor.secret === undefined || order.secretHash === null || now >= order.createdAt + secretLifetimeMs) return 'refused';
  const presented = Buffer.from(hashOrderSecret(visitor.secret), 'hex');
  const stored = Buffer.from(order.secretHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored) ? 'secret_holder' : 'refused';
}
