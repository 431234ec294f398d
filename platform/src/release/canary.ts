import { createHash, randomBytes } from 'node:crypto';
import type { Canary, RegistryEvent, RegistryState } from '@reelkeep/shared-contracts/schemas';
import { appendHistory, applyPromotion } from './registry.ts';
import type { VersionHealth } from './release-health.ts';

/**
 * docs/releases.md "Canary": a version serving a sticky share of visitors beside the live one, as the registry
 * records it, the cohort a visitor is in, and the rule that advances, promotes or rolls it back. Pure: the CLI,
 * the console and the supervisor do the I/O.
 */

/** The shares a canary goes through by default: it starts at the first one given and advances through the rest. */
export const DEFAULT_CANARY_STEPS: readonly number[] = [5, 25, 50, 100];

/** One canary as a request sees it. */
export interface ActiveCanary {
  app: string;
  version: string;
  percent: number;
}

/** The canaries the registry carries, sorted by app. */
export function listCanaries(state: RegistryState): ActiveCanary[] {
  return Object.entries(state.apps)
    .flatMap(([app, entry]) => (entry.canary ? [{ app, version: entry.canary.version, percent: entry.canary.percent }] : []))
    .sort((a, b) => (a.app < b.app ? -1 : a.app > b.app ? 1 : 0));
}

/** A canary refused, saying why. */
export class CanaryRefusedError extends Error {}

/** The steps after `percent`: those of `steps` above it, in order (100 ends the list). */
export function listNextSteps(percent: number, steps: readonly number[] = DEFAULT_CANARY_STEPS): number[] {
  return [...new Set(steps)].filter((step) => step > percent && step <= 100).sort((a, b) => a - b);
}

/**
 * Starts a canary of `version` at `percent`, or moves the running canary of that version to `percent` (by hand).
 * 100 % promotes it. Refused for an app with nothing live, for the live version itself, and while a canary of
 * another version runs (roll that back first).
 */
export function applyCanary(
  state: RegistryState,
  input: { app: string; version: string; percent: number; steps?: readonly number[]; by: string; at?: Date },
): RegistryState {
  const { app, version, percent, by } = input;
  const at = (input.at ?? new Date()).toISOString();
  const current = state.apps[app];
  if (!current) throw new CanaryRefusedError(`${app} has no live version: promote one before a canary`);
  if (current.live === version) throw new CanaryRefusedError(`${app}@${version} is live already`);
  if (current.canary && current.canary.version !== version)
    throw new CanaryRefusedError(`a canary of ${app}@${current.canary.version} runs; roll it back first (release:canary -- ${app} rollback)`);
  if (!(percent > 0 && percent <= 100)) throw new CanaryRefusedError(`a canary's share is more than 0 and at most 100 %, not ${percent}`);
  if (percent === 100) return applyPromotion(state, app, version, by, new Date(at));
  const canary: Canary = {
    version,
    percent,
    steps: listNextSteps(percent, input.steps ?? current.canary?.steps ?? DEFAULT_CANARY_STEPS),
    startedAt: current.canary?.startedAt ?? at,
    stepAt: at,
    by,
  };
  const event: RegistryEvent = { app, action: 'canary', from: current.live, to: version, at, by, percent };
  return {
    revision: state.revision + 1,
    apps: { ...state.apps, [app]: { ...current, canary } },
    history: appendHistory(state.history, event),
  };
}

/** Ends the canary of `version` without making it live; the same state when that canary no longer runs. */
export function applyCanaryRollback(state: RegistryState, app: string, version: string, by: string, reason?: string, at = new Date()): RegistryState {
  const current = state.apps[app];
  if (!current?.canary || current.canary.version !== version) return state;
  const { canary: _ended, ...rest } = current;
  const event: RegistryEvent = {
    app,
    action: 'canary-rollback',
    from: version,
    to: current.live,
    at: at.toISOString(),
    by,
    percent: 0,
    ...(reason ? { reason: reason.slice(0, 500) } : {}),
  };
  return { revision: state.revision + 1, apps: { ...state.apps, [app]: rest }, history: appendHistory(state.history, event) };
}

/**
 * Whether a version is a canary the registry ended: its newest event is its `canary-rollback`, and it is neither
 * live, on the rollback stack, nor a canary again. A client navigation naming it gets the live version.
 */
export function isEndedCanary(state: RegistryState, app: string, version: string): boolean {
  const entry = state.apps[app];
  if (entry && (entry.live === version || entry.previous.includes(version) || entry.canary?.version === version)) return false;
  const last = state.history.findLast((event) => event.app === app && (event.to === version || event.from === version));
  return last?.action === 'canary-rollback' && last.from === version;
}

// ---------------------------------------------------------------------------------------------------------------
// The cohort

/** The cookie that keeps a visitor's cohort: `<seed>.<pins>` (docs/releases.md "Canary"). */
export const COHORT_COOKIE = 'rk_cohort';
/** How long a cohort is kept: a visit, and the days after it, see the same versions. */
export const COHORT_COOKIE_MAX_AGE_S = 7 * 24 * 3600;
/** A seed: random, URL-safe, personal to nobody. */
export const COHORT_SEED_PATTERN = /^[0-9A-Za-z_-]{16,32}$/;
/** The pins part of the cookie: `-` (stable everywhere) or `app@version` joined by `+`. */
export const COHORT_PINS_PATTERN = /^(?:-|(?:shell|mf-[a-z]+)@[0-9A-Za-z.-]+(?:\+(?:shell|mf-[a-z]+)@[0-9A-Za-z.-]+)*)$/;

/** A new visitor's seed. */
export function createCohortSeed(): string {
  return randomBytes(12).toString('base64url');
}

/** Where a seed falls for a canary, 0 to 9,999: the same seed, app and version always give the same point. */
export function computeCohortPoint(seed: string, app: string, version: string): number {
  return createHash('sha256').update(`${seed}\n${app}@${version}`).digest().readUInt32BE(0) % 10_000;
}

/**
 * Whether a seed is in a canary: its point is below the share. A larger share keeps everyone a smaller one had
 * (stickiness through the steps), and each canary draws its own cohort (the same visitors are not the canary of
 * every release).
 */
export function isInCanary(seed: string, canary: ActiveCanary): boolean {
  return computeCohortPoint(seed, canary.app, canary.version) < Math.round(canary.percent * 100);
}

/** The canary versions a seed gets, as sorted `app@version` pins. */
export function chooseCohortPins(seed: string, canaries: readonly ActiveCanary[]): string[] {
  return canaries
    .filter((canary) => isInCanary(seed, canary))
    .map((canary) => `${canary.app}@${canary.version}`)
    .sort();
}

/** The cohort as a cache key and the edge name it: `-` or the pins joined by `+`. */
export function describeCohort(pins: readonly string[]): string {
  return pins.length > 0 ? pins.join('+') : '-';
}

/** The cookie's value for a seed and its pins. */
export function serialiseCohortValue(seed: string, pins: readonly string[]): string {
  return `${seed}.${describeCohort(pins)}`;
}

/** A cookie value read back; null when it is not one this site wrote. */
export function parseCohortValue(value: string | undefined): { seed: string; pins: string } | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  const seed = value.slice(0, dot);
  const pins = value.slice(dot + 1);
  return dot > 0 && COHORT_SEED_PATTERN.test(seed) && COHORT_PINS_PATTERN.test(pins) ? { seed, pins } : null;
}

/**
 * The cohort of a request: its seed (kept, or a new one when `assign` and a canary runs), the pins it gets and the
 * cookie value to set when the visitor's cookie does not say that already. Without a canary and without a cookie,
 * nothing is set: no page gets a cookie only for this.
 */
export function decideCohort(
  cookieValue: string | undefined,
  canaries: readonly ActiveCanary[],
  options: { assign: boolean; createSeed?: () => string },
): { pins: string[]; setValue?: string } {
  const kept = parseCohortValue(cookieValue);
  const seed = kept?.seed ?? (options.assign && canaries.length > 0 ? (options.createSeed ?? createCohortSeed)() : undefined);
  if (!seed) return { pins: [] };
  const pins = chooseCohortPins(seed, canaries);
  const value = serialiseCohortValue(seed, pins);
  return options.assign && value !== cookieValue ? { pins, setValue: value } : { pins };
}

// ---------------------------------------------------------------------------------------------------------------
// The rule

/** How a canary is judged (docs/configuration.md: CANARY_ERROR_MARGIN, CANARY_MIN_REQUESTS, CANARY_STEP_MS). */
export interface CanaryPolicy {
  /** How much higher than the stable version's its error rate may be (0.02: two points) before it is rolled back. */
  errorMargin: number;
  /** Requests (or failures) it must have served before it is judged either way. */
  minRequests: number;
  /** How long each step lasts at least, in good health, before the next. */
  stepMs: number;
}

/** What the supervisor does with a canary. */
export type CanaryVerdict =
  | { kind: 'hold'; why: 'sample' | 'step-time' | 'by-hand' }
  | { kind: 'rollback'; reason: string }
  | { kind: 'advance'; percent: number }
  | { kind: 'promote' };

const formatRate = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/**
 * docs/releases.md "Canary": with at least `minRequests` served, a canary whose error rate exceeds the stable
 * version's by more than the margin is rolled back; one that stayed within it for a whole step advances to its
 * next share, and past its last share below 100 it is promoted (becomes the live version).
 */
export function decideCanary(input: {
  canary: Canary;
  canaryHealth: VersionHealth;
  stableHealth: VersionHealth;
  policy: CanaryPolicy;
  now: number;
}): CanaryVerdict {
  const { canary, canaryHealth, stableHealth, policy } = input;
  const sample = Math.max(canaryHealth.requests, canaryHealth.errorCount);
  if (sample < policy.minRequests) return { kind: 'hold', why: 'sample' };
  if (canaryHealth.errorRate > stableHealth.errorRate + policy.errorMargin)
    return {
      kind: 'rollback',
      reason:
        `error rate ${formatRate(canaryHealth.errorRate)} over ${sample} requests against ${formatRate(stableHealth.errorRate)} ` +
        `for the live version (margin ${formatRate(policy.errorMargin)})`,
    };
  const next = canary.steps[0];
  if (next === undefined) return { kind: 'hold', why: 'by-hand' };
  if (input.now - Date.parse(canary.stepAt) < policy.stepMs) return { kind: 'hold', why: 'step-time' };
  return next >= 100 ? { kind: 'promote' } : { kind: 'advance', percent: next };
}
