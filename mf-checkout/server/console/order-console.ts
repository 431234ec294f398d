import type { Database } from '@reelkeep/platform/host-context';
import { normaliseLicenceKey } from '../licence-key.ts';
import { findOrder, revokeLicences, type OrderRow, type Query } from '../order-repository.ts';
import type { OrderService } from '../order-service.ts';
import { ORDER_SEARCH_LIMIT, type OrderActionAnswer, type OrderDetail, type OrderSummary } from './orders-contract.ts';

/**
 * The checkout's side of the console's Orders and licences section (docs/console.md "Orders and licences"): the
 * search, an order's timeline, and the operator's actions, each through the checkout's own logic (the refund of
 * the admin API, the receipt mail, the licence rows) and each answering the state before and after for the audit
 * log.
 */

interface SummaryRow {
  id: string;
  email: string;
  status: OrderSummary['status'];
  os: string;
  plan_type: string;
  amount_cents: number;
  currency: string;
  created_at: Date;
  licence_key: string | null;
  licence_status: 'active' | 'revoked' | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const toSummary = (row: SummaryRow): OrderSummary => ({
  id: row.id,
  email: row.email,
  status: row.status,
  os: row.os,
  planType: row.plan_type,
  amountCents: row.amount_cents,
  currency: row.currency,
  createdAt: iso(row.created_at)!,
  licenceKey: row.licence_key,
  licenceStatus: row.licence_status,
});

const SUMMARY_COLUMNS = `o.id, o.email, o.status, o.os, o.plan_type, o.amount_cents, o.currency, o.created_at, l.key AS licence_key, l.status AS licence_status`;

/** The order an operator acts on, its licence and its active devices, as the audit log records them. */
async function readState(query: Query, orderId: string) {
  const order = await findOrder(query, orderId);
  if (!order) return null;
  const [licence] = await query<{ id: string; key: string; status: 'active' | 'revoked' }>(
    `SELECT id::text, key, status FROM checkout.licences WHERE order_id = $1`,
    [orderId],
  );
  const [devices] = licence
    ? await query<{ used: number }>(`SELECT count(*)::int AS used FROM checkout.devices WHERE licence_id = $1 AND deactivated_at IS NULL`, [
        licence.id,
      ])
    : [];
  return {
    order,
    licence: licence ?? null,
    audit: { status: order.status, licence: licence?.status ?? null, devices: devices?.used ?? 0 },
  };
}

async function recordEvent(query: Query, orderId: string, type: string, detail: Record<string, unknown> = {}): Promise<void> {
  await query(`INSERT INTO checkout.order_events (order_id, type, detail) VALUES ($1, $2, $3::jsonb)`, [orderId, type, JSON.stringify(detail)]);
}

/** The console's work on orders, over the checkout's database and its order service. */
export function createOrderConsole(db: Database, orders: Pick<OrderService, 'refund' | 'resendReceipt'>) {
  return {
    /** Orders of an e-mail address (any case), with an id, or holding a licence key; newest first. */
    async search(text: string): Promise<{ orders: OrderSummary[]; more: boolean }> {
      const key = normaliseLicenceKey(text);
      const rows = await db.query<SummaryRow>(
        `SELECT ${SUMMARY_COLUMNS} FROM checkout.orders o LEFT JOIN checkout.licences l ON l.order_id = o.id
         WHERE lower(o.email) = lower($1) OR o.id = $1 OR l.key = $2
         ORDER BY o.created_at DESC, o.id LIMIT ${ORDER_SEARCH_LIMIT + 1}`,
        [text, key ?? ''],
      );
      return { orders: rows.slice(0, ORDER_SEARCH_LIMIT).map(toSummary), more: rows.length > ORDER_SEARCH_LIMIT };
    },

    /** An order with its licence, its devices and its timeline (oldest first); null when there is none. */
    async detail(orderId: string): Promise<OrderDetail | null> {
      const [row] = await db.query<
        SummaryRow &
          Pick<OrderRow, 'locale' | 'product_key' | 'allow_num' | 'price_cents' | 'discount_cents' | 'coupon_code' | 'provider' | 'user_id'> & {
            paid_at: Date | null;
            refunded_at: Date | null;
            receipt_sent_at: Date | null;
            licence_id: string | null;
            licence_allow_num: number | null;
            expires_at: Date | null;
            revoked_at: Date | null;
          }
      >(
        `SELECT ${SUMMARY_COLUMNS}, o.locale, o.product_key, o.allow_num, o.price_cents, o.discount_cents, o.coupon_code, o.provider, o.user_id,
                o.paid_at, o.refunded_at, o.receipt_sent_at, l.id::text AS licence_id, l.allow_num AS licence_allow_num, l.expires_at, l.revoked_at
         FROM checkout.orders o LEFT JOIN checkout.licences l ON l.order_id = o.id WHERE o.id = $1`,
        [orderId],
      );
      if (!row) return null;
      const devices = row.licence_id
        ? await db.query<{ device_id: string; name: string; activated_at: Date; deactivated_at: Date | null; reset_at: Date | null }>(
            `SELECT device_id, name, activated_at, deactivated_at, reset_at FROM checkout.devices WHERE licence_id = $1 ORDER BY activated_at, id`,
            [row.licence_id],
          )
        : [];
      const events = await db.query<{ type: string; detail: Record<string, unknown>; at: Date }>(
        `SELECT type, detail, at FROM checkout.order_events WHERE order_id = $1 ORDER BY at, id`,
        [orderId],
      );
      const timeline: OrderDetail['timeline'] = [{ at: iso(row.created_at)!, type: 'created' }];
      if (row.paid_at) timeline.push({ at: iso(row.paid_at)!, type: 'paid' });
      if (row.receipt_sent_at) timeline.push({ at: iso(row.receipt_sent_at)!, type: 'receipt_sent' });
      for (const device of devices) {
        timeline.push({ at: iso(device.activated_at)!, type: 'activated', detail: device.name || device.device_id });
        if (device.deactivated_at && !device.reset_at)
          timeline.push({ at: iso(device.deactivated_at)!, type: 'deactivated', detail: device.name || device.device_id });
      }
      for (const event of events) {
        const detail = typeof event.detail.devices === 'number' ? String(event.detail.devices) : undefined;
        timeline.push({ at: iso(event.at)!, type: event.type as OrderDetail['timeline'][number]['type'], ...(detail ? { detail } : {}) });
      }
      if (row.refunded_at) timeline.push({ at: iso(row.refunded_at)!, type: 'refunded' });
      if (row.revoked_at) timeline.push({ at: iso(row.revoked_at)!, type: 'revoked' });
      timeline.sort((a, b) => a.at.localeCompare(b.at));
      return {
        order: {
          ...toSummary(row),
          locale: row.locale,
          productKey: row.product_key,
          allowNum: row.allow_num,
          priceCents: row.price_cents,
          discountCents: row.discount_cents,
          couponCode: row.coupon_code,
          provider: row.provider,
          userId: row.user_id,
          paidAt: iso(row.paid_at),
          refundedAt: iso(row.refunded_at),
          receiptSentAt: iso(row.receipt_sent_at),
        },
        licence:
          row.licence_key && row.licence_status
            ? {
                key: row.licence_key,
                status: row.licence_status,
                allowNum: row.licence_allow_num ?? row.allow_num,
                expiresAt: iso(row.expires_at),
                revokedAt: iso(row.revoked_at),
              }
            : null,
        devices: devices.map((device) => ({
          deviceId: device.device_id,
          name: device.name,
          activatedAt: iso(device.activated_at)!,
          deactivatedAt: iso(device.deactivated_at),
          reset: device.reset_at !== null,
        })),
        timeline,
      };
    },

    /** The refund of the admin API (the provider gives the money back, the licence is revoked). */
    async refund(orderId: string): Promise<OrderActionAnswer> {
      const before = await readState(db.query, orderId);
      if (!before) return { ok: false, problem: 'not_found' };
      if (before.order.status !== 'paid') return { ok: false, problem: 'not_paid' };
      await recordEvent(db.query, orderId, 'refund_requested');
      if ((await orders.refund(orderId)) !== 'refunded') return { ok: false, problem: 'not_paid' };
      const after = await readState(db.query, orderId);
      return { ok: true, before: before.audit, after: after!.audit };
    },

    /** The receipt of a paid order again, to its buyer's address, in its language. */
    async resend(orderId: string): Promise<OrderActionAnswer> {
      const before = await readState(db.query, orderId);
      if (!before) return { ok: false, problem: 'not_found' };
      if (before.order.status !== 'paid') return { ok: false, problem: 'not_paid' };
      await orders.resendReceipt(before.order);
      await recordEvent(db.query, orderId, 'receipt_resent');
      return { ok: true, before: { receiptSentAt: iso(before.order.receipt_sent_at) }, after: { receiptResentTo: before.order.email } };
    },

    /** Frees every seat of the order's licence; the buyer's own deactivation allowance is left untouched. */
    async resetDevices(orderId: string): Promise<OrderActionAnswer> {
      return db.transaction(async (query): Promise<OrderActionAnswer> => {
        const before = await readState(query, orderId);
        if (!before) return { ok: false, problem: 'not_found' };
        if (!before.licence) return { ok: false, problem: 'no_licence' };
        if (before.audit.devices === 0) return { ok: false, problem: 'no_devices' };
        const reset = await query<{ device_id: string }>(
          `UPDATE checkout.devices SET deactivated_at = now(), reset_at = now() WHERE licence_id = $1 AND deactivated_at IS NULL RETURNING device_id`,
          [before.licence.id],
        );
        await recordEvent(query, orderId, 'devices_reset', { devices: reset.length });
        return { ok: true, before: before.audit, after: { ...before.audit, devices: 0 } };
      });
    },

    /** Revokes the order's licence key: the desktop app's activation refuses it from now on. The order stays paid. */
    async revokeKey(orderId: string): Promise<OrderActionAnswer> {
      return db.transaction(async (query): Promise<OrderActionAnswer> => {
        const before = await readState(query, orderId);
        if (!before) return { ok: false, problem: 'not_found' };
        if (!before.licence) return { ok: false, problem: 'no_licence' };
        if (before.licence.status === 'revoked') return { ok: false, problem: 'already_revoked' };
        await revokeLicences(query, orderId, new Date());
        await recordEvent(query, orderId, 'key_revoked');
        return {
          ok: true,
          before: { ...before.audit, key: before.licence.key },
          after: { ...before.audit, licence: 'revoked', key: before.licence.key },
        };
      });
    },
  };
}

/** The console's work on orders. */
export type OrderConsole = ReturnType<typeof createOrderConsole>;
