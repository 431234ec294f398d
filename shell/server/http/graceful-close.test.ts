import { describe, expect, it } from '@jest/globals';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeGracefully } from './graceful-close.ts';

/** A server answering after `delayMs` (a `?slow` request after 300 ms). */
async function startServer(delayMs: number): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    setTimeout(() => res.end('ok'), req.url?.includes('slow') ? 300 : delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** One GET on a kept-alive agent: its status and `Connection` header, or the error's code. */
function get(port: number, agent: Agent, path = '/'): Promise<{ status?: number; connection?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

describe('closeGracefully', () => {
  it('loses no request of busy kept-alive clients: each is answered, the later ones with Connection: close, then refused', async () => {
    const { server, port } = await startServer(2);
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const outcomes: { status?: number; connection?: string; error?: string; afterClose: boolean }[] = [];
    let closing = false;
    const client = async () => {
      for (;;) {
        const afterClose = closing;
        const outcome = await get(port, agent);
        outcomes.push({ ...outcome, afterClose });
        // Once the server no longer accepts, a client goes elsewhere (another worker, another instance).
        if (outcome.error) return;
      }
    };
    const clients = Array.from({ length: 16 }, client);
    // Every client has its connection and uses it (a connection still in the listen backlog is reset when listening stops).
    while (outcomes.length < 160) await new Promise((resolve) => setTimeout(resolve, 10));
    closing = true;
    const closed = closeGracefully(server, { idleMs: 200, graceMs: 5_000 });
    await Promise.all(clients);
    await closed;
    agent.destroy();

    const failures = outcomes.filter((outcome) => outcome.error && outcome.error !== 'ECONNREFUSED');
    expect(failures).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 200).length).toBeGreaterThan(100);
    // Requests sent after the close began were answered with Connection: close.
    expect(outcomes.filter((outcome) => outcome.afterClose && outcome.status === 200).every((outcome) => outcome.connection === 'close')).toBe(true);
  });

  it('lets a slow request finish, closes a silent kept-alive connection after idleMs, and resolves once all have ended', async () => {
    const { server, port } = await startServer(1);
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    // Two connections kept alive: one goes silent, the other carries a slow request across the close.
    await Promise.all([get(port, agent), get(port, agent)]);
    const slow = get(port, agent, '/?slow');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    await closeGracefully(server, { idleMs: 100, graceMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await slow).toEqual({ status: 200, connection: 'keep-alive' });
    agent.destroy();
  });

  it('cuts what is still open after graceMs', async () => {
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const hanging = get((server.address() as AddressInfo).port, new Agent({ keepAlive: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    await closeGracefully(server, { idleMs: 50, graceMs: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect((await hanging).error).toBe('ECONNRESET');
  });
});
