import type { Locale } from './locales.ts';

/**
 * The site's A/B experiments as data (docs/experiments.md "The registry"). The shell assigns them on the
 * server, the pages read the variant from the store, the checkout records it on the order and the admin
 * readout compares the variants. `validateExperimentRegistry` (`inputs/experiments.ts`) checks this list
 * when the shell's server bundle loads and in a unit test.
 */

/** How a visitor is put into a variant (docs/experiments.md "Assignment"). */
export type AssignmentMethod = 'address' | 'email' | 'random';

/** One variant: the value its cookie holds and the share of visitors it gets (weights sum to 1, at most 3 decimals). */
export interface ExperimentVariant {
  value: string;
  weight: number;
}

/** One experiment of the registry. */
export interface ExperimentDefinition {
  /** Its name in the readout and in the tracker's `ab_try_list` (`key`). */
  key: string;
  /** The cookie that keeps the visitor's variant (docs/experiments.md "Cookies"). */
  cookie: string;
  /** `version` of its `ab_try_list` entry: a new version is a new experiment for the readout. */
  version: string;
  /** A closed experiment assigns nobody and clears its cookie. */
  open: boolean;
  /** Assigned on every page (`routes` is then empty) rather than on the routes it changes. */
  site: boolean;
  /** Route keys (`article`, `what-is-product`) whose pages show the experiment and assign it. */
  routes: readonly string[];
  /** `all`, or the locales whose visitors take part. */
  languages: 'all' | readonly Locale[];
  method: AssignmentMethod;
  variants: readonly ExperimentVariant[];
  /** Returning visitors are marked `old` (docs/experiments.md "Old visitors") and see the base. */
  marksReturningVisitorsOld: boolean;
  /** The variant changes the server-rendered HTML: the page cache keys pages by it. */
  changesHtml: boolean;
  /** The page's scripts may read the cookie (the tracker's `ab_try_list`); false keeps it HttpOnly. */
  readableByScripts: boolean;
}

/** The experiment cookies last 30 days (docs/experiments.md "Cookies"). */
export const EXPERIMENT_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

/** The value of a visitor marked as returning (docs/experiments.md "Old visitors"). */
export const OLD_VISITOR_VARIANT = 'old';

/** Key of the price experiment (docs/commerce.md "Price experiment"). */
export const PRICE_EXPERIMENT_KEY = 'ab_plan_price';
/** Key of the guide sidebar experiment. */
export const SIDEBAR_EXPERIMENT_KEY = 'sidebar';
/** Key of the guide resource banner experiment. */
export const RESOURCE_BANNER_EXPERIMENT_KEY = 'resource_banner';

/** The guide article routes the blog squad renders (docs/experiments.md "The registry"). */
const GUIDE_ROUTES = ['article', 'what-is-product'] as const;

/** The registry (docs/experiments.md "The registry"): edit it, then release the shell and the squads that read it. */
export const EXPERIMENTS: readonly ExperimentDefinition[] = [
  {
    key: PRICE_EXPERIMENT_KEY,
    cookie: 'abPlanPrice',
    version: 'v1',
    // Opened by the host's AB_PLAN_PRICE_OPEN (docs/commerce.md "Price experiment").
    open: false,
    site: true,
    routes: [],
    languages: 'all',
    method: 'address',
    variants: [
      { value: 'price_a', weight: 0.5 },
      { value: 'price_b', weight: 0.5 },
    ],
    marksReturningVisitorsOld: true,
    changesHtml: true,
    readableByScripts: false,
  },
  {
    key: SIDEBAR_EXPERIMENT_KEY,
    cookie: 'sidebarAB',
    version: 'v1',
    open: true,
    site: false,
    routes: GUIDE_ROUTES,
    languages: 'all',
    method: 'random',
    variants: [
      { value: 'a', weight: 0.5 },
      { value: 'b', weight: 0.5 },
    ],
    marksReturningVisitorsOld: false,
    changesHtml: true,
    readableByScripts: true,
  },
  {
    key: RESOURCE_BANNER_EXPERIMENT_KEY,
    cookie: 'resourceBannerAB',
    version: 'v1',
    open: true,
    site: false,
    routes: GUIDE_ROUTES,
    languages: 'all',
    method: 'address',
    variants: [
      { value: 'a', weight: 0.5 },
      { value: 'b', weight: 0.5 },
    ],
    marksReturningVisitorsOld: false,
    changesHtml: true,
    readableByScripts: true,
  },
];

/** The experiment a key names, if the registry has it. */
export function findExperiment(key: string, registry: readonly ExperimentDefinition[] = EXPERIMENTS): ExperimentDefinition | undefined {
  return registry.find((experiment) => experiment.key === key);
}

/** Whether a page takes part in an experiment: every page of a site-wide one, else its routes; in its languages. */
export function isExperimentOnPage(experiment: ExperimentDefinition, page: { routeKey: string | null; locale: Locale }): boolean {
  const inLanguage = experiment.languages === 'all' || experiment.languages.includes(page.locale);
  const onRoute = experiment.site || (page.routeKey !== null && experiment.routes.includes(page.routeKey));
  return inLanguage && onRoute;
}

/** Whether a cookie value is one of the experiment's variants (or `old`, where the experiment marks returning visitors). */
export function isKnownVariant(experiment: ExperimentDefinition, value: string | null | undefined): value is string {
  if (value === null || value === undefined) return false;
  if (experiment.marksReturningVisitorsOld && value === OLD_VISITOR_VARIANT) return true;
  return experiment.variants.some((variant) => variant.value === value);
}

/**
 * docs/experiments.md "Old visitors": a visitor who has an `elk_token_id` or the category cookie, or who
 * arrives with `email` or `abPlanPrice` in the address, has been here before the experiment.
 */
export function isReturningVisitor(visitor: { cookies: Readonly<Record<string, string | undefined>>; query: URLSearchParams }): boolean {
  return (
    visitor.cookies.elk_token_id !== undefined ||
    visitor.cookies.review_category_page_new !== undefined ||
    visitor.query.has('email') ||
    visitor.query.has('abPlanPrice')
  );
}

/** Weights are compared in thousandths, the precision the registry allows. */
const WEIGHT_SCALE = 1000;

/**
 * docs/experiments.md "Assignment": the variant a seed falls into. The seed's hash picks one of 1000 equal
 * slots; each variant owns `weight × 1000` consecutive slots, so the same seed always lands in the same
 * variant and the shares follow the weights. `hash` is a 32-bit unsigned hash of `abtest_<key>:<seed>`.
 */
export function pickVariant(variants: readonly ExperimentVariant[], hash: number): string {
  const slot = hash % WEIGHT_SCALE;
  let upTo = 0;
  for (const variant of variants) {
    upTo += Math.round(variant.weight * WEIGHT_SCALE);
    if (slot < upTo) return variant.value;
  }
  return variants[variants.length - 1]!.value;
}

/** The string an experiment hashes for a seed (the spec's `abtest_` prefix, per experiment so two experiments split independently). */
export function toAssignmentSeed(experimentKey: string, seed: string): string {
  return `abtest_${experimentKey}:${seed}`;
}

/**
 * The seed a method hashes (docs/experiments.md "Assignment"): the client address, the visitor's e-mail
 * (the random id when none is known), or the random id.
 */
export function chooseAssignmentSeed(method: AssignmentMethod, visitor: { address: string; email: string | null; randomId: string }): string {
  if (method === 'address') return visitor.address;
  if (method === 'email' && visitor.email) return visitor.email.trim().toLowerCase();
  return visitor.randomId;
}

/** The cookie that keeps the first affiliate and ads that brought the visitor, never overwritten. */
export const FIRST_TOUCH_COOKIE = 'rk_first_touch';

/** docs/experiments.md "Affiliates and ads": the attribution cookies and their lifetimes in seconds. */
export const ATTRIBUTION_COOKIE_LIFETIMES_S = Object.freeze({
  affiliate: 30 * 24 * 3600,
  ad: 180 * 24 * 3600,
  ad1: 180 * 24 * 3600,
  /** The first affiliate and ads that brought the visitor, never overwritten. */
  rk_first_touch: 180 * 24 * 3600,
  /** A tester's stand-in address for the `address` method. */
  test_ip: 24 * 3600,
});

/** The query parameter each last-touch attribution cookie is read from (`af` → `affiliate`). */
export const ATTRIBUTION_PARAMETERS = Object.freeze({ af: 'affiliate', ad: 'ad', ad1: 'ad1' } as const);

/** An affiliate or ad id: 1 to 64 letters, digits, `.`, `_` or `-` (as `/cookie_set` takes them). */
export const ATTRIBUTION_VALUE = /^[A-Za-z0-9._-]{1,64}$/;

/** Where an order came from, as its buyer's cookies tell it (docs/experiments.md "Affiliates and ads"). */
export interface OrderAttribution {
  /** Last touch: the latest affiliate and ads. */
  affiliate: string | null;
  ad: string | null;
  ad1: string | null;
  /** First touch: `af=…&ad=…&ad1=…` as the first attributed visit brought them. */
  firstTouch: string | null;
  /** Experiment key → variant, for every experiment the buyer holds a variant of. */
  experiments: Record<string, string>;
}

/**
 * Reads an order's attribution from the buyer's cookies: ids off their format are dropped; the price
 * experiment counts only while it is open (docs/commerce.md "Price experiment").
 */
export function readOrderAttribution(
  readCookieValue: (name: string) => string | undefined,
  options: { priceExperimentOpen: boolean; registry?: readonly ExperimentDefinition[] },
): OrderAttribution {
  const id = (name: string) => {
    const value = readCookieValue(name);
    return value !== undefined && ATTRIBUTION_VALUE.test(value) ? value : null;
  };
  const firstTouch = readCookieValue(FIRST_TOUCH_COOKIE);
  const experiments: Record<string, string> = {};
  for (const experiment of options.registry ?? EXPERIMENTS) {
    if (experiment.key === PRICE_EXPERIMENT_KEY && !options.priceExperimentOpen) continue;
    const value = readCookieValue(experiment.cookie);
    if (isKnownVariant(experiment, value)) experiments[experiment.key] = value;
  }
  return {
    affiliate: id('affiliate'),
    ad: id('ad'),
    ad1: id('ad1'),
    firstTouch: firstTouch !== undefined && /^[A-Za-z0-9._=&-]{1,200}$/.test(firstTouch) ? firstTouch : null,
    experiments,
  };
}
