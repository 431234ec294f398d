import { z } from 'zod';
import { emailInput, flagInput, localeInput, optional, singleLine } from '../input-fields.ts';

/**
 * The checkout squad's endpoint inputs (docs/commerce.md "Checkout input"): one schema per endpoint, read
 * on the server with `readInput` before anything reaches the database, and by the checkout page's loader to
 * leave out link values the API would refuse.
 */

/** Earliest moment a date in a checkout link may name (docs/commerce.md "Checkout input"). */
export const CAMPAIGN_MOMENT_MIN_MS = Date.UTC(2000, 0, 1);
/** First moment past the range a date in a checkout link may name. */
export const CAMPAIGN_MOMENT_MAX_MS = Date.UTC(2100, 0, 1);

const inMomentRange = (time: number): number | null => (time >= CAMPAIGN_MOMENT_MIN_MS && time < CAMPAIGN_MOMENT_MAX_MS ? time : null);

/**
 * `YYYYMMDDHHMMSS` in UTC as epoch milliseconds; null unless the digits name a real moment inside the
 * campaign range (month 13 or 31 February are not rolled over into another date).
 */
export function parseUtcDigits(value: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const readsBack =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return readsBack ? inMomentRange(date.getTime()) : null;
}

/** A `start_time` preview moment: 13 digits of epoch milliseconds or `YYYYMMDDHHMMSS` (UTC); null unless in range. */
export function parseCampaignMoment(value: string): number | null {
  return /^\d{13}$/.test(value) ? inMomentRange(Number(value)) : parseUtcDigits(value);
}

/** A moment from a link, as epoch milliseconds; anything `parse` cannot read is refused. */
const momentInput = (parse: (value: string) => number | null) =>
  z
    .string()
    .max(16)
    .refine((value) => parse(value) !== null, 'not a moment in range')
    .transform((value) => parse(value)!);

/** Letters, digits, `_` and `-`: product keys, link sources, upgrade and applied ids. */
const tokenInput = (max: number) => singleLine(max, 1).pipe(z.string().regex(/^[\w-]+$/));

/** A product key (an unknown one is the all-in-one product). */
export const productKeyInput = tokenInput(64);

/** A plan id: option id and plan type (`107211Y`); `parsePlanId` decides whether it is sold. */
export const planIdInput = singleLine(16, 1).pipe(z.string().regex(/^\d{5}\w{1,8}$/));

/** A coupon code as typed: case and surrounding spaces forgiven. */
export const couponCodeInput = singleLine(32, 1)
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_-]{3,32}$/));

/** An order id as the checkout makes them (`ord_` and 22 random base64url characters; a little room either way). */
export const orderIdInput = z.string().regex(/^ord_[\w-]{16,40}$/);

/** `GET /api/checkout/offer`: the product and a link's campaign values (`start_time` previews, `ac_*` personal deadlines). */
export const offerQuerySchema = z.object({
  product: optional(productKeyInput),
  start_time: optional(momentInput(parseCampaignMoment)),
  ac_endtime: optional(momentInput(parseUtcDigits)),
  ac_source: optional(tokenInput(32)),
  /** The page's locale: the campaign's name comes in it (English when absent). */
  locale: localeInput,
});

/** `POST /api/checkout/coupon`: a code checked against a plan at the visitor's price. */
export const couponRequestSchema = z.object({
  code: couponCodeInput,
  pid: planIdInput,
  product: optional(productKeyInput),
});

/** `POST /api/checkout/orders`: what the buyer chose (never a price); `email` only from a visitor without an account. */
export const orderRequestSchema = z.object({
  product: optional(productKeyInput),
  pid: planIdInput,
  coupon: optional(couponCodeInput),
  email: optional(emailInput),
  locale: localeInput,
  upgradeId: optional(tokenInput(64)),
  appliedId: optional(tokenInput(64)),
});

/** `GET /api/checkout/upgrade`: the order whose licence a signed-in customer upgrades (docs/commerce.md "Upgrades"). */
export const upgradeQuerySchema = z.object({ upgrade_id: orderIdInput });

/** `POST /api/checkout/sandbox/pay`: the sandbox card step (the provider itself judges number, expiry and CVC). */
export const sandboxPaymentSchema = z.object({
  order: orderIdInput,
  number: singleLine(32),
  expiry: singleLine(8),
  cvc: singleLine(8),
});

/** `POST /api/checkout/sandbox/confirm`: the confirmation step, approved or refused. */
export const sandboxConfirmationSchema = z.object({
  order: orderIdInput,
  approve: optional(flagInput),
});

/** `GET /api/checkout/my-orders`: no parameters (anything in the query is ignored). */
export const myOrdersQuerySchema = z.object({});

/** `POST /api/checkout/my-devices/deactivate`: My account frees a device of the customer's own licence. */
export const deviceDeactivationSchema = z.object({
  key: singleLine(64, 1),
  device: singleLine(128, 1),
  locale: localeInput,
});

/** `POST /api/checkout/licence/*`: the desktop app's calls (`device_name` only on activate; longer names are cut). */
export const licenceRequestSchema = z.object({
  key: singleLine(64, 1),
  device_id: singleLine(128, 1),
  device_name: optional(singleLine(200)),
});

/** `POST /api/checkout/admin/refund`: the order to refund. */
export const refundRequestSchema = z.object({
  order: orderIdInput,
});
