import { EXPERIMENTS, PRICE_EXPERIMENT_KEY, PRICE_VARIANT_COOKIE, toPriceVariant, type PriceVariant } from '@reelkeep/shared-contracts';
import { assignExperiments } from './experiments/assign-experiments.server.ts';

const PRICE_EXPERIMENT = EXPERIMENTS.filter((experiment) => experiment.key === PRICE_EXPERIMENT_KEY);

/**
 * docs/commerce.md "Price experiment": the price variant alone, as hosts built before the experiment registry
 * ask for it (`assignExperiments` assigns every experiment). While `ab_plan_price` is open a visitor keeps
 * the variant of their cookie; an `abPlanPrice` query value (affiliate links) is taken; returning visitors
 * are `old`; everyone else is split 50/50 by their address. A closed experiment clears its cookie. Every
 * variant is a price of the plan table, so no value a visitor sets can lower a price below the base.
 */
export function assignPlanPriceVariant(input: {
  cookieHeader: string | undefined;
  query: URLSearchParams;
  clientIp: string;
  open: boolean;
  secure: boolean;
}): {
  value: PriceVariant;
  setCookie: string | null;
} {
  const assignment = assignExperiments({
    ...input,
    page: { routeKey: null, locale: 'en' },
    openOverrides: { [PRICE_EXPERIMENT_KEY]: input.open },
    registry: PRICE_EXPERIMENT,
  });
  return { value: toPriceVariant(assignment.values[PRICE_VARIANT_COOKIE]), setCookie: assignment.setCookies[0] ?? null };
}
