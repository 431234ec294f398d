import { afterAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import { createLogger } from './logger.ts';
import { createRateLimiter } from './rate-limit.ts';
import { createRedisClient } from './redis.ts';
import { createHash } from 'node:crypto';
import { createConsoleGuard } from './console-guard.ts';
import { readServiceUrl } from './testing/external-services.ts';

describe('in-process rate limit', () => {
  it('allows the limit, refuses the next, and opens again after the window', async () => {
    let now = 0;
    const limiter = createRateLimiter({ name: 't', limit: 2, windowMs: 60_000, now: () => now });
    expect((await limiter.hit('ip')).allowed).toBe(true);
    expect((await limiter.peek('ip')).allowed).toBe(true);
    expect((await limiter.hit('ip')).allowed).toBe(true);
    expect((await limiter.peek('ip')).allowed).toBe(false);
    expect(await limiter.hit('ip')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect((await limiter.hit('other-ip')).allowed).toBe(true);
    now = 60_001;
    expect((await limiter.peek('ip')).allowed).toBe(true);
    expect((await limiter.hit('ip')).allowed).toBe(true);
  });
});

/** A loopback port nothing listens on: connections are refused, as when Redis is down. */
async function findClosedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('Redis rate limit while Redis is unreachable', () => {
  it('counts in the process instead, logs one warning, and never throws', async () => {
    const port = await findClosedPort();
    const lines: string[] = [];
    const logger = createLogger('warn', (line) => lines.push(line));
    const redis = createRedisClient(`redis://127.0.0.1:${port}`, logger);
    const limiter = createRateLimiter({ name: 'down', limit: 2, windowMs: 60_000, redis, logger });
    const results = [await limiter.hit('ip'), await limiter.hit('ip'), await limiter.hit('ip')];
    expect(results.map((result) => result.allowed)).toEqual([true, true, false]);
    expect((await limiter.peek('ip')).allowed).toBe(false);
    expect(lines.filter((line) => line.includes('rate limits count per process'))).toHaveLength(1);
    redis.disconnect();
  });
});

const redisUrl = readServiceUrl('TEST_REDIS_URL');

(redisUrl ? describe : describe.skip)('Redis rate limit (shared by instances)', () => {
  const clients = redisUrl ? [createRedisClient(redisUrl), createRedisClient(redisUrl)] : [];
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  it('counts hits of two instances together', async () => {
    const name = `test-${Date.now()}`;
    const first = createRateLimiter({ name, limit: 3, windowMs: 60_000, redis: clients[0] });
    const second = createRateLimiter({ name, limit: 3, windowMs: 60_000, redis: clients[1] });
    await Promise.all(clients.map((client) => (client.status === 'ready' ? undefined : new Promise((resolve) => client.once('ready', resolve)))));
    const results = [await first.hit('ip'), await second.hit('ip'), await first.hit('ip'), await second.hit('ip')];
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect((await second.peek('ip')).allowed).toBe(false);
  });

  it('evaluates at most the limit of 60 concurrent wrong API keys sent to two instances, and a right key costs nothing', async () => {
    const name = `api-key-${Date.now()}`;
    const rightKey = `rk_${'k'.repeat(40)}`;
    const rightHash = createHash('sha256').update(rightKey).digest('hex');
    // The key table as the guard reads it: the right key's hash finds a live owner key.
    const db = {
      query: async <Row>(_sql: string, params: unknown[] = []) =>
        (params[0] === rightHash ? [{ id: '1', name: 'ops', role: 'owner', prefix: 'rk_kkkkkkkk' }] : []) as Row[],
    };
    const [first, second] = clients.map(
      (redis) =>
        createConsoleGuard({ db, siteUrl: 'https://reelkeep.test', failures: createRateLimiter({ name, limit: 10, windowMs: 60_000, redis }) }).check,
    );
    const asking = (key: string, clientIp: string) => ({
      method: 'GET',
      target: '/admin/releases',
      headers: new Headers({ authorization: `Bearer ${key}` }),
      clientIp,
    });
    const read = { resource: 'release', action: 'read' } as const;
    for (let attempt = 0; attempt < 15; attempt += 1) expect(await first!(asking(rightKey, 'operator'), read)).toMatchObject({ allowed: true });
    const decisions = await Promise.all(
      Array.from({ length: 60 }, (_, index) => (index % 2 ? first! : second!)(asking(`rk_wrong-key-${index}`, 'guesser'), read)),
    );
    expect(decisions.filter((decision) => !decision.allowed && decision.status === 401)).toHaveLength(10);
    expect(decisions.filter((decision) => !decision.allowed && decision.status === 429)).toHaveLength(50);
    expect(await second!(asking(rightKey, 'guesser'), read)).toMatchObject({ allowed: false, status: 429 });
    expect(await second!(asking(rightKey, 'operator'), read)).toMatchObject({ allowed: true });
  });
});
