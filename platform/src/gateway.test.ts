import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { CONTRACT_VERSION, respondJson } from '@reelkeep/shared-contracts';
import type { Database } from './db/database.ts';
import type { SquadApiModule } from './host-context.ts';
import { createTestHostContext } from './testing/host-context.ts';
import { startTestGateway } from './testing/gateway-server.ts';

let handled = 0;
const settings = z.object({});
const landing: SquadApiModule<z.infer<typeof settings>> = {
  squad: 'landing',
  contractVersion: CONTRACT_VERSION,
  settings,
  routes: [
    {
      method: 'POST',
      path: '/api/landing/form',
      handle: async (request) => respondJson({ handled: ++handled, bytes: (await request.text()).length }),
    },
    { method: 'POST', path: '/api/landing/machine', callers: 'any', handle: () => respondJson({ handled: ++handled }) },
    {
      method: 'POST',
      path: '/api/landing/small',
      maxBodyBytes: 10,
      handle: async (request) => respondJson({ bytes: (await request.text()).length }),
    },
    {
      method: 'POST',
      path: '/api/landing/refused',
      handle: () => {
        throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
      },
    },
    {
      method: 'GET',
      path: '/api/landing/broken',
      handle: () => {
        throw new Error('a bug in this version');
      },
    },
    { method: 'GET', path: '/api/landing/slow', handle: () => new Promise<Response>(() => undefined) },
    {
      method: 'GET',
      path: '/api/landing/database-away',
      handle: () => {
        throw new Error('Failed query: select 1', {
          cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
        });
      },
    },
    {
      method: 'POST',
      path: '/api/landing/change',
      handle: async (request) => {
        const { ok } = z.object({ ok: z.boolean() }).parse(await request.json());
        return respondJson({ ok }, ok ? 200 : 409, { 'x-purge-cache-tags': 'campaigns bad!tag' });
      },
    },
  ],
};
const purged: string[][] = [];
const calls: string[] = [];
const blog: SquadApiModule<z.infer<typeof settings>> = {
  squad: 'blog',
  contractVersion: CONTRACT_VERSION,
  settings,
  routes: [{ method: 'GET', path: '/api/blog/hello', handle: () => respondJson({ hello: true }) }],
};

describe('the API gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    const db = {} as Database;
    gateway = await startTestGateway(
      [landing, blog].map((module) => ({ module, context: createTestHostContext(db, { module }) })),
      {
        timeoutMs: 300,
        purgeCacheTags: async (tags) => void purged.push(tags),
        recordCall: (squad, version, outcome) => void calls.push(`${squad}@${version} ${outcome}`),
      },
    );
  });
  afterAll(() => gateway.close());

  const post = (path: string, headers: Record<string, string>, body = '{}') =>
    fetch(gateway.origin + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it.each([
    ['a foreign Origin', { origin: 'http://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['a foreign Referer without Origin', { referer: 'http://evil.example/page' }],
    ['a cookie without Origin or Referer', { cookie: 'rk.session_token=abc' }],
  ])('refuses a state-changing call with %s (403), before the route runs', async (_case, headers) => {
    const before = handled;
    const response = await post('/api/landing/form', headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ cscode: 403, error: 'foreign_origin' });
    expect(handled).toBe(before);
  });

  it('drops the cached pages a successful change names, and never passes the purge header on', async () => {
    const changed = await post('/api/landing/change', { origin: gateway.origin }, '{"ok":true}');
    expect(changed.status).toBe(200);
    expect(changed.headers.has('x-purge-cache-tags')).toBe(false);
    expect(purged).toEqual([['campaigns']]);
    const refused = await post('/api/landing/change', { origin: gateway.origin }, '{"ok":false}');
    expect(refused.status).toBe(409);
    expect(purged).toHaveLength(1);
  });

  it('counts each call of a version for its health: answered, failed or past its budget', async () => {
    calls.length = 0;
    await fetch(`${gateway.origin}/api/blog/hello`);
    await fetch(`${gateway.origin}/api/landing/broken`);
    await fetch(`${gateway.origin}/api/landing/slow`);
    await fetch(`${gateway.origin}/api/blog/health`);
    expect(calls).toEqual(['blog@test ok', 'landing@test error', 'landing@test timeout']);
  });

  it('lets the site itself and cookie-less machine clients through', async () => {
    expect((await post('/api/landing/form', { origin: gateway.origin, cookie: 'rk.session_token=abc' })).status).toBe(200);
    expect((await post('/api/landing/form', { referer: `${gateway.origin}/contact` })).status).toBe(200);
    expect((await post('/api/landing/form', {})).status).toBe(200);
    expect((await post('/api/landing/machine', { origin: 'http://desktop-app.invalid', cookie: 'x=1' })).status).toBe(200);
  });

  it('refuses a body over the route limit with 413, declared or streamed, and keeps serving', async () => {
    const declared = await post('/api/landing/small', { origin: gateway.origin }, 'x'.repeat(11));
    expect(declared.status).toBe(413);
    const streamed = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${gateway.origin}/api/landing/form`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      for (let i = 0; i < 40; i += 1) req.write(Buffer.alloc(512 * 1024, 120));
      req.end();
    });
    expect(streamed).toBe(413);
    expect((await post('/api/landing/small', { origin: gateway.origin }, '1234567890')).status).toBe(200);
  });

  /** A raw client that keeps what it reads, for the lingering close of a refused body. */
  async function openRawClient() {
    const socket: Socket = connect(Number(new URL(gateway.origin).port), '127.0.0.1');
    const state = { received: '', errors: [] as string[], closed: false };
    socket.on('data', (chunk: Buffer) => (state.received += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => state.errors.push(error.code ?? error.message));
    socket.on('close', () => (state.closed = true));
    await once(socket, 'connect');
    const waitFor = async (check: () => boolean) => {
      for (let waited = 0; !check(); waited += 10) {
        if (waited > 5_000) throw new Error(`timed out; read so far: ${JSON.stringify(state.received.slice(0, 200))}`);
        await delay(10);
      }
    };
    return { socket, state, waitFor };
  }
  const postHead = (length: number) =>
    `POST /api/landing/small HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('lets a client still sending read its 413: the rest of the body is drained, then the connection closes cleanly', async () => {
    const { socket, state, waitFor } = await openRawClient();
    const total = 2 * 1024 * 1024;
    socket.write(postHead(total));
    await waitFor(() => state.received.includes('body_too_large'));
    expect(state.received).toMatch(/^HTTP\/1\.1 413 /);
    // The answer says the connection ends, so no client puts another request on it.
    expect(state.received.toLowerCase()).toContain('connection: close');
    // The client only now sends its body, as a slow upload would: no reset may meet it.
    for (let sent = 0; sent < total; sent += 256 * 1024) {
      socket.write(Buffer.alloc(256 * 1024, 120));
      await delay(5);
    }
    await waitFor(() => state.closed);
    expect(state.errors).toEqual([]);
  });

  it('closes the connection of a refused body beyond what it drains, instead of reading it for ever', async () => {
    const { socket, state, waitFor } = await openRawClient();
    socket.write(postHead(64 * 1024 * 1024));
    await waitFor(() => state.received.includes('body_too_large'));
    for (let sent = 0; sent < 16 * 1024 * 1024 && !state.closed; sent += 512 * 1024) {
      socket.write(Buffer.alloc(512 * 1024, 120));
      await delay(5);
    }
    await waitFor(() => state.closed);
    expect(state.closed).toBe(true);
  });

  it('answers 400, not 500, when the database refuses a value a schema missed', async () => {
    const response = await post('/api/landing/refused', { origin: gateway.origin });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ cscode: 400, error: 'invalid_input' });
  });

  it('isolates a squad whose code throws or hangs: its route answers 503 with Retry-After, the other squads are untouched', async () => {
    for (const path of ['/api/landing/broken', '/api/landing/slow']) {
      const response = await fetch(gateway.origin + path);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('30');
      expect(await response.json()).toMatchObject({ cscode: 503, squad: 'landing' });
    }
    expect((await fetch(`${gateway.origin}/api/blog/hello`)).status).toBe(200);
  });

  it('answers a database outage with 503 naming the database and a short Retry-After, logged once, not as a bug', async () => {
    const before = gateway.logLines.length;
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${gateway.origin}/api/landing/database-away`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({ cscode: 503, error: 'api_unavailable', squad: 'landing', reason: 'database' });
    }
    const logged = gateway.logLines.slice(before).map((line) => JSON.parse(line) as { level: string });
    expect(logged.map((line) => line.level)).toEqual(['warn']);
  });

  it('answers 503 on every route of a squad whose version failed to load, and 404 for paths no squad owns', async () => {
    gateway.mount({ state: 'failed', squad: 'landing', version: 'broken', error: 'settings missing' });
    expect((await fetch(`${gateway.origin}/api/landing/form`, { method: 'POST', headers: { origin: gateway.origin } })).status).toBe(503);
    expect((await fetch(`${gateway.origin}/api/landing/health`)).status).toBe(503);
    expect((await fetch(`${gateway.origin}/api/blog/health`)).status).toBe(200);
    expect((await fetch(`${gateway.origin}/api/blog/nope`)).status).toBe(404);
    expect((await fetch(`${gateway.origin}/api/blog/internal/secret`)).status).toBe(404);
  });
});
