import { createHash, randomUUID } from 'node:crypto';
import {
  chooseAssignmentSeed,
  EXPERIMENT_COOKIE_MAX_AGE_S,
  EXPERIMENTS,
  isExperimentOnPage,
  isKnownVariant,
  isReturningVisitor,
  OLD_VISITOR_VARIANT,
  pickVariant,
  readCookie,
  serialiseCookie,
  serialiseCookieDeletion,
  toAssignmentSeed,
  type ExperimentDefinition,
  type Locale,
} from '@reelkeep/shared-contracts';

/** What the server knows of a visitor and a page when it assigns the experiments (docs/experiments.md "Assignment"). */
export interface ExperimentAssignmentInput {
  cookieHeader: string | undefined;
  query: URLSearchParams;
  clientIp: string;
  /** The route key the page renders (null for none) and its locale; null for an error page, which takes part in none. */
  page: { routeKey: string | null; locale: Locale } | null;
  /** Experiments opened or closed by the host's settings, over the registry's `open` (`ab_plan_price`: AB_PLAN_PRICE_OPEN). */
  openOverrides: Readonly<Record<string, boolean>>;
  secure: boolean;
  registry?: readonly ExperimentDefinition[];
  /** A fresh random id for the `random` method (and `email` without an e-mail). */
  createRandomId?: () => string;
}

/** The assignment of one request. */
export interface ExperimentAssignment {
  /** Cookie name → variant, for every open experiment the visitor is in: the store's `ab.values`. */
  values: Record<string, string>;
  /** Cookie name → variant, for the experiments of this page that change its HTML: part of the page cache key. */
  pageVariants: Record<string, string>;
  /** `Set-Cookie` values: new assignments and the clearing of closed experiments' cookies. */
  setCookies: string[];
}

/** The address a tester asks to be assigned as (`test_ip`, docs/experiments.md "Assignment"), else the real one. */
function readAssignmentAddress(input: ExperimentAssignmentInput): string {
  const asked = input.query.get('test_ip') ?? readCookie(input.cookieHeader, 'test_ip');
  return asked && /^[0-9a-fA-F.:]{3,45}$/.test(asked) ? asked : input.clientIp;
}

function readKnownEmail(input: ExperimentAssignmentInput): string | null {
  return input.query.get('email') ?? readCookie(input.cookieHeader, 'email') ?? readCookie(input.cookieHeader, 'elk_user_email') ?? null;
}

/** A 32-bit unsigned hash of a seed: the first four bytes of its SHA-256. */
export function hashAssignmentSeed(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0);
}

/**
 * docs/experiments.md "Assignment": assigns every experiment of the registry on the server, so the first
 * HTML already shows the visitor's variant. For each experiment: closed, its cookie is cleared; off this page,
 * a variant already held is kept as it is; on this page, a variant named in the query (affiliate links) is
 * taken, then the cookie's, then returning visitors are `old` where the experiment marks them, and anybody
 * else is assigned by the experiment's method and weights, and keeps the variant 30 days.
 */
export function assignExperiments(input: ExperimentAssignmentInput): ExperimentAssignment {
  const registry = input.registry ?? EXPERIMENTS;
  const assignment: ExperimentAssignment = { values: {}, pageVariants: {}, setCookies: [] };
  const cookies: Record<string, string | undefined> = {
    elk_token_id: readCookie(input.cookieHeader, 'elk_token_id'),
    review_category_page_new: readCookie(input.cookieHeader, 'review_category_page_new'),
  };
  const randomId = input.createRandomId ?? randomUUID;
  for (const experiment of registry) {
    const cookieOptions = { secure: input.secure, httpOnly: !experiment.readableByScripts };
    const current = readCookie(input.cookieHeader, experiment.cookie);
    const open = input.openOverrides[experiment.key] ?? experiment.open;
    if (!open) {
      if (current !== undefined) assignment.setCookies.push(serialiseCookieDeletion(experiment.cookie, cookieOptions));
      continue;
    }
    if (!input.page || !isExperimentOnPage(experiment, input.page)) {
      if (isKnownVariant(experiment, current)) assignment.values[experiment.cookie] = current;
      continue;
    }
    const fromQuery = input.query.get(experiment.cookie);
    let value: string;
    if (isKnownVariant(experiment, fromQuery)) value = fromQuery;
    else if (isKnownVariant(experiment, current)) value = current;
    else if (experiment.marksReturningVisitorsOld && isReturningVisitor({ cookies, query: input.query })) value = OLD_VISITOR_VARIANT;
    else {
      const seed = chooseAssignmentSeed(experiment.method, {
        address: readAssignmentAddress(input),
        email: readKnownEmail(input),
        randomId: randomId(),
      });
      value = pickVariant(experiment.variants, hashAssignmentSeed(toAssignmentSeed(experiment.key, seed)));
    }
    if (value !== current)
      assignment.setCookies.push(serialiseCookie(experiment.cookie, value, { ...cookieOptions, maxAgeS: EXPERIMENT_COOKIE_MAX_AGE_S }));
    assignment.values[experiment.cookie] = value;
    if (experiment.changesHtml) assignment.pageVariants[experiment.cookie] = value;
  }
  return assignment;
}
