import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { createRateLimiter } from '@reelkeep/platform/rate-limit';
import { createReleaseHealth } from '@reelkeep/platform/release-health';
import type { RegistryState } from '@reelkeep/shared-contracts/schemas';
import { createReleaseBeaconHandler } from './release-beacon.ts';

const SITE = 'http://site.test';
const registry: RegistryState = {
  revision: 2,
  apps: { 'mf-landing': { live: '1.0.0-stable', previous: [] } },
  history: [{ app: 'mf-landing', action: 'promote', from: null, to: '1.0.0-stable', at: '2026-11-28T00:00:00.000Z', by: 't' }],
};
const health = createReleaseHealth();
let server: Server;
let base = '';

beforeAll(async () => {
  const handle = createReleaseBeaconHandler({
    siteUrl: SITE,
    health,
    limiter: createRateLimiter({ name: 'beacon', limit: 12, windowMs: 60_000 }),
    readClientAddress: () => '203.0.113.9',
    readRegistry: () => registry,
  });
  server = createServer((req, res) => {
    void handle(req, res, new URL(req.url ?? '/', SITE)).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const send = (body: string, origin = SITE, method = 'POST') =>
  fetch(`${base}/_beacon/release-health`, {
    method,
    headers: { origin, 'content-type': 'application/json' },
    body: method === 'POST' ? body : undefined,
  });

describe('the release health beacon', () => {
  it('counts a failure for a version the registry knows, and ignores invented versions', async () => {
    const answer = await send(JSON.stringify({ app: 'mf-landing', version: '1.0.0-stable', failure: 'chunk-load' }));
    expect(answer.status).toBe(204);
    expect((await send(JSON.stringify({ app: 'mf-landing', version: '9.9.9-invented', failure: 'type-error' }))).status).toBe(204);
    expect((await health.read('mf-landing', '1.0.0-stable')).errors['chunk-load']).toBe(1);
    expect((await health.read('mf-landing', '9.9.9-invented')).errorCount).toBe(0);
  });

  it.each([
    ['another origin', JSON.stringify({ app: 'mf-landing', version: '1.0.0-stable', failure: 'type-error' }), 'https://evil.test', 'POST', 403],
    ['not JSON', 'nonsense', SITE, 'POST', 400],
    ['an unknown app', JSON.stringify({ app: 'mf-x', version: '1', failure: 'type-error' }), SITE, 'POST', 400],
    ['an unknown failure', JSON.stringify({ app: 'mf-landing', version: '1.0.0-stable', failure: 'bad' }), SITE, 'POST', 400],
    ['a version with a slash', JSON.stringify({ app: 'mf-landing', version: '../x', failure: 'type-error' }), SITE, 'POST', 400],
    ['too long a body', 'x'.repeat(600), SITE, 'POST', 413],
    ['a GET', '', SITE, 'GET', 405],
  ])('refuses %s', async (_name, body, origin, method, status) => {
    expect((await send(body, origin, method)).status).toBe(status);
  });

  it('refuses an address past its limit with 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) statuses.push((await send('{}')).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
