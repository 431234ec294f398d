import { isArrayOf, isJsonObject, isNumber, isOneOf, isText, isTextOrNull, readText } from './json-answer.ts';
import type { AnswerReader } from './post-json.ts';
import { PLAN_TYPES, PRICE_VARIANTS, type PlanOs, type PlanRow, type PlanType, type PriceVariant } from './pricing.ts';

/**
 * The checkout squad's API as other squads and the browser read it (`/api/checkout/*`). Amounts are whole
 * US cents computed on the server; the browser shows them and never sends one back.
 */

const PLAN_OSES: readonly PlanOs[] = ['win', 'mac'];

/** Order states (issue 6): pending → paid → refunded, plus failed and expired. */
export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'failed', 'expired'] as const;
/** One order state. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A plan as the checkout offers it: the table row plus its plan id. */
export interface OfferPlanDto extends PlanRow {
  pid: string;
  os: PlanOs;
}

/** A coupon as shown (spec §3: '$discount off', description from discount and minimum price). */
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

/** `GET /api/checkout/my-orders`: the signed-in visitor's orders, newest first (mf-account's page). */
export interface MyOrdersDto {
  orders: OrderDto[];
}

/** What a payment step answers: paid (with the order), a confirmation step, or a refusal with its code. */
export type PaymentResultDto =
  { cscode: 200; order: OrderDto } | { cscode: 202; confirmation: { paymentId: string } } | { cscode: number; error: string; order?: OrderDto };

function isDeviceDto(value: unknown): value is DeviceDto {
  return isJsonObject(value) && isText(value.deviceId) && isText(value.name) && isText(value.activatedAt);
}

function isLicenceDto(value: unknown): value is LicenceDto {
  return (
    isJsonObject(value) &&
    isText(value.key) &&
    isOneOf(['active', 'revoked'], value.status) &&
    isOneOf(PLAN_OSES, value.os) &&
    isOneOf(PLAN_TYPES, value.planType) &&
    isNumber(value.allowNum) &&
    isTextOrNull(value.expiresAt) &&
    isArrayOf(value.devices, isDeviceDto)
  );
}

/** Whether a value is an order as its buyer sees it. */
export function isOrderDto(value: unknown): value is OrderDto {
  return (
    isJsonObject(value) &&
    isText(value.id) &&
    isOneOf(ORDER_STATUSES, value.status) &&
    isText(value.product) &&
    isText(value.pid) &&
    isOneOf(PLAN_OSES, value.os) &&
    isOneOf(PLAN_TYPES, value.planType) &&
    isOneOf(PRICE_VARIANTS, value.variant) &&
    isTextOrNull(value.couponCode) &&
    isNumber(value.originCents) &&
    isNumber(value.priceCents) &&
    isNumber(value.discountCents) &&
    isNumber(value.amountCents) &&
    value.currency === 'USD' &&
    isText(value.email) &&
    isText(value.createdAt) &&
    isTextOrNull(value.paidAt) &&
    isTextOrNull(value.failureCode) &&
    (value.licence === null || isLicenceDto(value.licence))
  );
}

/** Reads `GET /api/checkout/my-orders`: the orders, or null when the answer is not that. */
export function readMyOrders(value: unknown): MyOrdersDto | null {
  return isJsonObject(value) && isArrayOf(value.orders, isOrderDto) ? { orders: value.orders } : null;
}

/** `POST /api/checkout/my-devices/deactivate` besides `cscode`: why a device was not deactivated (`deactivation_limit`, …). */
export interface DeviceDeactivationAnswer {
  error?: string;
}

/** Reads `POST /api/checkout/my-devices/deactivate`. */
export const readDeviceDeactivationAnswer: AnswerReader<DeviceDeactivationAnswer> = (answer) => ({ error: readText(answer.error) });
