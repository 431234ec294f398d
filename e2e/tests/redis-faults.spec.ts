import { Redis } from 'ioredis';
import { sumCaptchaSchema } from '@reelkeep/shared-contracts';
import { CLUSTER_DATABASE_URL, CLUSTER_HOOK_TIMEOUT_MS, startCluster, type Cluster } from '../cluster.ts';
import { answerPictureCaptcha, expect, readJson, test } from '../fixtures.ts';
import { adminReleasesAnswerSchema, jsonObjectSchema } from '../operator-answers.ts';
import { E2E_OWNER_KEY } from '../test-site.ts';

/**
 * Redis is a fast path, never a single point of failure (docs/operations.md "When Redis is down"): two
 * instances on PostgreSQL and Redis keep serving every page while Redis is flushed, stopped and started
 * empty again, the registry comes back by itself, and a purchase goes through while Redis is down.
 * Needs PostgreSQL (TEST_DATABASE_URL) and the redis-server program; in CI a missing one is an error.
 */
let cluster: Cluster;
const site = (index: number) => cluster.sites[index]!;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.skip(!CLUSTER_DATABASE_URL, 'needs PostgreSQL (TEST_DATABASE_URL)');

test.beforeAll(async ({ fixtures }) => {
  test.setTimeout(CLUSTER_HOOK_TIMEOUT_MS);
  cluster = await startCluster({ name: 'reelkeep_e2e_redis_faults', offset: 20, instances: 2, live: fixtures.initial });
});
test.afterAll(async () => {
  test.setTimeout(CLUSTER_HOOK_TIMEOUT_MS);
  await cluster?.stop();
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out waiting');
}

test('Redis flushed, stopped and restarted empty under load: every page answers, the registry comes back', async () => {
  const pages = ['/', '/netflix-downloader', '/fr/blog/', '/checkout', '/de/login'];
  const statuses = new Map<number, number>();
  let running = true;
  const load = async (worker: number) => {
    for (let i = worker; running; i += 1) {
      const response = await fetch(`${site(i % cluster.sites.length)}${pages[i % pages.length]}`).catch(() => null);
      const status = response?.status ?? 0;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      await response?.arrayBuffer();
    }
  };
  const workers = Array.from({ length: 8 }, (_, worker) => load(worker));
  const redis = new Redis(cluster.redisPort, '127.0.0.1', { maxRetriesPerRequest: 0 });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await redis.flushall();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  redis.disconnect();
  await cluster.stopRedis();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await cluster.startRedis();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  running = false;
  await Promise.all(workers);

  const failed = [...statuses].filter(([status]) => status >= 500 || status === 0);
  expect(failed, JSON.stringify([...statuses])).toEqual([]);
  expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
  // The instances put the registry back into the empty Redis from PostgreSQL.
  const restarted = new Redis(cluster.redisPort, '127.0.0.1');
  await waitFor(async () => JSON.parse((await restarted.get('reelkeep:registry')) ?? '{"apps":{}}').apps.shell !== undefined);
  restarted.disconnect();
  for (const base of cluster.sites) {
    const status = await readJson(
      await fetch(`${base}/admin/releases`, { headers: { authorization: `Bearer ${E2E_OWNER_KEY}` } }),
      adminReleasesAnswerSchema,
    );
    expect(Object.keys(status.live).sort()).toEqual(['mf-account', 'mf-blog', 'mf-campaign', 'mf-checkout', 'mf-landing', 'shell']);
  }
});

test('Redis stopped: a sandbox purchase still completes, and the forms answer without 500', async () => {
  await cluster.stopRedis();
  try {
    const origin = site(0);
    const cookies: string[] = [];
    const call = async (pathname: string, body: object) => {
      const response = await fetch(origin + pathname, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', cookie: cookies.join('; ') },
        body: JSON.stringify(body),
      });
      for (const cookie of response.headers.getSetCookie()) cookies.push(cookie.split(';')[0]!);
      return { status: response.status, body: await readJson(response, jsonObjectSchema) };
    };
    const order = await call('/api/checkout/orders', { product: 'aio', pid: '107211Y', email: `redis-down-${Date.now()}@example.com`, locale: 'en' });
    expect(order.status).toBe(200);
    const orderId = (order.body.order as { id: string }).id;
    const paid = await call('/api/checkout/sandbox/pay', { order: orderId, number: '4242424242424242', expiry: '12/34', cvc: '123' });
    expect(paid.status).toBe(200);
    expect((paid.body.order as { status: string; licence: { key: string } | null }).status).toBe('paid');
    expect((paid.body.order as { licence: { key: string } | null }).licence?.key).toMatch(/^RK-/);
    // The newsletter sign-up carries the site captcha (docs/forms.md "Newsletter"), which needs no Redis either.
    const sum = await readJson(await fetch(`${origin}/api/captcha?kind=sum`), sumCaptchaSchema);
    const signUp = {
      email: `news-${Date.now()}@example.com`,
      type: 2,
      locale: 'en',
      captcha_token: sum.token,
      captcha_answer: answerPictureCaptcha(sum.token),
    };
    expect((await call('/email/report', signUp)).status).toBe(200);
    expect((await call('/api/account/login', { email: 'nobody@example.com', password: 'Wrong2026pass', locale: 'en' })).status).toBe(401);
    expect((await fetch(`${origin}/netflix-downloader`)).status).toBe(200);
  } finally {
    await cluster.startRedis();
  }
});
