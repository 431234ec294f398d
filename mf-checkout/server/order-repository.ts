import type { Database } from '@reelkeep/platform/host-context';
import type { OrderAttribution, OrderStatus, PlanOs, PlanType, PriceVariant, UpgradeSource } from '@reelkeep/shared-contracts';
import type { OrderTransition } from './order-status.ts';

/** A query function: the database's, or a transaction's. */
export type Query = Database['query'];

/** A row of `checkout.orders`. */
export interface OrderRow {
  id: string;
  status: OrderStatus;
  user_id: string | null;
  email: string;
  locale: string;
  product_key: string;
  os: PlanOs;
  plan_type: PlanType;
  pid: string;
  allow_num: number;
  day_num: number;
  lifetime: boolean;
  variant: PriceVariant;
  coupon_code: string | null;
  origin_cents: number;
  price_cents: number;
  discount_cents: number;
  amount_cents: number;
  /** docs/commerce.md "Upgrades": the credit of the licence this order replaces (0 for an order that upgrades nothing). */
  credit_cents: number;
  /** The order whose licence this one upgrades. */
  upgrade_id: string | null;
  provider: 'sandbox' | 'stripe';
  provider_ref: string | null;
  failure_code: string | null;
  attempts: number;
  created_at: Date;
  paid_at: Date | null;
  receipt_sent_at: Date | null;
  secret_hash: string | null;
}

/** A row of `checkout.licences`. */
export interface LicenceRow {
  id: string;
  order_id: string;
  key: string;
  os: PlanOs;
  plan_type: PlanType;
  allow_num: number;
  expires_at: Date | null;
  status: 'active' | 'revoked';
}

/** A device a licence is active on. */
export interface DeviceRow {
  licence_id: string;
  device_id: string;
  name: string;
  activated_at: Date;
}

/** A new order as the order service priced it. */
export interface NewOrder {
  id: string;
  userId: string | null;
  email: string;
  locale: string;
  productKey: string;
  os: PlanOs;
  planType: PlanType;
  pid: string;
  allowNum: number;
  dayNum: number;
  lifetime: boolean;
  variant: PriceVariant;
  couponCode: string | null;
  originCents: number;
  priceCents: number;
  discountCents: number;
  amountCents: number;
  creditCents: number;
  provider: 'sandbox' | 'stripe';
  upgradeId: string | null;
  appliedId: string | null;
  secretHash: string;
  /** docs/experiments.md "Affiliates and ads". */
  attribution: OrderAttribution;
}

/** Longest failure code kept (a provider's codes are short; anything longer is cut). */
const FAILURE_CODE_MAX_LENGTH = 64;

/** An order by id; `lock` holds it (`FOR UPDATE`) until the transaction ends. */
export async function findOrder(query: Query, id: string, options: { lock?: boolean } = {}): Promise<OrderRow | null> {
  const [row] = await query<OrderRow>(`SELECT * FROM checkout.orders WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}`, [id]);
  return row ?? null;
}

/** The id of the order a provider's payment belongs to, or null. */
export async function findOrderIdByPayment(query: Query, provider: OrderRow['provider'], reference: string): Promise<string | null> {
  const [row] = await query<{ id: string }>(`SELECT id FROM checkout.orders WHERE provider = $1 AND provider_ref = $2`, [provider, reference]);
  return row?.id ?? null;
}

/** A customer's orders, newest first, without the expired ones (at most 100). */
export async function listOrdersOfUser(query: Query, userId: string): Promise<OrderRow[]> {
  return query<OrderRow>(`SELECT * FROM checkout.orders WHERE user_id = $1 AND status <> 'expired' ORDER BY created_at DESC LIMIT 100`, [userId]);
}

/** Stores a new pending order. */
export async function insertOrder(query: Query, order: NewOrder): Promise<void> {
  await query(
    `INSERT INTO checkout.orders (id, user_id, email, locale, product_key, os, plan_type, pid, allow_num, day_num, lifetime, variant, coupon_code,
       origin_cents, price_cents, discount_cents, amount_cents, provider, upgrade_id, applied_id, secret_hash,
       affiliate, ad, ad1, first_touch, experiments, credit_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26::jsonb, $27)`,
    [
      order.id,
      order.userId,
      order.email,
      order.locale,
      order.productKey,
      order.os,
      order.planType,
      order.pid,
      order.allowNum,
      order.dayNum,
      order.lifetime,
      order.variant,
      order.couponCode,
      order.originCents,
      order.priceCents,
      order.discountCents,
      order.amountCents,
      order.provider,
      order.upgradeId,
      order.appliedId,
      order.secretHash,
      order.attribution.affiliate,
      order.attribution.ad,
      order.attribution.ad1,
      order.attribution.firstTouch,
      JSON.stringify(order.attribution.experiments),
      order.creditCents,
    ],
  );
}

/**
 * docs/commerce.md "Upgrades": the licence of a paid order of this account, as the upgrade rule reads it; null for
 * an order that is not this account's, not paid, or has no licence (the caller cannot tell these apart, so an
 * order id tells nothing about somebody else's order).
 */
export async function findUpgradeSource(query: Query, orderId: string, userId: string): Promise<UpgradeSource | null> {
  const [row] = await query<{ os: PlanOs; plan_type: PlanType; amount_cents: number; paid_at: Date; expires_at: Date | null; status: string }>(
    `SELECT o.os, o.plan_type, o.amount_cents, o.paid_at, l.expires_at, l.status
       FROM checkout.orders o JOIN checkout.licences l ON l.order_id = o.id
      WHERE o.id = $1 AND o.user_id = $2 AND o.status = 'paid' AND o.paid_at IS NOT NULL`,
    [orderId, userId],
  );
  return row
    ? {
        os: row.os,
        type: row.plan_type,
        paidCents: row.amount_cents,
        paidAt: new Date(row.paid_at).getTime(),
        expiresAt: row.expires_at ? new Date(row.expires_at).getTime() : null,
        revoked: row.status !== 'active',
      }
    : null;
}

/** docs/commerce.md "Upgrades": the licence of `sourceOrderId` ends, replaced by the licence of `upgradeOrderId`. */
export async function replaceLicence(query: Query, sourceOrderId: string, upgradeOrderId: string, at: Date): Promise<boolean> {
  const replaced = await query(
    `UPDATE checkout.licences SET status = 'revoked', revoked_at = $3, replaced_by = $2 WHERE order_id = $1 AND status = 'active' RETURNING id`,
    [sourceOrderId, upgradeOrderId, at],
  );
  return replaced.length > 0;
}

/** docs/commerce.md "Upgrades": a refunded upgrade gives back the licence it replaced, if that licence's own order is still paid. */
export async function restoreReplacedLicence(query: Query, upgradeOrderId: string): Promise<void> {
  await query(
    `UPDATE checkout.licences l SET status = 'active', revoked_at = NULL, replaced_by = NULL
       FROM checkout.orders o WHERE l.replaced_by = $1 AND o.id = l.order_id AND o.status = 'paid'`,
    [upgradeOrderId],
  );
}

/** Records the provider's payment of an order. */
export async function setPaymentReference(query: Query, orderId: string, reference: string): Promise<void> {
  await query(`UPDATE checkout.orders SET provider_ref = $2 WHERE id = $1`, [orderId, reference]);
}

/**
 * Writes a transition `decideTransition` chose, only while the order is still in the state it was chosen
 * from (false when another request moved it first). Stamps `paid_at` or `refunded_at` with `at`; `userId`
 * joins the order to an account unless it already has one.
 */
export async function writeTransition(
  query: Query,
  orderId: string,
  from: OrderStatus,
  transition: OrderTransition,
  at: Date,
  userId: string | null = null,
): Promise<boolean> {
  const values: unknown[] = [orderId, from];
  const assignments: string[] = [];
  const assign = (column: string, value: unknown) => {
    values.push(value);
    assignments.push(`${column} = $${values.length}`);
  };
  assign('status', transition.next);
  if (transition.failureCode !== undefined) assign('failure_code', transition.failureCode?.slice(0, FAILURE_CODE_MAX_LENGTH) ?? null);
  if (transition.effects.includes('count_attempt')) assignments.push('attempts = attempts + 1');
  if (transition.next === 'paid') assign('paid_at', at);
  if (transition.next === 'refunded') assign('refunded_at', at);
  if (userId !== null) {
    values.push(userId);
    assignments.push(`user_id = COALESCE(user_id, $${values.length})`);
  }
  const updated = await query(`UPDATE checkout.orders SET ${assignments.join(', ')} WHERE id = $1 AND status = $2 RETURNING id`, values);
  return updated.length > 0;
}

/** Moves every order in state `from` made before `cutoff` to `next` (expiry). */
export async function moveOrdersMadeBefore(query: Query, cutoff: Date, from: OrderStatus, next: OrderStatus): Promise<void> {
  await query(`UPDATE checkout.orders SET status = $3 WHERE status = $2 AND created_at < $1`, [cutoff, from, next]);
}

/** The order's licence; a second one for the same order is never made (the order id is unique). */
export async function insertLicence(query: Query, order: OrderRow, key: string, expiresAt: Date | null): Promise<void> {
  await query(
    `INSERT INTO checkout.licences (order_id, key, os, plan_type, allow_num, expires_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (order_id) DO NOTHING`,
    [order.id, key, order.os, order.plan_type, order.allow_num, expiresAt],
  );
}

/** Revokes the order's active licence. */
export async function revokeLicences(query: Query, orderId: string, at: Date): Promise<void> {
  await query(`UPDATE checkout.licences SET status = 'revoked', revoked_at = $2 WHERE order_id = $1 AND status = 'active'`, [orderId, at]);
}

/** The licences of some orders. */
export async function readLicences(query: Query, orderIds: readonly string[]): Promise<LicenceRow[]> {
  if (orderIds.length === 0) return [];
  return query<LicenceRow>(
    `SELECT id::text, order_id, key, os, plan_type, allow_num, expires_at, status FROM checkout.licences WHERE order_id = ANY($1)`,
    [[...orderIds]],
  );
}

/** The devices some licences are active on now, first activated first. */
export async function readActiveDevices(query: Query, licenceIds: readonly string[]): Promise<DeviceRow[]> {
  if (licenceIds.length === 0) return [];
  return query<DeviceRow>(
    `SELECT licence_id::text, device_id, name, activated_at FROM checkout.devices WHERE licence_id = ANY($1::bigint[]) AND deactivated_at IS NULL ORDER BY activated_at`,
    [[...licenceIds]],
  );
}

/** Claims the sending of a paid order's receipt: the order, or null when it is not paid or its receipt is out. */
export async function claimReceipt(query: Query, orderId: string): Promise<OrderRow | null> {
  const [claimed] = await query<OrderRow>(
    `UPDATE checkout.orders SET receipt_sent_at = now() WHERE id = $1 AND status = 'paid' AND receipt_sent_at IS NULL RETURNING *`,
    [orderId],
  );
  return claimed ?? null;
}

/** Gives a claimed receipt back, so the next look at the order sends it. */
export async function releaseReceipt(query: Query, orderId: string): Promise<void> {
  await query(`UPDATE checkout.orders SET receipt_sent_at = NULL WHERE id = $1`, [orderId]);
}

/** Records a provider's event as handled: false when it already was (a replay). */
export async function recordProcessedEvent(query: Query, provider: OrderRow['provider'], eventId: string, type: string): Promise<boolean> {
  const inserted = await query(
    `INSERT INTO checkout.processed_events (provider, event_id, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
    [provider, eventId, type],
  );
  return inserted.length > 0;
}
