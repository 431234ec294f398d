import { findPlanRow, OPTION_IDS, parsePlanId, toPlanId, toPlanType, type PlanOs, type PlanType } from './plan-table.ts';

/**
 * The spec's tracking report entry (docs/tracking.md "Report entries"): what a plan id stands for, looked up by pid
 * and stored with the event that names it, so a report of buy clicks reads without the plan table.
 */
export interface TrackingReportEntry {
  /** The plan id: option id plus type (`10721LFT_5`). */
  pid: string;
  /** The product the plan was offered for: its key (`aio`, `netflix`). */
  name: string;
  os: PlanOs;
  type: PlanType;
  /** `subscription` or `lifetime`. */
  category: 'subscription' | 'lifetime';
  /** What the plan gives within its category: months (`12_months`) or devices (`5_devices`). */
  category_item: string;
  /** A short form for report columns: OS initial and type (`W-1Y`, `M-LFT_3`). */
  shorthand: string;
}

const PRODUCT_KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The entry of a plan id, or null when it is not one; `product` names the product (the all-in-one app by default). */
export function findTrackingReportEntry(pid: string, product = 'aio'): TrackingReportEntry | null {
  const plan = parsePlanId(pid);
  const row = plan && findPlanRow(plan.type);
  if (!plan || !row) return null;
  const lifetime = row.calculationNum === null;
  return {
    pid: toPlanId(plan.os, plan.type),
    name: PRODUCT_KEY.test(product) ? product : 'aio',
    os: plan.os,
    type: plan.type,
    category: lifetime ? 'lifetime' : 'subscription',
    category_item: lifetime ? `${row.allowNum}_devices` : `${row.calculationNum}_months`,
    shorthand: `${plan.os === 'mac' ? 'M' : 'W'}-${plan.type}`,
  };
}

/**
 * The plan a link into the checkout names (docs/commerce.md "Campaign links"): `pid` or `applied_id` (a plan id), else
 * `plan` (a type) on the OS `os` names (Windows by default); null for a link that names none.
 */
export function findLinkedPlanId(query: URLSearchParams): string | null {
  for (const name of ['pid', 'applied_id']) {
    const plan = parsePlanId(query.get(name) ?? '');
    if (plan) return toPlanId(plan.os, plan.type);
  }
  const type = toPlanType(query.get('plan'));
  return type ? toPlanId(query.get('os') === 'mac' ? 'mac' : 'win', type) : null;
}

/**
 * The report entry of a tracked event: the plan its link into the checkout names (`event_target`, a same-site path
 * and query), with the link's `product`; null for an event whose link names no plan.
 */
export function findEventReportEntry(eventTarget: string | undefined): TrackingReportEntry | null {
  if (!eventTarget?.startsWith('/')) return null;
  let query: URLSearchParams;
  try {
    query = new URL(eventTarget, 'http://site.invalid').searchParams;
  } catch {
    return null;
  }
  const pid = findLinkedPlanId(query);
  return pid ? findTrackingReportEntry(pid, query.get('product') ?? undefined) : null;
}

/** The option id (a number, as the event's `pids` carry them) of a report entry. */
export const toReportOptionId = (entry: TrackingReportEntry): number => OPTION_IDS[entry.os];
