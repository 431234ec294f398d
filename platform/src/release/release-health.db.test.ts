import { afterAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import { createLogger } from '../logger.ts';
import { createRedisClient } from '../redis.ts';
import { readServiceUrl } from '../testing/external-services.ts';
import { createReleaseHealth } from './release-health.ts';

const redisUrl = readServiceUrl('TEST_REDIS_URL');

(redisUrl ? describe : describe.skip)('release health in Redis (shared by instances)', () => {
  const clients = redisUrl ? [createRedisClient(redisUrl), createRedisClient(redisUrl)] : [];
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  it('adds the counts of two instances together, per version', async () => {
    const version = `t-${Date.now()}`;
    await Promise.all(clients.map((redis) => (redis.status === 'ready' ? undefined : new Promise((resolve) => redis.once('ready', resolve)))));
    const [first, second] = clients.map((redis) => createReleaseHealth({ redis, flushMs: 60_000 }));
    first!.record('mf-landing', version, 'request', 30);
    first!.record('mf-landing', version, 'render-error', 2);
    second!.record('mf-landing', version, 'request', 20);
    second!.record('mf-landing', version, 'chunk-load');
    second!.record('mf-landing', `${version}-other`, 'api-error', 7);
    // Counted before they are sent: this instance's own reads include them.
    expect((await first!.read('mf-landing', version)).requests).toBe(30);
    await Promise.all([first!.flush(), second!.flush()]);
    const seen = await first!.read('mf-landing', version);
    expect(seen).toMatchObject({ requests: 50, errorCount: 3, errors: { 'render-error': 2, 'chunk-load': 1, 'api-error': 0 } });
    expect((await second!.read('mf-landing', `${version}-other`)).errors['api-error']).toBe(7);
    await Promise.all([first!.close(), second!.close()]);
  });
});

describe('release health while Redis is unreachable', () => {
  it('counts in the process, answers from it, warns once, and never throws', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const lines: string[] = [];
    const logger = createLogger('warn', (line) => lines.push(line));
    const redis = createRedisClient(`redis://127.0.0.1:${port}`, logger);
    const health = createReleaseHealth({ redis, logger, flushMs: 60_000 });
    health.record('mf-landing', 'down', 'request', 3);
    health.record('mf-landing', 'down', 'api-timeout');
    await health.flush();
    expect(await health.read('mf-landing', 'down')).toMatchObject({ requests: 3, errorCount: 1 });
    await health.flush();
    expect(lines.filter((line) => line.includes('release health counted per process'))).toHaveLength(1);
    redis.disconnect();
  });
});
