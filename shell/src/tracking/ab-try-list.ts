import { PRICE_VARIANT_COOKIE, readCookie, type TrackingData } from '@reelkeep/shared-contracts';

/** docs/tracking.md "Experiments in events": the price experiment's entry, keyed by the page's product. */
const PRICE_ENTRY = { version: 'v1', expire_day: 10 } as const;
/** The other experiments' entries: their cookie lasts 30 days. */
const EXPERIMENT_ENTRY = { version: 'v1', expire_day: 30 } as const;
/** Experiments whose cookie a script may read (the price variant's is HttpOnly and comes with the page). */
export const READABLE_EXPERIMENT_COOKIES = ['sidebarAB', 'resourceBannerAB'] as const;
const VARIANT = /^[\w-]{1,32}$/;

/**
 * The `ab_try_list` of an event: one entry per experiment the visitor is in, from the variants the server
 * assigned with the page (`values`) and the experiment cookies a script can read. The price experiment's
 * key is `<product>_price`.
 */
export function buildAbTryList(
  values: Readonly<Record<string, string>>,
  cookieHeader: string,
  product: string,
): NonNullable<TrackingData['ab_try_list']> {
  const variants = new Map<string, string>(Object.entries(values));
  for (const name of READABLE_EXPERIMENT_COOKIES) {
    const value = readCookie(cookieHeader, name);
    if (value !== undefined && !variants.has(name)) variants.set(name, value);
  }
  return [...variants]
    .filter(([name, value]) => VARIANT.test(name) && VARIANT.test(value))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) =>
      name === PRICE_VARIANT_COOKIE ? { key: `${product}_price`, value, ...PRICE_ENTRY } : { key: name, value, ...EXPERIMENT_ENTRY },
    );
}
