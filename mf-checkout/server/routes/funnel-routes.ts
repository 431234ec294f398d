import { readInput, respondJson } from '@reelkeep/shared-contracts';
import { checkoutFunnelQuery, type CheckoutFunnelAnswer } from '@reelkeep/shared-contracts/console';
import type { Query } from '../order-repository.ts';
import type { CheckoutRoute } from '../checkout-services.ts';

/** The checkout's daily figures for the console's Experiments section: internal (the gateway answers 404 from outside for any `/internal/` path). */
export const FUNNEL_INTERNAL_ENDPOINT = '/api/checkout/internal/funnel';
/** Days shown when the caller names none. */
const DEFAULT_DAYS = 30;

const toDay = (value: Date | string) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);

/**
 * docs/console.md "Experiments": per UTC day of the last `days`, orders made (`checkouts`), paid (`orders`; a refunded
 * order is not counted, as in the readout) and licences first activated on a device (`activations`); per experiment
 * variant and day, the checkouts and paid orders of the orders that carry it.
 */
export async function readCheckoutFunnel(query: Query, days: number): Promise<CheckoutFunnelAnswer> {
  const [orders, activations, variants] = await Promise.all([
    query<{ day: string; checkouts: number; orders: number }>(
      `SELECT to_char(date_trunc('day', o.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*)::int AS checkouts,
              count(*) FILTER (WHERE o.status = 'paid')::int AS orders
       FROM checkout.orders o WHERE o.created_at >= now() - make_interval(days => $1) GROUP BY 1 ORDER BY 1`,
      [days],
    ),
    query<{ day: string; activations: number }>(
      `SELECT to_char(date_trunc('day', first_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*)::int AS activations
       FROM (SELECT min(d.activated_at) AS first_at FROM checkout.devices d GROUP BY d.licence_id) AS firsts
       WHERE first_at >= now() - make_interval(days => $1) GROUP BY 1 ORDER BY 1`,
      [days],
    ),
    query<{ experiment: string; variant: string; day: string; checkouts: number; orders: number }>(
      `SELECT e.key AS experiment, e.value AS variant, to_char(date_trunc('day', o.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
              count(*)::int AS checkouts, count(*) FILTER (WHERE o.status = 'paid')::int AS orders
       FROM checkout.orders o CROSS JOIN LATERAL jsonb_each_text(o.experiments) AS e(key, value)
       WHERE o.created_at >= now() - make_interval(days => $1) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [days],
    ),
  ]);
  const byDay = new Map<string, { day: string; checkouts: number; orders: number; activations: number }>();
  const dayOf = (day: string) => {
    let entry = byDay.get(day);
    if (!entry) byDay.set(day, (entry = { day, checkouts: 0, orders: 0, activations: 0 }));
    return entry;
  };
  for (const row of orders) Object.assign(dayOf(toDay(row.day)), { checkouts: row.checkouts, orders: row.orders });
  for (const row of activations) dayOf(toDay(row.day)).activations = row.activations;
  return {
    days: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)),
    variants: variants.map((row) => ({ ...row, day: toDay(row.day) })),
  };
}

/** `GET /api/checkout/internal/funnel?days=`: the console's daily checkout figures. */
export function createFunnelRoutes(): CheckoutRoute[] {
  return [
    {
      method: 'GET',
      path: FUNNEL_INTERNAL_ENDPOINT,
      async handle(request, context) {
        const input = await readInput(request, checkoutFunnelQuery);
        if (!input.ok) return respondJson({ error: 'invalid_query', problems: input.problems }, input.status, { 'cache-control': 'no-store' });
        return respondJson(await readCheckoutFunnel(context.db.query, input.data.days ?? DEFAULT_DAYS), 200, { 'cache-control': 'no-store' });
      },
    },
  ];
}
