import { z } from 'zod';
import { orderIdInput } from '@reelkeep/shared-contracts';

/**
 * What the Orders and licences section (`./console`) and the checkout's internal console routes exchange
 * (docs/console.md "Orders and licences"). Both ship in the same mf-checkout release, so they change together.
 */

/** The search: an e-mail address, an order id or a licence key (any case, with or without dashes). */
export const orderSearchInput = z.object({ q: z.string().trim().min(3).max(320) });

/** One order by its id. */
export const orderRefInput = z.object({ order: orderIdInput });

const isoDate = z.string();

/** A row of the search's results. */
export const orderSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'paid', 'refunded', 'failed', 'expired']),
  os: z.string(),
  planType: z.string(),
  amountCents: z.number(),
  currency: z.string(),
  createdAt: isoDate,
  licenceKey: z.string().nullable(),
  licenceStatus: z.enum(['active', 'revoked']).nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** At most this many results, newest first. */
export const ORDER_SEARCH_LIMIT = 50;
export const orderSearchSchema = z.object({ orders: z.array(orderSummarySchema), more: z.boolean() });

/** Kinds of the timeline's entries. */
export const TIMELINE_EVENTS = [
  'created',
  'paid',
  'receipt_sent',
  'receipt_resent',
  'refund_requested',
  'refunded',
  'activated',
  'deactivated',
  'devices_reset',
  'key_revoked',
  'revoked',
] as const;

export const orderDetailSchema = z.object({
  order: orderSummarySchema.extend({
    locale: z.string(),
    productKey: z.string(),
    allowNum: z.number(),
    priceCents: z.number(),
    discountCents: z.number(),
    couponCode: z.string().nullable(),
    provider: z.string(),
    userId: z.string().nullable(),
    paidAt: isoDate.nullable(),
    refundedAt: isoDate.nullable(),
    receiptSentAt: isoDate.nullable(),
  }),
  licence: z
    .object({
      key: z.string(),
      status: z.enum(['active', 'revoked']),
      allowNum: z.number(),
      expiresAt: isoDate.nullable(),
      revokedAt: isoDate.nullable(),
    })
    .nullable(),
  devices: z.array(z.object({ deviceId: z.string(), name: z.string(), activatedAt: isoDate, deactivatedAt: isoDate.nullable(), reset: z.boolean() })),
  timeline: z.array(z.object({ at: isoDate, type: z.enum(TIMELINE_EVENTS), detail: z.string().optional() })),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** An operator's action on an order, as the internal routes answer it: the state before and after, or why not. */
export const orderActionSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), before: z.record(z.string(), z.unknown()), after: z.record(z.string(), z.unknown()) }),
  z.object({ ok: z.literal(false), problem: z.enum(['not_found', 'not_paid', 'no_licence', 'already_revoked', 'no_devices']) }),
]);
export type OrderActionAnswer = z.infer<typeof orderActionSchema>;

/** The actions, as path segments of the section and of the internal routes. */
export const ORDER_ACTIONS = ['refund', 'resend', 'reset-devices', 'revoke-key'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
