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
