import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '@reelkeep/platform/db';
import type { HostContext } from '@reelkeep/platform/host-context';
import { applyMigrations, PLATFORM_MIGRATIONS_DIR } from '@reelkeep/platform/migrations';
import { listTestDatabases } from '@reelkeep/platform/testing/databases';
import { installTestApiKey } from '@reelkeep/platform/testing/api-keys';
import { createTestHostContext } from '@reelkeep/platform/testing/host-context';
import { CLIENT_IP_HEADER, notificationPayloadSchema, type PushSendInput } from '@reelkeep/shared-contracts';
import * as z from 'zod/mini';
import siteApi from './api.ts';
import { createPushDrainer, createPushRoutes, PUSH_ADMIN_ENDPOINT } from './push-routes.ts';
import { isPublicAddress } from '@reelkeep/shared-contracts/public-address';
import { parsePushServiceOrigin } from './push-endpoint-rules.ts';
import { listPushSends, readPushMessageProgress } from './push-progress.ts';
import { enqueuePushMessage } from './push-queue.ts';
import { createPushConsoleRoutes, PUSH_COMPOSE_INTERNAL_ENDPOINT, PUSH_SENDS_INTERNAL_ENDPOINT } from './push-console-routes.ts';
import { createWebPushSender, resolveVapidKeys, type PushSender, type VapidKeys, type WebPushSenderOptions } from './push-sender.ts';
import type { SiteSettings } from './settings.ts';
import { startTestPushService, type TestSubscription } from './testing/push-service.ts';

/**
 * docs/push.md "Sending", end to end below the browser: `web-push` encrypts and signs each message, a local
 * push service decrypts it with the subscription's private key and answers as the script says; the queue
 * retries, prunes and counts.
 */

/** A campaign manager's API key: sending needs `push:send`. */
const ADMIN_TOKEN = `rk_push-suite-${'k'.repeat(29)}`;
const SITE_MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

async function openFreshDatabase(open: () => Promise<Database>): Promise<Database> {
  const db = await open();
  await db.query('DROP SCHEMA IF EXISTS site CASCADE');
  await applyMigrations(db, 'platform', PLATFORM_MIGRATIONS_DIR);
  await installTestApiKey(db, ADMIN_TOKEN, 'campaign-manager');
  await db.query(`DELETE FROM platform.schema_migrations WHERE squad = 'site'`);
  await applyMigrations(db, 'site', SITE_MIGRATIONS_DIR);
  return db;
}

/** The test's own exception to docs/security.md "Requests the site makes": its push stand-in listens on loopback. */
const allowStandIn = (address: string) => address === '127.0.0.1' || isPublicAddress(address);

/** A JSON object answer: each test checks the fields it is about. */
const JSON_OBJECT = z.record(z.string(), z.unknown());

describe.each(listTestDatabases())('web push delivery on %s', (_kind, open) => {
  let db: Database;
  let context: HostContext<SiteSettings>;
  let service: Awaited<ReturnType<typeof startTestPushService>>;
  let drain: () => Promise<void>;
  let routes: ReturnType<typeof createPushRoutes>;

  let keys: VapidKeys;
  /** A sender as the site makes one, trusting the stand-in's certificate; `allowStandIn` lets it reach the stand-in's loopback address. */
  const makeSender = (options: Partial<WebPushSenderOptions> = {}) =>
    createWebPushSender({
      keys,
      subject: 'mailto:push@reelkeep.test',
      serviceOrigins: context.settings.PUSH_SERVICE_ORIGINS,
      ca: service.cert,
      isAllowedAddress: allowStandIn,
      ...options,
    });

  beforeAll(async () => {
    db = await openFreshDatabase(open);
    service = await startTestPushService();
    // The stand-in is the one push service of this site (docs/push.md "Push services").
    context = createTestHostContext(db, {
      module: siteApi,
      env: { SITE_URL: 'https://www.reelkeep.test', PUSH_SERVICE_ORIGINS: service.origin },
    });
    keys = await resolveVapidKeys(context);
    drain = createPushDrainer(context, { send: makeSender(), retryBaseMs: 20 });
    // The admin route starts a drain in the background; the test runs the same drainer and waits for it.
    routes = createPushRoutes({ drain: () => drain });
  });
  afterAll(async () => {
    await service.close();
    await db.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}, on = context) => {
    const target = new URL(url, 'https://www.reelkeep.test');
    const route = routes.find((candidate) => candidate.method === method && candidate.path === target.pathname)!;
    const response = await route.handle(
      new Request(target, {
        method,
        headers: { 'content-type': 'application/json', [CLIENT_IP_HEADER]: '198.51.100.7', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
      on,
    );
    return { status: response.status, body: JSON_OBJECT.parse(await response.json()) };
  };

  let registrations = 0;
  const register = (subscription: TestSubscription, language: string, deviceModel = 'Win32', on = context) =>
    call(
      'POST',
      '/sub/register',
      {
        language,
        diff_time: 3600,
        device_model: deviceModel,
        app_id: 'reelkeep-site',
        endpoint: subscription.endpoint,
        auth: subscription.auth,
        pdhkey: subscription.p256dh,
        explorer: 'Chrome',
        explorer_version: '131',
      },
      // Each from an address of its own: PUSH_RATE_LIMIT stays out of these tests.
      { [CLIENT_IP_HEADER]: `198.51.100.${(registrations += 1) % 250}` },
      on,
    );

  const send = async (input: Partial<PushSendInput> & Pick<PushSendInput, 'message' | 'path'>) => {
    const queued = await call('POST', PUSH_ADMIN_ENDPOINT, input, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(queued.status).toBe(202);
    await drain();
    return (await call('GET', `${PUSH_ADMIN_ENDPOINT}?id=${String(queued.body.id)}`, undefined, { authorization: `Bearer ${ADMIN_TOKEN}` })).body;
  };

  const openedFor = (subscription: TestSubscription) =>
    service.received
      .filter((push) => push.endpoint === subscription.endpoint)
      .map((push) => notificationPayloadSchema.parse(JSON.parse(push.plaintext)));

  it('encrypts each message for its subscriber, in the subscriber’s locale, with a signed VAPID token', async () => {
    const french = service.subscribe();
    const japanese = service.subscribe();
    expect((await register(french, 'fr')).body).toEqual({ code: 200 });
    expect((await register(japanese, 'ja', 'MacIntel')).body).toEqual({ code: 200 });

    const progress = await send({ message: 'sale', path: '/store' });

    expect(service.failures).toEqual([]);
    expect(openedFor(french)).toEqual([
      expect.objectContaining({
        title: 'ReelKeep est en promotion',
        url: 'https://www.reelkeep.test/fr/store',
        icon: 'https://www.reelkeep.test/favicon.ico',
      }),
    ]);
    expect(openedFor(japanese)).toEqual([expect.objectContaining({ title: 'ReelKeep がセール中です', url: 'https://www.reelkeep.test/ja/store' })]);
    expect(service.received.find((push) => push.endpoint === french.endpoint)).toMatchObject({
      vapidSubject: 'mailto:push@reelkeep.test',
      ttl: '86400',
    });
    expect(progress).toMatchObject({ recipients: 2, sent: 2, pending: 0, failed: 0, pruned: 0, delivered: 0, clicked: 0 });
    expect(progress.finishedAt).toEqual(expect.any(String));
  });

  it('reaches only the audience asked for (a locale, an OS)', async () => {
    const before = service.received.length;
    const progress = await send({ message: 'new_version', path: '/', os: 'mac' });
    expect(progress).toMatchObject({ recipients: 1, sent: 1 });
    expect(service.received.slice(before).map((push) => notificationPayloadSchema.parse(JSON.parse(push.plaintext)).title)).toEqual([
      'ReelKeep の新しいバージョンが公開されました',
    ]);
    expect(await send({ message: 'new_version', path: '/', locale: 'de' })).toMatchObject({ recipients: 0, finishedAt: expect.any(String) });
  });

  it('sends a message composed in the console in each subscriber’s language (English when theirs has none) and lists it with its counts', async () => {
    await db.query('DELETE FROM site.push_subscriptions');
    const french = service.subscribe();
    const german = service.subscribe();
    const gone = service.subscribe([410]);
    for (const [subscription, language] of [
      [french, 'fr'],
      [german, 'de'],
      [gone, 'fr'],
    ] as const)
      await register(subscription, language);
    const consoleRoutes = createPushConsoleRoutes({ drain: () => drain });
    const callConsole = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const target = new URL(url, 'https://www.reelkeep.test');
      const route = consoleRoutes.find((candidate) => candidate.method === method && candidate.path === target.pathname)!;
      const response = await route.handle(
        new Request(target, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
        context,
      );
      return { status: response.status, body: JSON_OBJECT.parse(await response.json()) };
    };
    const message = { texts: { en: { title: 'Sale', body: 'Half price' }, fr: { title: 'Soldes', body: 'Moitié prix' } }, path: '/store' };
    expect((await callConsole('POST', PUSH_COMPOSE_INTERNAL_ENDPOINT, { ...message, texts: { fr: message.texts.fr } })).status).toBe(400);
    expect((await callConsole('POST', PUSH_COMPOSE_INTERNAL_ENDPOINT, { ...message, path: '//evil.example/x' })).status).toBe(400);
    const queued = await callConsole('POST', PUSH_COMPOSE_INTERNAL_ENDPOINT, message);
    expect(queued).toMatchObject({ status: 202, body: { recipients: 3 } });
    await drain();

    expect(openedFor(french)).toEqual([expect.objectContaining({ title: 'Soldes', body: 'Moitié prix', url: 'https://www.reelkeep.test/fr/store' })]);
    expect(openedFor(german)).toEqual([expect.objectContaining({ title: 'Sale', body: 'Half price', url: 'https://www.reelkeep.test/de/store' })]);
    const listed = await callConsole('GET', `${PUSH_SENDS_INTERNAL_ENDPOINT}?limit=1`);
    expect(listed.body.sends).toEqual([
      expect.objectContaining({
        id: queued.body.id,
        message: 'composed',
        title: 'Sale',
        path: '/store',
        recipients: 3,
        sent: 2,
        pruned: 1,
        pending: 0,
      }),
    ]);
  });

  it('removes subscriptions the push service answers 410 or 404 for, and sends to them no more', async () => {
    await db.query('DELETE FROM site.push_subscriptions');
    const expired = service.subscribe([410]);
    const unknown = service.subscribe([404]);
    const alive = service.subscribe();
    for (const subscription of [expired, unknown, alive]) await register(subscription, 'en');

    expect(await send({ message: 'new_guide', path: '/how-to-download-netflix-videos' })).toMatchObject({ recipients: 3, sent: 1, pruned: 2 });
    expect(await db.query('SELECT endpoint FROM site.push_subscriptions')).toEqual([{ endpoint: alive.endpoint }]);
    expect(await send({ message: 'new_guide', path: '/' })).toMatchObject({ recipients: 1, sent: 1 });
  });

  it('retries 429 and 5xx with a growing back-off, and gives up after the last attempt', async () => {
    await db.query('DELETE FROM site.push_subscriptions');
    const flaky = service.subscribe([503, 429, 201]);
    const broken = service.subscribe([500, 500, 500, 500, 500]);
    const refused = service.subscribe([400]);
    for (const subscription of [flaky, broken, refused]) await register(subscription, 'en');
    const started = Date.now();

    const progress = await send({ message: 'sale', path: '/store' });

    expect(progress).toMatchObject({ recipients: 3, sent: 1, failed: 2, pending: 0 });
    expect(service.received.filter((push) => push.endpoint === flaky.endpoint).map((push) => push.status)).toEqual([503, 429, 201]);
    expect(service.received.filter((push) => push.endpoint === broken.endpoint)).toHaveLength(5);
    expect(service.received.filter((push) => push.endpoint === refused.endpoint)).toHaveLength(1);
    // 429 asked for a second: the flaky one waited 20 ms, then 1 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const [failure] = await db.query<{ last_error: string }>(
      `SELECT last_error FROM site.push_deliveries d JOIN site.push_subscriptions s ON s.id = d.subscription_id WHERE s.endpoint = $1`,
      [broken.endpoint],
    );
    expect(failure!.last_error).toBe('gave up after 5 attempts (last 500)');
  });

  it('counts deliveries and clicks the service worker reports, each once', async () => {
    await db.query('DELETE FROM site.push_subscriptions');
    const subscription = service.subscribe();
    await register(subscription, 'de');
    const progress = await send({ message: 'sale', path: '/store' });
    const [payload] = openedFor(subscription);
    expect(payload!.title).toBe('ReelKeep ist im Angebot');

    expect((await call('POST', '/api/site/push/events', { delivery: payload!.delivery, kind: 'delivered' })).status).toBe(200);
    expect((await call('POST', '/api/site/push/events', { delivery: payload!.delivery, kind: 'clicked' })).status).toBe(200);
    expect((await call('POST', '/api/site/push/events', { delivery: payload!.delivery, kind: 'clicked' })).status).toBe(200);
    expect((await call('POST', '/api/site/push/events', { delivery: 'x'.repeat(24), kind: 'clicked' })).status).toBe(404);

    const counted = await call('GET', `${PUSH_ADMIN_ENDPOINT}?id=${progress.id as number}`, undefined, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(counted.body).toMatchObject({ sent: 1, delivered: 1, clicked: 1 });
  });
  it('answers a bad payload 400 with the reason, and stores one subscription per endpoint', async () => {
    const subscription = service.subscribe();
    const bad = await call('POST', '/sub/register', { language: 'en', endpoint: subscription.endpoint });
    expect(bad).toEqual({
      status: 400,
      body: { code: 400, reason: expect.stringMatching(/^(diff_time|device_model|app_id|auth|pdhkey|explorer|explorer_version): /) },
    });
    expect((await register(subscription, 'en')).body).toEqual({ code: 200 });
    expect((await register(subscription, 'it')).body).toEqual({ code: 200 });
    expect(await db.query('SELECT locale FROM site.push_subscriptions WHERE endpoint = $1', [subscription.endpoint])).toEqual([{ locale: 'it' }]);
  });

  it('spec: a reported subscription (code 200) marks the user online: is_online_user beside rk_push, for 30 days', async () => {
    const route = routes.find((candidate) => candidate.method === 'POST' && candidate.path === '/sub/register')!;
    const subscription = service.subscribe();
    const response = await route.handle(
      new Request('http://localhost/sub/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CLIENT_IP_HEADER]: '198.51.100.251' },
        body: JSON.stringify({
          language: 'fr',
          diff_time: 3600,
          device_model: 'MacIntel',
          app_id: 'reelkeep-site',
          endpoint: subscription.endpoint,
          auth: subscription.auth,
          pdhkey: subscription.p256dh,
          explorer: 'Firefox',
          explorer_version: '133',
        }),
      }),
      context,
    );
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().map((cookie) => cookie.replace('; Secure', ''))).toEqual([
      'rk_push=subscribed; Path=/; Max-Age=2592000; SameSite=Lax',
      'is_online_user=1; Path=/; Max-Age=2592000; SameSite=Lax',
    ]);
  });

  it('ties a signed-in visitor’s subscription to the account, and My account removes all of them', async () => {
    const signedIn = createTestHostContext(db, {
      module: siteApi,
      env: { SITE_URL: 'https://www.reelkeep.test', PUSH_SERVICE_ORIGINS: service.origin },
      fetchApi: async () => Response.json({ signedIn: true, user: { id: 'user-7', email: 'a@b.co', name: 'A', hasPassword: true } }),
    });
    const callAs = async (url: string, body: unknown) => {
      const route = routes.find((candidate) => candidate.method === 'POST' && candidate.path === url)!;
      const response = await route.handle(
        new Request(`https://www.reelkeep.test${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: 'rk.session_token=x', [CLIENT_IP_HEADER]: '198.51.100.8' },
          body: JSON.stringify(body),
        }),
        signedIn,
      );
      return JSON_OBJECT.parse(await response.json());
    };
    const [laptop, phone] = [service.subscribe(), service.subscribe()];
    for (const subscription of [laptop, phone])
      await callAs('/sub/register', {
        language: 'en',
        diff_time: 0,
        device_model: 'Win32',
        app_id: 'reelkeep-site',
        endpoint: subscription.endpoint,
        auth: subscription.auth,
        pdhkey: subscription.p256dh,
        explorer: 'Chrome',
        explorer_version: '131',
      });
    expect(await db.query(`SELECT count(*)::int AS n FROM site.push_subscriptions WHERE user_id = 'user-7'`)).toEqual([{ n: 2 }]);
    expect(await callAs('/api/site/push/unsubscribe', { all: true })).toEqual({ cscode: 200, removed: 2 });
    expect((await call('POST', '/api/site/push/unsubscribe', { all: true })).status).toBe(401);
  });

  describe('docs/push.md "Push services": only the browsers’ push services, never an address of ours', () => {
    /** The site as it ships: the default PUSH_SERVICE_ORIGINS. */
    const shipped = () => createTestHostContext(db, { module: siteApi, env: { SITE_URL: 'https://www.reelkeep.test' } });
    const standInPort = () => new URL(service.origin).port;

    it('refuses a subscription anywhere but at an allowed push service, internal addresses in every spelling', async () => {
      await db.query('DELETE FROM site.push_subscriptions');
      const defaults = shipped();
      const subscription = service.subscribe();
      const registerAt = (endpoint: string, on: HostContext<SiteSettings>) => register({ ...subscription, endpoint }, 'en', 'Win32', on);
      const internal = [
        'https://127.0.0.1/push',
        'https://127.0.0.1:6379/',
        'https://127.0.0.1:5432/',
        'https://localhost/push',
        'https://localhost:8443/push',
        'https://[::1]/push',
        'https://[::ffff:127.0.0.1]/push',
        'https://[::ffff:7f00:1]/push',
        'https://169.254.169.254/latest/meta-data/',
        'https://[fe80::1]/push',
        'https://10.0.0.5/push',
        'https://172.16.0.1/push',
        'https://192.168.1.1/push',
        'https://100.64.0.1/push',
        'https://[fd00::1]/push',
        'https://0.0.0.0/push',
        'https://2130706433/push',
        'https://0x7f.1/push',
        'https://fcm.googleapis.com@127.0.0.1/fcm/send/x',
        'https://fcm.googleapis.com.127.0.0.1.nip.io/fcm/send/x',
        'https://fcm.googleapis.com:6379/fcm/send/x',
        'https://evil.example/fcm.googleapis.com/fcm/send/x',
      ];
      for (const endpoint of internal)
        expect([endpoint, await registerAt(endpoint, defaults)]).toEqual([
          endpoint,
          { status: 400, body: { code: 400, reason: 'endpoint: not a push service' } },
        ]);
      // A test site that lets its stand-in in lets in that origin only, not the rest of its host.
      for (const endpoint of [`https://127.0.0.1:${Number(standInPort()) + 1}/push/x`, `https://localhost:${standInPort()}/push/x`])
        expect((await registerAt(endpoint, context)).status).toBe(400);
      expect(await db.query('SELECT endpoint FROM site.push_subscriptions')).toEqual([]);

      const browsers = [
        'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH',
        'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABn',
        'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
        'https://web.push.apple.com/QGuQyavXutnMPNYGfc',
      ];
      for (const endpoint of browsers) expect([endpoint, (await registerAt(endpoint, defaults)).body]).toEqual([endpoint, { code: 200 }]);
      await db.query('DELETE FROM site.push_subscriptions');
    });

    it('never connects to an address that is not public: subscriptions stored before, and allowed hosts resolving inside (DNS rebinding)', async () => {
      await db.query('DELETE FROM site.push_subscriptions');
      const port = standInPort();
      const resolved: Record<string, { address: string; family: 4 | 6 }[]> = {
        'push-rebound.test': [{ address: '127.0.0.1', family: 4 }],
        'push-mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
        'push-mixed.test': [
          { address: '142.250.185.74', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ],
      };
      const allowed = [service.origin, ...Object.keys(resolved).map((host) => `https://${host}:${port}`)];
      // What an older version stored, or a list an operator widened: the send must refuse on its own.
      const permissive = createTestHostContext(db, {
        module: siteApi,
        env: { SITE_URL: 'https://www.reelkeep.test', PUSH_SERVICE_ORIGINS: [...allowed, 'https://169.254.169.254'].join(',') },
      });
      const targets = [
        service.subscribe(),
        ...Object.keys(resolved).map((host) => {
          const subscription = service.subscribe();
          return { ...subscription, endpoint: subscription.endpoint.replace(service.origin, `https://${host}:${port}`) };
        }),
        { ...service.subscribe(), endpoint: 'https://169.254.169.254/latest/meta-data/iam' },
      ];
      for (const target of targets) expect((await register(target, 'en', 'Win32', permissive)).body).toEqual({ code: 200 });
      const requestsBefore = service.requested.length;

      const sender = createWebPushSender({
        keys,
        subject: 'mailto:push@reelkeep.test',
        serviceOrigins: allowed.map(parsePushServiceOrigin),
        ca: service.cert,
        resolveHost: async (hostname) => resolved[hostname] ?? [],
      });
      const queued = await enqueuePushMessage(db, { message: 'sale', path: '/store' });
      await createPushDrainer(context, { send: sender, retryBaseMs: 20 })();

      expect(service.requested.slice(requestsBefore)).toEqual([]);
      expect(await readPushMessageProgress(db, queued.id)).toMatchObject({ recipients: 5, sent: 0, failed: 5, pending: 0, pruned: 0 });
      // The console's list of sends counts the same way, newest first (a named message has no composed title).
      expect((await listPushSends(db, 1))[0]).toEqual({ ...(await readPushMessageProgress(db, queued.id)), title: null });
      const failures = await db.query<{ endpoint: string; attempts: number; last_error: string }>(
        `SELECT s.endpoint, d.attempts, d.last_error FROM site.push_deliveries d JOIN site.push_subscriptions s ON s.id = d.subscription_id
         WHERE d.message_id = $1 ORDER BY s.id`,
        [queued.id],
      );
      expect(failures.map(({ attempts, last_error }) => [attempts, last_error])).toEqual([
        [1, 'refused: 127.0.0.1 is not a public address'],
        [1, 'refused: push-rebound.test resolves to 127.0.0.1, not a public address'],
        [1, 'refused: push-mapped.test resolves to ::ffff:127.0.0.1, not a public address'],
        [1, 'refused: push-mixed.test resolves to 127.0.0.1, not a public address'],
        [1, 'refused: not at an allowed push service'],
      ]);
      await db.query('DELETE FROM site.push_subscriptions');
    });
  });

  describe('docs/push.md "Sending": deliveries run side by side, each with its time-out', () => {
    /** Counts the deliveries a sender has in flight, and the most at once. */
    const countInFlight = (send: PushSender) => {
      const counts = { now: 0, most: 0 };
      const counted: PushSender = async (target, payload) => {
        counts.most = Math.max(counts.most, (counts.now += 1));
        try {
          return await send(target, payload);
        } finally {
          counts.now -= 1;
        }
      };
      return { counts, counted };
    };

    it('five silent push services never hold the sixth subscriber’s message', async () => {
      await db.query('DELETE FROM site.push_subscriptions');
      const silent = Array.from({ length: 5 }, () => service.subscribeSilent());
      const alive = service.subscribe();
      for (const subscription of [...silent, alive]) await register(subscription, 'en');
      // Long enough that a loaded machine sends the sixth well within it; one-by-one sending would take several.
      const timeoutMs = 2500;
      const { counts, counted } = countInFlight(makeSender({ timeoutMs }));
      const queued = await enqueuePushMessage(db, { message: 'sale', path: '/store' });
      const started = Date.now();

      const draining = createPushDrainer(context, { send: counted, retryBaseMs: 20 })();
      let progress = await readPushMessageProgress(db, queued.id);
      while (progress?.sent === 0 && Date.now() - started < 3 * timeoutMs) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        progress = await readPushMessageProgress(db, queued.id);
      }

      expect(Date.now() - started).toBeLessThan(timeoutMs);
      expect(progress).toMatchObject({ recipients: 6, sent: 1, pending: 5 });
      expect(service.received.filter((push) => push.endpoint === alive.endpoint)).toHaveLength(1);
      await draining;
      const done = Date.now() - started;
      expect(await readPushMessageProgress(db, queued.id)).toMatchObject({ recipients: 6, sent: 1, failed: 5, pending: 0 });
      // The five waited side by side: five attempts each took about five time-outs, not twenty-five.
      expect(counts.most).toBe(6);
      expect(done).toBeLessThan(5 * timeoutMs + 5000);
      for (const subscription of silent) expect(service.requested.filter((endpoint) => endpoint === subscription.endpoint)).toHaveLength(5);
      const [failure] = await db.query<{ last_error: string }>(
        `SELECT d.last_error FROM site.push_deliveries d JOIN site.push_subscriptions s ON s.id = d.subscription_id WHERE s.endpoint = $1`,
        [silent[0]!.endpoint],
      );
      expect(failure!.last_error).toBe('gave up after 5 attempts (last unreachable)');
    }, 60_000);

    it('a stopped drain finishes the delivery in flight and gives the claimed ones back, due at once and not counted as tried', async () => {
      await db.query('DELETE FROM site.push_subscriptions');
      for (const subscription of Array.from({ length: 3 }, () => service.subscribeSilent())) await register(subscription, 'en');
      const { counts, counted } = countInFlight(makeSender({ timeoutMs: 300 }));
      const queued = await enqueuePushMessage(db, { message: 'sale', path: '/store' });
      const drainer = createPushDrainer(context, { send: counted, retryBaseMs: 60_000, concurrency: 1 });
      const draining = drainer();
      while (counts.now === 0) await new Promise((resolve) => setTimeout(resolve, 10));

      await drainer.stop();
      await draining;
      const rows = await db.query<{ attempts: number; due: boolean }>(
        `SELECT attempts, next_attempt_at <= now() AS due FROM site.push_deliveries WHERE message_id = $1 ORDER BY attempts DESC`,
        [queued.id],
      );
      expect(rows).toEqual([
        { attempts: 1, due: false },
        { attempts: 0, due: true },
        { attempts: 0, due: true },
      ]);
      expect(counts.most).toBe(1);
      // A stopped drainer starts no drain again.
      await drainer();
      expect(counts.most).toBe(1);
      expect(await readPushMessageProgress(db, queued.id)).toMatchObject({ recipients: 3, pending: 3 });
      // Its deliveries would hold the next drains (they wait for every pending one).
      await db.query('DELETE FROM site.push_deliveries WHERE message_id = $1', [queued.id]);
    }, 30_000);

    it('keeps at most `concurrency` deliveries in flight', async () => {
      await db.query('DELETE FROM site.push_subscriptions');
      for (const subscription of Array.from({ length: 6 }, () => service.subscribeSilent())) await register(subscription, 'en');
      const { counts, counted } = countInFlight(makeSender({ timeoutMs: 200 }));
      const queued = await enqueuePushMessage(db, { message: 'sale', path: '/store' });

      await createPushDrainer(context, { send: counted, retryBaseMs: 20, concurrency: 2 })();

      expect(counts.most).toBe(2);
      expect(await readPushMessageProgress(db, queued.id)).toMatchObject({ recipients: 6, failed: 6, pending: 0 });
    }, 30_000);
  });
});
