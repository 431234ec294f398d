import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { buildEveryApp } from './build-every-app.ts';
import { startTopology, stopTopology, toStateFile, type TopologyState } from './topology.ts';

/**
 * `npm run topology` and `npm run topology:stop` (docs/operations.md "The topology"): builds every app, starts
 * PostgreSQL, Redis, the artifact origin, three instances on empty releases folders and Varnish in front,
 * publishes and promotes the build, prints the URL and leaves it all running; `stop` ends each part by the pid
 * recorded in the state file.
 */
const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');

const settings = z
  .object({
    TOPOLOGY_PORT: z.coerce.number().int().min(1024).max(65_000).default(24_400),
    TOPOLOGY_DIR: z.string().min(1).optional(),
    RELEASES_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'releases')),
  })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));
const dir = path.resolve(settings.TOPOLOGY_DIR ?? path.join(tmpdir(), `reelkeep-topology-${settings.TOPOLOGY_PORT}`));

const stateSchema = z.object({
  url: z.string(),
  dir: z.string(),
  pids: z.object({ postgres: z.number(), redis: z.number(), origin: z.number(), varnish: z.number(), instances: z.array(z.number()) }),
});

async function readState(): Promise<TopologyState | undefined> {
  const text = await readFile(toStateFile(dir), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : stateSchema.parse(JSON.parse(text));
}

async function start(): Promise<void> {
  if (await readState()) throw new Error(`a topology already runs from ${dir}: npm run topology:stop first`);
  const started = performance.now();
  console.log('building every app…');
  const live = await buildEveryApp(settings.RELEASES_DIR);
  const topology = await startTopology({
    dir,
    basePort: settings.TOPOLOGY_PORT,
    build: { releasesDir: settings.RELEASES_DIR, live },
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`
The site: ${topology.url}  (Varnish in front of ${topology.instances.map((instance) => instance.url).join(', ')})
Artifact origin: ${topology.origin.url}   PostgreSQL: ${topology.postgresUrl}
Owner API key: ${topology.apiKey}   (CONSOLE_URL=${topology.url} CONSOLE_API_KEY=… for the operator commands)
Logs: ${path.join(dir, 'logs')}   State: ${toStateFile(dir)}
Started in ${Math.round((performance.now() - started) / 1000)} s. Stop it with: npm run topology:stop`);
}

async function stop(): Promise<void> {
  const state = await readState();
  if (!state) {
    console.log(`no topology runs from ${dir}`);
    return;
  }
  await stopTopology(state);
  await rm(toStateFile(dir), { force: true });
  console.log(`stopped the topology of ${state.url}`);
}

const command = process.argv[2];
try {
  if (command === 'start') await start();
  else if (command === 'stop') await stop();
  else {
    console.error('usage: topology start|stop (npm run topology, npm run topology:stop)');
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
// Varnish runs as a child of this process: leave it (and the detached instances) running.
process.exit();
