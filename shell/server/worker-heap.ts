/**
 * The V8 heap bounds of each worker process (docs/operations.md "Memory", `WORKER_MAX_OLD_SPACE_MB` and
 * `WORKER_MAX_SEMI_SPACE_MB`). Left to its defaults, V8 sizes a process's heap from the machine's memory (a 4 GB
 * old generation and 64 MB semi-spaces on a 23 GB machine) and lets it grow far above what a worker holds: under
 * load a worker holding about 90 MB reached 550 MB of RSS (docs/budgets.md "Budgets"). Bounded, the heap is
 * collected near what the worker holds.
 */
export interface WorkerHeapLimits {
  /** `--max-old-space-size` in MB; 0 leaves V8's default (or what NODE_OPTIONS says). */
  maxOldSpaceMb: number;
  /** `--max-semi-space-size` in MB; 0 leaves V8's default (or what NODE_OPTIONS says). */
  maxSemiSpaceMb: number;
}

/**
 * The Node options a worker starts with: the primary's own, then the bounds, which win over the same options given
 * earlier on the command line (V8 keeps the last value of an option).
 */
export function workerExecArgv(limits: WorkerHeapLimits, primaryExecArgv: readonly string[]): string[] {
  return [
    ...primaryExecArgv,
    ...(limits.maxOldSpaceMb > 0 ? [`--max-old-space-size=${limits.maxOldSpaceMb}`] : []),
    ...(limits.maxSemiSpaceMb > 0 ? [`--max-semi-space-size=${limits.maxSemiSpaceMb}`] : []),
  ];
}
