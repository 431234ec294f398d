import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * A host in miniature, run as its own Node process: the real supervisor (`superviseWorkers`) and workers that are
 * plain HTTP servers closed with the real `watchConnections(…).close`, answering with their pid; `/switch` makes a worker
 * report a release switch as the site's workers do. Each worker prints the port it listens on.
 */
const SCRIPT = `
import cluster from 'node:cluster';
import { createServer } from 'node:http';
const { superviseWorkers, RELEASE_SWITCHED_MESSAGE } = await import(${JSON.stringify(path.join(import.meta.dirname, 'workers.ts'))});
if (cluster.isPrimary) {
  const { createLogger } = await import(${JSON.stringify(path.join(import.meta.dirname, '..', '..', 'platform', 'src', 'logger.ts'))});
  superviseWorkers({ workers: 2, logger: createLogger('error'), graceMs: 2000 });
} else {
  const { watchConnections } = await import(${JSON.stringify(path.join(import.meta.dirname, 'http', 'graceful-close.ts'))});
  const server = createServer((req, res) => {
    if (req.url === '/switch') process.send({ type: RELEASE_SWITCHED_MESSAGE });
    setTimeout(() => res.end(String(process.pid)), 2);
  });
  const graceful = watchConnections(server);
  // Workers start in a while, as a host does (its database, its releases).
  setTimeout(() => server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port)), 300);
  process.on('SIGTERM', () => void graceful.close({ idleMs: 200, graceMs: 2000 }).then(() => process.exit(0)));
}
`;

/** One GET on a kept-alive agent: the answering worker's pid, or the error's code. */
function get(port: number, agent: Agent, path = '/'): Promise<{ pid?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ pid: Number(body) }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

describe('a release switch rolls the workers over (docs/adr/0016-process-rollover.md)', () => {
  it('starts two new workers, drains the old ones once they listen, and loses no request of busy kept-alive clients', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rollover-'));
    const script = path.join(dir, 'host.mjs');
    await writeFile(script, SCRIPT);
    const host = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      // Both first workers listen before the load starts, so the primary hands connections to each.
      const lines = createInterface({ input: host.stdout });
      const ports: number[] = [];
      await new Promise<void>((resolve) =>
        lines.on('line', (line) => {
          ports.push(Number(line.split(' ')[1]));
          if (ports.length === 2) resolve();
        }),
      );
      const port = ports[0]!;
      const agent = new Agent({ keepAlive: true, maxSockets: 8 });
      const pids: [number, number][] = [];
      const errors: string[] = [];
      let loading = true;
      const client = async () => {
        while (loading) {
          const answer = await get(port, agent);
          if (answer.error) errors.push(answer.error);
          else pids.push([Date.now(), answer.pid!]);
        }
      };
      const clients = Array.from({ length: 8 }, client);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = new Set(pids.map(([, pid]) => pid));
      await get(port, agent, '/switch');
      // The old workers serve until the new ones listen, then drain: wait until only new workers answer.
      const deadline = Date.now() + 20_000;
      const onlyNew = () => pids.length > 0 && pids.slice(-40).every(([, pid]) => !before.has(pid));
      while (!onlyNew() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const drainedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 500));
      loading = false;
      await Promise.all(clients);
      agent.destroy();

      expect(errors).toEqual([]);
      // The primary hands each connection to the first free worker: one may have served them all.
      expect(before.size).toBeGreaterThan(0);
      const after = new Set(pids.filter(([at]) => at > drainedAt).map(([, pid]) => pid));
      expect(after.size).toBeGreaterThan(0);
      for (const pid of after) expect(before.has(pid)).toBe(false);
    } finally {
      host.kill('SIGTERM');
      await new Promise((resolve) => host.once('exit', resolve));
    }
  }, 30_000);
});
