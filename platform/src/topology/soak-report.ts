import type { FailedRequest } from './soak-pages.ts';

/** A fault the soak injected, or a promotion, with its time. */
export interface TimedEvent {
  atMs: number;
  text: string;
}

/** Seconds with a sign: `+1.2 s` (after the event), `-3.0 s` (before it). */
const signedSeconds = (ms: number) => `${ms >= 0 ? '+' : '-'}${(Math.abs(ms) / 1000).toFixed(1)} s`;

/** How close a promotion must be to a failure to be named beside it. */
const PROMOTION_WINDOW_MS = 10_000;
/** How close a fault's start or end must be to a failure to be named beside it (the last one before is named anyway). */
const FAULT_WINDOW_MS = 15_000;

/** The instance Varnish named (`x-edge-backend`: `instance<index>`) with its port, or who else answered. */
function describeBackend(backend: string | undefined, instancePorts: readonly number[]): string {
  if (!backend) return 'Varnish itself or an unnamed backend';
  const index = /^instance(\d+)$/.exec(backend)?.[1];
  const port = index === undefined ? undefined : instancePorts[Number(index)];
  return `${backend}${port ? ` (port ${port})` : ''}`;
}

/**
 * One line per page request that failed outside a Varnish restart, or buyer's request not answered 200
 * (docs/operations.md "Soak"): when it started and how long it ran, the page, the error (with undici's cause) or
 * the status answered, the head of the answer if one had arrived (its status,
 * Varnish's cache outcome, the instance and port that rendered it), and its time against every fault step within 15 s (+ after the
 * fault, - before it) and the promotions within 10 s.
 */
export function describeFailedRequest(
  failure: FailedRequest,
  context: { started: number; faults: readonly TimedEvent[]; promotions: readonly TimedEvent[]; instancePorts: readonly number[] },
): string {
  const at = `${((failure.startedMs - context.started) / 1000).toFixed(1)} s`;
  const took = `${((failure.failedMs - failure.startedMs) / 1000).toFixed(1)} s`;
  let head = 'no answer head';
  if (failure.head && failure.error.startsWith('answered '))
    head = `from ${describeBackend(failure.head.backend, context.instancePorts)}, x-cache ${failure.head.cache ?? '-'}`;
  else if (failure.head) {
    head = `body cut after a ${failure.head.status} head from ${describeBackend(failure.head.backend, context.instancePorts)}, x-cache ${failure.head.cache ?? '-'}`;
  }
  const offset = (event: TimedEvent) => `${event.text} ${signedSeconds(failure.startedMs - event.atMs)}`;
  const near = context.faults.filter((event) => Math.abs(failure.startedMs - event.atMs) <= FAULT_WINDOW_MS);
  const before = context.faults.filter((event) => event.atMs <= failure.startedMs).at(-1);
  const faults =
    near.length > 0 ? near.map(offset).join(', ') : before ? `none within 15 s (the last: ${offset(before)})` : 'none within 15 s, none before';
  const promotions = context.promotions
    .filter((event) => Math.abs(failure.startedMs - event.atMs) <= PROMOTION_WINDOW_MS)
    .map((event) => `${event.text} ${signedSeconds(failure.startedMs - event.atMs)}`);
  return [
    `${at} ${failure.method ?? 'GET'} ${failure.page} failed after ${took}: ${failure.error}; ${head}`,
    `faults: ${faults}`,
    ...(promotions.length > 0 ? [`promotions: ${promotions.join(', ')}`] : []),
  ].join('; ');
}
