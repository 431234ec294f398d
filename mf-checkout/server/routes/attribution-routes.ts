import { respondJson, type CheckoutAttributionAnswer } from '@reelkeep/shared-contracts';
import type { Query } from '../order-repository.ts';
import type { CheckoutRoute } from '../checkout-services.ts';

/** The checkout's side of the experiment readout: internal (the gateway answers 404 from outside for any `/internal/` path). */
export const ATTRIBUTION_INTERNAL_ENDPOINT = '/api/checkout/internal/attribution';
/** Attributed orders listed in the readout. */
const RECENT_ORDERS = 50;

interface CountsRow {
  checkouts: number;
  orders: number;
  revenue_cents: number;
}
const COUNTS = `count(*)::int AS checkouts, count(*) FILTER (WHERE o.status = 'paid')::int AS orders,
  coalesce(sum(o.amount_cents) FILTER (WHERE o.status = 'paid'), 0)::int AS revenue_cents`;
const toCounts = (row: CountsRow) => ({ checkouts: row.checkouts, orders: row.orders, revenueCents: row.revenue_cents });

/**
 * docs/experiments.md "Readout": orders made (`checkouts`), paid (`orders`) and their revenue per experiment
 * variant, per last-touch affiliate and per ad (`ad`, then `ad1` when there is no `ad`), and the latest orders that
 * carry an affiliate, an ad or an experiment.
 */
export async function readAttributionReport(query: Query): Promise<CheckoutAttributionAnswer> {
  const [experiments, affiliates, ads, recent] = await Promise.all([
    query<CountsRow & { experiment: string; variant: string }>(
      `SELECT e.key AS experiment, e.value AS variant, ${COUNTS}
       FROM checkout.orders o CROSS JOIN LATERAL jsonb_each_text(o.experiments) AS e(key, value)
       GROUP BY e.key, e.value ORDER BY e.key, e.value`,
    ),
    query<CountsRow & { affiliate: string }>(
      `SELECT o.affiliate, ${COUNTS} FROM checkout.orders o WHERE o.affiliate IS NOT NULL GROUP BY o.affiliate ORDER BY revenue_cents DESC, o.affiliate`,
    ),
    query<CountsRow & { ad: string }>(
      `SELECT coalesce(o.ad, o.ad1) AS ad, ${COUNTS} FROM checkout.orders o WHERE coalesce(o.ad, o.ad1) IS NOT NULL
       GROUP BY coalesce(o.ad, o.ad1) ORDER BY revenue_cents DESC, ad`,
    ),
    query<{
      id: string;
      status: string;
      amount_cents: number;
      created_at: Date | string;
      affiliate: string | null;
      ad: string | null;
      ad1: string | null;
      first_touch: string | null;
      experiments: Record<string, string> | string;
    }>(
      `SELECT id, status, amount_cents, created_at, affiliate, ad, ad1, first_touch, experiments FROM checkout.orders
       WHERE affiliate IS NOT NULL OR ad IS NOT NULL OR ad1 IS NOT NULL OR experiments <> '{}'::jsonb
       ORDER BY created_at DESC, id LIMIT $1`,
      [RECENT_ORDERS],
    ),
  ]);
  return {
    cscode: 200,
    experiments: experiments.map((row) => ({ experiment: row.experiment, variant: row.variant, ...toCounts(row) })),
    affiliates: affiliates.map((row) => ({ affiliate: row.affiliate, ...toCounts(row) })),
    ads: ads.map((row) => ({ ad: row.ad, ...toCounts(row) })),
    recentOrders: recent.map((row) => ({
      id: row.id,
      status: row.status,
      amountCents: row.amount_cents,
      createdAt: new Date(row.created_at).toISOString(),
      affiliate: row.affiliate,
      ad: row.ad,
      ad1: row.ad1,
      firstTouch: row.first_touch,
      experiments: typeof row.experiments === 'string' ? (JSON.parse(row.experiments) as Record<string, string>) : row.experiments,
    })),
  };
}

/** `GET /api/checkout/internal/attribution`: the readout's checkout figures, for the shell's admin readout. */
export function createAttributionRoutes(): CheckoutRoute[] {
  return [
    {
      method: 'GET',
      path: ATTRIBUTION_INTERNAL_ENDPOINT,
      async handle(_request, context) {
        return respondJson(await readAttributionReport(context.db.query), 200, { 'cache-control': 'no-store' });
      },
    },
  ];
}
