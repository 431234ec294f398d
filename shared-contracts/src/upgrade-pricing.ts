import { findPlanRow, type PlanOs, type PlanType } from './plan-table.ts';

/**
 * The licence a customer upgrades (docs/commerce.md "Upgrades"): the plan it was bought as, what was paid for it and
 * when, and when it ends (null: lifetime). Read by the server from the customer's own paid order.
 */
export interface UpgradeSource {
  os: PlanOs;
  type: PlanType;
  /** What the order charged, in cents (after its coupon and its own upgrade credit, if any). */
  paidCents: number;
  paidAt: number;
  /** Epoch ms; null for a lifetime licence. */
  expiresAt: number | null;
  /** A revoked licence (refunded, or already upgraded) is worth nothing. */
  revoked: boolean;
}

/** Why a licence cannot be upgraded to a plan: it no longer runs, it is for the other OS, or the plan is not above it. */
export type UpgradeProblem = 'upgrade_inactive' | 'upgrade_os' | 'upgrade_not_higher';

/** The codes a refused upgrade is answered with, each a translation key under `errors.` of the checkout namespace. */
export const UPGRADE_ERROR_CODES = [
  'upgrade_sign_in',
  'upgrade_unknown',
  'upgrade_inactive',
  'upgrade_os',
  'upgrade_not_higher',
  'coupon_upgrade',
] as const;
/** One upgrade refusal code. */
export type UpgradeErrorCode = (typeof UPGRADE_ERROR_CODES)[number];

/** Whether the licence still runs at `now`. */
export function isUpgradeSourceActive(source: UpgradeSource, now: number): boolean {
  return !source.revoked && (source.expiresAt === null || source.expiresAt > now);
}

/**
 * What the rest of a licence is worth at `now`, in whole cents, rounded down (never more than was paid): a lifetime
 * licence is worth what was paid for it; a subscription what was paid for the part of its term still to run.
 * A licence that no longer runs is worth nothing.
 */
export function computeUpgradeCreditCents(source: UpgradeSource, now: number): number {
  if (!isUpgradeSourceActive(source, now) || source.paidCents <= 0) return 0;
  if (source.expiresAt === null) return source.paidCents;
  const termMs = source.expiresAt - source.paidAt;
  if (termMs <= 0) return 0;
  const leftMs = Math.min(source.expiresAt - now, termMs);
  return Math.floor((source.paidCents * leftMs) / termMs);
}

/**
 * Whether plan `to` is an upgrade of plan `from` on the same OS: a lifetime plan is above every subscription and
 * above a lifetime plan for fewer devices; a subscription is above a shorter one for as many devices or fewer.
 * A plan is never above itself, and nothing is above the largest lifetime plan.
 */
export function isHigherPlan(from: PlanType, to: PlanType): boolean {
  const a = findPlanRow(from);
  const b = findPlanRow(to);
  if (!a || !b) return false;
  const aLifetime = a.calculationNum === null;
  const bLifetime = b.calculationNum === null;
  if (bLifetime) return !aLifetime || b.allowNum > a.allowNum;
  return !aLifetime && b.dayNum > a.dayNum && b.allowNum >= a.allowNum;
}

/** What an upgrade costs: the target plan's price less the credit of the licence it replaces. */
export interface UpgradeQuote {
  creditCents: number;
  totalCents: number;
}

/**
 * docs/commerce.md "Upgrades": the price of plan `to` (its `priceCents` in the buyer's variant) for the owner of
 * `source` at `now`. The credit is the rest of the licence's worth; the buyer pays the difference, at least a
 * cent. The one place an upgrade is priced, on the server (charged) and in the browser (shown).
 */
export function quoteUpgrade(
  source: UpgradeSource,
  to: { os: PlanOs; type: PlanType; priceCents: number },
  now: number,
): UpgradeQuote | { problem: UpgradeProblem } {
  if (!isUpgradeSourceActive(source, now)) return { problem: 'upgrade_inactive' };
  if (source.os !== to.os) return { problem: 'upgrade_os' };
  if (!isHigherPlan(source.type, to.type)) return { problem: 'upgrade_not_higher' };
  // The credit never takes the price to zero: a cent is left to pay, as with coupons.
  const creditCents = Math.min(computeUpgradeCreditCents(source, now), to.priceCents - 1);
  return { creditCents, totalCents: to.priceCents - creditCents };
}
