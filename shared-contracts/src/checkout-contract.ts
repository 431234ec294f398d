import * as z from 'zod/mini';
import { OPTION_IDS, PLAN_TYPES, type PlanOs, type PlanRow, type PlanType } from './plan-table.ts';
import { PRICE_VARIANTS, type PriceVariant } from './pricing.ts';
import type { UpgradeSource } from './upgrade-pricing.ts';

/**
 * The checkout squad's API as other squads and the browser read it (`/api/checkout/*`). Amounts are whole
 * US cents computed on the server; the browser shows them and never sends one back. Each answer a page or a
 * loader reads has its schema below (zod/mini, so the browser carries little of zod): an answer is parsed
 * with it, never cast.
 */

/** Order states: pending → paid → refunded, plus failed and expired (docs/commerce.md "Order states"). */
export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'failed', 'expired'] as const;
/** One order state. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A plan as the checkout offers it: the table row plus its plan id. */
export interface OfferPlanDto extends PlanRow {
  pid: string;
  os: PlanOs;
}

/** A coupon as shown ('$discount off', described from discount and minimum price: docs/commerce.md "Coupons"). */
export interface OfferCouponDto {
  code: string;
  text: string;
  discountCents: number;
  allowedTypes: PlanType[];
  minPriceCents: number;
}

/** The running campaign the checkout counts down to. */
export interface OfferCampaignDto {
  id: string;
  name: string;
  /** Epoch ms; a personal deadline (`ac_endtime`) may only bring it forward. */
  endsAt: number;
}

/** Which payment step the browser shows. */
export type PaymentProviderDto = { kind: 'sandbox' } | { kind: 'stripe'; publishableKey: string };

/** `GET /api/checkout/offer?product=`: what the checkout page sells. */
export interface OfferDto {
  product: { key: string; name: string; macName: string; hasMac: boolean };
  plans: { win: OfferPlanDto[]; mac: OfferPlanDto[] | null };
  /** Coupons of running campaigns that are shown (the page picks the top 3 for the chosen plan). */
  coupons: OfferCouponDto[];
  campaign: OfferCampaignDto | null;
  provider: PaymentProviderDto;
}

/** `POST /api/checkout/orders`: what the browser asks for (never a price). */
export interface CreateOrderRequest {
  product: string;
  pid: string;
  coupon?: string;
  email?: string;
  locale: string;
  upgradeId?: string;
  appliedId?: string;
}

/** An order as its buyer sees it. */
export interface OrderDto {
  id: string;
  status: OrderStatus;
  product: string;
  pid: string;
  os: PlanOs;
  planType: PlanType;
  variant: PriceVariant;
  couponCode: string | null;
  originCents: number;
  priceCents: number;
  discountCents: number;
  /** docs/commerce.md "Upgrades": the credit of the licence this order upgrades (absent from APIs older than upgrades). */
  creditCents?: number;
  amountCents: number;
  currency: 'USD';
  email: string;
  createdAt: string;
  paidAt: string | null;
  /** Why the last payment attempt failed (`card_declined`, …), while the order is unpaid. */
  failureCode: string | null;
  licence: LicenceDto | null;
}

/** A device a licence is active on. */
export interface DeviceDto {
  deviceId: string;
  name: string;
  activatedAt: string;
}

/** A licence key and its devices (issue 6: devices = allow_num, expiry from day_num, lifetime never). */
export interface LicenceDto {
  key: string;
  status: 'active' | 'revoked';
  os: PlanOs;
  planType: PlanType;
  allowNum: number;
  expiresAt: string | null;
  devices: DeviceDto[];
}

/**
 * `GET /api/checkout/upgrade?upgrade_id=`: the licence a signed-in customer upgrades, as the upgrade rule reads it
 * (docs/commerce.md "Upgrades"); the page prices each plan against it with `quoteUpgrade`, as the order is charged.
 */
export interface UpgradeOfferDto {
  orderId: string;
  source: UpgradeSource;
}

/** `GET /api/checkout/my-orders`: the signed-in visitor's orders, newest first (mf-account's page). */
export interface MyOrdersDto {
  orders: OrderDto[];
}

/** What a payment step answers: paid (with the order), a confirmation step, or a refusal with its code. */
export type PaymentResultDto =
  { cscode: 200; order: OrderDto } | { cscode: 202; confirmation: { paymentId: string } } | { cscode: number; error: string; order?: OrderDto };

const planOsSchema = z.enum(Object.keys(OPTION_IDS) as [PlanOs, ...PlanOs[]]);
const planTypeSchema = z.enum(PLAN_TYPES);

const offerPlanSchema = z.object({
  os: planOsSchema,
  type: planTypeSchema,
  pid: z.string(),
  price: z.number(),
  originPrice: z.number(),
  priceA: z.number(),
  originPriceA: z.number(),
  priceB: z.number(),
  originPriceB: z.number(),
  dayNum: z.number(),
  calculationNum: z.nullable(z.number()),
  allowNum: z.number(),
  isMain: z.boolean(),
});

/** A coupon as the offer and `POST /api/checkout/coupon` describe it. */
export const offerCouponSchema: z.ZodMiniType<OfferCouponDto> = z.object({
  code: z.string(),
  text: z.string(),
  discountCents: z.number(),
  allowedTypes: z.array(planTypeSchema),
  minPriceCents: z.number(),
});

/**
 * `GET /api/checkout/offer`. Fields a newer API adds pass through: a release adds a field to the API and to
 * the page that reads it together (docs/releases.md).
 */
export const offerSchema: z.ZodMiniType<OfferDto> = z.looseObject({
  product: z.object({ key: z.string(), name: z.string(), macName: z.string(), hasMac: z.boolean() }),
  plans: z.object({ win: z.array(offerPlanSchema), mac: z.nullable(z.array(offerPlanSchema)) }),
  coupons: z.array(offerCouponSchema),
  campaign: z.nullable(z.object({ id: z.string(), name: z.string(), endsAt: z.number() })),
  provider: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('sandbox') }),
    z.object({ kind: z.literal('stripe'), publishableKey: z.string() }),
  ]),
});

const licenceSchema = z.object({
  key: z.string(),
  status: z.enum(['active', 'revoked']),
  os: planOsSchema,
  planType: planTypeSchema,
  allowNum: z.number(),
  expiresAt: z.nullable(z.string()),
  devices: z.array(z.object({ deviceId: z.string(), name: z.string(), activatedAt: z.string() })),
});

/** An order as its buyer sees it. */
export const orderSchema: z.ZodMiniType<OrderDto> = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  product: z.string(),
  pid: z.string(),
  os: planOsSchema,
  planType: planTypeSchema,
  variant: z.enum(PRICE_VARIANTS),
  couponCode: z.nullable(z.string()),
  originCents: z.number(),
  priceCents: z.number(),
  discountCents: z.number(),
  creditCents: z.optional(z.number()),
  amountCents: z.number(),
  currency: z.literal('USD'),
  email: z.string(),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  failureCode: z.nullable(z.string()),
  licence: z.nullable(licenceSchema),
});

/** `GET /api/checkout/upgrade`: the licence to upgrade, else a refusal (`upgrade_sign_in`, `upgrade_unknown`). */
export const upgradeAnswerSchema = z.union([
  z.object({
    cscode: z.literal(200),
    upgrade: z.object({
      orderId: z.string(),
      source: z.object({
        os: planOsSchema,
        type: planTypeSchema,
        paidCents: z.number(),
        paidAt: z.number(),
        expiresAt: z.nullable(z.number()),
        revoked: z.boolean(),
      }),
    }),
  }),
  z.object({ cscode: z.number(), error: z.optional(z.string()) }),
]);
/** What `GET /api/checkout/upgrade` answers. */
export type UpgradeAnswer = z.infer<typeof upgradeAnswerSchema>;

/** `GET /api/checkout/my-orders` (My account reads it). */
export const myOrdersSchema: z.ZodMiniType<MyOrdersDto> = z.object({ orders: z.array(orderSchema) });

/**
 * A refusal as the checkout page reads it: the `cscode` (0 when the server was not reached, see `postJson`),
 * the code it translates under `errors.`, and for an order the field it belongs to. An answer that fits
 * none of an endpoint's other shapes reads as this one, so the page says what went wrong instead of breaking.
 */
const refusalSchema = z.object({ cscode: z.number(), error: z.optional(z.string()), field: z.optional(z.string()) });
/** A refusal of a checkout endpoint. */
export type CheckoutRefusal = z.infer<typeof refusalSchema>;

/** `GET /api/checkout/orders/<id>`: the order, for its owner or the browser holding its secret. */
export const orderAnswerSchema = z.object({ cscode: z.literal(200), order: orderSchema });

/** `POST /api/checkout/coupon`: the coupon when it fits the plan, else a refusal (`coupon_*`, `plan_unknown`). */
export const couponAnswerSchema = z.union([z.object({ cscode: z.literal(200), coupon: offerCouponSchema }), refusalSchema]);
/** What `POST /api/checkout/coupon` answers. */
export type CouponAnswer = z.infer<typeof couponAnswerSchema>;

/** `POST /api/checkout/orders`: the pending order and what its payment step needs, else a refusal with its field. */
export const orderPlacedAnswerSchema = z.union([
  z.object({ cscode: z.literal(200), order: orderSchema, payment: z.object({ clientSecret: z.nullable(z.string()) }) }),
  refusalSchema,
]);
/** What `POST /api/checkout/orders` answers. */
export type OrderPlacedAnswer = z.infer<typeof orderPlacedAnswerSchema>;

/** `POST /api/checkout/sandbox/pay` and `…/confirm` (`PaymentResultDto`): paid, a confirmation step, or a refusal, perhaps with the unpaid order. */
export const paymentAnswerSchema = z.union([
  z.object({ cscode: z.literal(200), order: orderSchema }),
  z.object({ cscode: z.literal(202), confirmation: z.object({ paymentId: z.string() }) }),
  z.extend(refusalSchema, { order: z.optional(orderSchema) }),
]);
/** What the sandbox card step answers, as the page reads it. */
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

/** `POST /api/checkout/my-devices/deactivate`: why a device was not deactivated (`deactivation_limit`, …). */
export const deviceDeactivationAnswerSchema = z.object({ cscode: z.number(), error: z.optional(z.string()) });
