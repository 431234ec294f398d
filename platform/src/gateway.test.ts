import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { respondJson, type ServerPlugin } from './server-plugin.ts';
import { createTestPluginContext } from './testing/plugin-context.ts';
import { startTestGateway } from './testing/gateway-server.ts';
import type { Database } from './db/database.ts';

let handled = 0;
const plugin: ServerPlugin = {
  squad: 'landing',
  schema: 'landing',
  migrationsDir: '/nonexistent',
  routes: [
    { method: 'POST', path: '/api/landing/form', handle: async (request) => respondJson({ handled: ++handled, bytes: (await request.text()).length }) },
    { method: 'POST', path: '/api/landing/machine', callers: 'any', handle: () => respondJson({ handled: ++handled }) },
    { method: 'POST', path: '/api/landing/small', maxBodyBytes: 10, handle: async (request) => respondJson({ bytes: (await request.text()).length }) },
    {
      method: 'POST',
      path: '/api/landing/refused',
      handle: () => {
        throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
      },
    },
  ],
};

describe('the API gateway', () => {
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    gateway = await startTestGateway([plugin], createTestPluginContext({} as Database));
  });
  afterAll(() => gateway.close());

  const post = (path: string, headers: Record<string, string>, body = '{}') => fetch(gateway.origin + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

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
      const req = httpRequest(`${gateway.origin}/api/landing/form`, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      for (let i = 0; i < 40; i += 1) req.write(Buffer.alloc(512 * 1024, 120));
      req.end();
    });
    expect(streamed).toBe(413);
    expect((await post('/api/landing/small', { origin: gateway.origin }, '1234567890')).status).toBe(200);
  });

  it('answers 400, not 500, when the database refuses a value a schema missed', async () => {
    const response = await post('/api/landing/refused', { origin: gateway.origin });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ cscode: 400, error: 'invalid_input' });
  });
});
