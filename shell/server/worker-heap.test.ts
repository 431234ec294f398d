import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { workerExecArgv, type WorkerHeapLimits } from './worker-heap.ts';

describe('workerExecArgv', () => {
  it.each([
    ['both bounds', { maxOldSpaceMb: 384, maxSemiSpaceMb: 16 }, ['--max-old-space-size=384', '--max-semi-space-size=16']],
    ['the old generation only', { maxOldSpaceMb: 512, maxSemiSpaceMb: 0 }, ['--max-old-space-size=512']],
    ["V8's defaults", { maxOldSpaceMb: 0, maxSemiSpaceMb: 0 }, []],
  ])('%s, after the primary’s own options', (_case, limits, bounds) => {
    expect(workerExecArgv(limits, ['--enable-source-maps'])).toEqual(['--enable-source-maps', ...bounds]);
  });
});

/** The real supervisor with one worker, which prints its V8 heap limit in MB and exits. */
const SCRIPT = `
import cluster from 'node:cluster';
import v8 from 'node:v8';
const { superviseWorkers } = await import(${JSON.stringify(path.join(import.meta.dirname, 'workers.ts'))});
if (cluster.isPrimary) {
  const { createLogger } = await import(${JSON.stringify(path.join(import.meta.dirname, '..', '..', 'platform', 'src', 'logger.ts'))});
  superviseWorkers({ workers: 1, logger: createLogger('error'), graceMs: 1000, heap: JSON.parse(process.argv[2]) });
} else {
  console.log(String(v8.getHeapStatistics().heap_size_limit / 1048576));
}
`;

/** The heap limit, in MB, of a worker the supervisor forks with `limits`. */
async function workerHeapLimitMb(limits: WorkerHeapLimits): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'worker-heap-'));
  const script = path.join(dir, 'host.mjs');
  await writeFile(script, SCRIPT);
  const host = spawn(process.execPath, [script, JSON.stringify(limits)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  try {
    const lines = createInterface({ input: host.stdout });
    return await new Promise<number>((resolve) => lines.once('line', (line) => resolve(Number(line))));
  } finally {
    host.kill('SIGTERM');
  }
}

describe('the supervisor forks workers with bounded heaps (docs/operations.md "Memory")', () => {
  it('gives each worker the old generation asked for, plus its young generation, instead of V8’s share of the machine', async () => {
    const bounded = await workerHeapLimitMb({ maxOldSpaceMb: 256, maxSemiSpaceMb: 16 });
    // The limit is the old generation plus the young one (semi-spaces and their overhead): a few times 16 MB.
    expect(bounded).toBeGreaterThanOrEqual(256);
    expect(bounded).toBeLessThanOrEqual(256 + 4 * 16);
    const unbounded = await workerHeapLimitMb({ maxOldSpaceMb: 0, maxSemiSpaceMb: 0 });
    expect(unbounded).toBeGreaterThan(bounded);
  }, 30_000);
});
