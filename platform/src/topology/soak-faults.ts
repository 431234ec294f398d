import { setTimeout as wait } from 'node:timers/promises';
import type { Topology } from './topology.ts';

/**
 * The soak's operators and accidents (docs/operations.md "Soak"): an app's two builds promoted in turn, and the
 * faults: an instance killed with SIGKILL, Redis, Varnish and the artifact origin restarted (the origin while a
 * promote runs: it must refuse). Every interval scales with the length of the run (600 s is the full one).
 */

/** When each fault starts, as a share of the run. */
const FAULTS = { instance: 0.15, redis: 0.35, varnish: 0.55, origin: 0.75 };

/** What the faults are doing: the page loaders and the promotions tell a restart's refusals from the site's failures. */
export interface Outages {
  varnishDown: boolean;
  /** Varnish restarts begun so far: a request under way when one began may be cut by it. */
  varnishRestarts: number;
  originDown: boolean;
  originOutages: number;
}

/** The promotions (`promote`) and the faults (`inject`) of one soak, and what came of them (`result`). */
export function createFaults(options: {
  topology: Topology;
  /** The app promoted, and its two builds (the live one first). */
  app: string;
  builds: readonly [string, string];
  started: number;
  seconds: number;
  outages: Outages;
  note: (line: string) => void;
  /** Told of each promotion that went through (the soak places failures against them). */
  onPromoted?: (target: string) => void;
}) {
  const { topology, app, builds, started, outages, note } = options;
  const scale = options.seconds / 600;
  const promoteEveryMs = Math.max(5_000, 30_000 * scale);
  const endsAt = started + options.seconds * 1000;
  let promotions = 0;
  let failedPromotions = 0;
  let originPromoteRefused = false;

  // Promotions: the two builds in turn; one more while the origin is down (it must refuse).
  const promote = async () => {
    for (let n = 1; Date.now() + promoteEveryMs < endsAt; n += 1) {
      await wait(promoteEveryMs);
      if (outages.originDown) continue;
      const target = builds[n % 2]!;
      const outagesBefore = outages.originOutages;
      const result = await topology.release('promote', app, target);
      if (result.code === 0) {
        promotions += 1;
        options.onPromoted?.(target);
      }
      // A promote under way when the origin stopped is refused, as it must be.
      else if ((outages.originDown || outages.originOutages !== outagesBefore) && result.output.includes('the artifact origin did not answer'))
        note(`promote ${app}@${target} refused: the origin is down`);
      else {
        failedPromotions += 1;
        note(`promote ${app}@${target} failed: ${result.output.trim().split('\n').slice(0, 3).join(' ')}`);
      }
    }
  };

  const at = (share: number) => wait(Math.max(0, started + share * options.seconds * 1000 - Date.now()));
  /** Starts the four faults at their times; resolves once each has ended. */
  const inject = () => [
    at(FAULTS.instance).then(async () => {
      note('instance 2 killed (SIGKILL)');
      await topology.restartInstance(1, 'SIGKILL');
      note('instance 2 serves again');
    }),
    at(FAULTS.redis).then(async () => {
      note('Redis stopped');
      await topology.restartRedis(Math.min(3_000, 1_000 + 2_000 * scale));
      note('Redis started again (empty)');
    }),
    at(FAULTS.varnish).then(async () => {
      note('Varnish stopped');
      outages.varnishDown = true;
      outages.varnishRestarts += 1;
      try {
        await topology.restartVarnish();
      } finally {
        // Connections refused while it came back are counted as such, not as the site's failures.
        await wait(500);
        outages.varnishDown = false;
      }
      note('Varnish started again (cache empty)');
    }),
    at(FAULTS.origin).then(async () => {
      outages.originDown = true;
      outages.originOutages += 1;
      await topology.origin.stop();
      note('artifact origin stopped');
      const result = await topology.release('promote', app, builds[1]);
      originPromoteRefused = result.code !== 0 && result.output.includes('the artifact origin did not answer');
      note(`promote while the origin is down: ${originPromoteRefused ? 'refused' : `NOT refused (${result.output.trim().slice(0, 200)})`}`);
      await topology.origin.start();
      outages.originDown = false;
      note('artifact origin started again');
    }),
  ];

  return { promote, inject, result: () => ({ promotions, failedPromotions, originPromoteRefused }) };
}
