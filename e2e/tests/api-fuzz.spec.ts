import fc from 'fast-check';
import { expect, readAdminStatus, test } from '../fixtures.ts';
import { sendRaw, type RawAnswer } from '../raw-client.ts';
import { E2E_OWNER_KEY, FROM_SITE } from '../test-site.ts';

/**
 * Bad input on every API route the gateway answers (docs/security.md "Input"): malformed JSON, wrong
 * content types, NUL and control characters, huge and negative numbers, objects where text belongs, and
 * 1 MB and 20 MB bodies. Every answer is below 500 and comes in time, and the server stays up. The
 * journey sends from its own loopback address, so the limits it trips do not touch the other journeys.
 */
const FROM = '127.0.0.77';
const MB = 1024 * 1024;

/** Field names the site's endpoints read; each gets every hostile value. */
const FIELDS = [
  'email',
  'password',
  'name',
  'message',
  'topic',
  'locale',
  'return',
  'token',
  'product',
  'pid',
  'code',
  'coupon',
  'order',
  'key',
  'device_id',
  'device',
  'number',
  'expiry',
  'cvc',
  'approve',
  'subscribed',
  'invite_code',
  'credential',
  'reason',
  'comment',
  'type',
  'id',
  'language',
  'start',
  'len',
  'start_time',
  'ac_endtime',
  'ac_source',
  'product_id',
  'p',
  'kind',
  'event',
  'limit',
  'category_id',
  'data',
  'mode',
  'upload_id',
];
const HOSTILE_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\u001b[2J',
  '\u007f',
  '\ud800',
  99999999999999,
  -1,
  1e308,
  -0.5,
  '99999999999999',
  '-99999999999999',
  'NaN',
  { $ne: 1 },
  ['a', 'b'],
  true,
  null,
  'x'.repeat(100_000),
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
];
/** A query stays within what a server reads as a request line (16 kB in Node): long values get their own request. */
const QUERY_VALUES = HOSTILE_VALUES.filter(
  (value): value is string | number => (typeof value === 'string' && value.length < 100) || typeof value === 'number',
);

interface ApiRoute {
  squad: string;
  method: string;
  path: string;
}

/** An answer below 500, in time; an oversized request may instead be cut off by the server closing the connection. */
async function checkAnswer(label: string, send: () => Promise<RawAnswer>, oversized = false): Promise<void> {
  const answer = await send();
  expect(answer.status, `${label} → ${answer.status} ${answer.text.slice(0, 200)}`).toBeLessThan(500);
  if (!oversized || answer.status !== 0) expect(answer.status, label).toBeGreaterThanOrEqual(200);
}

/** Over every route's body limit (512 kB at most): the server may refuse it by closing the connection. */
const isOversized = (body: string | Buffer | Buffer[]) =>
  (Array.isArray(body) ? body.reduce((size, chunk) => size + chunk.length, 0) : body.length) > 512 * 1024;

/** A concrete path for a route: a prefix route (`/api/checkout/orders/`) gets a hostile tail. */
const pathsOf = (route: ApiRoute) =>
  route.path.endsWith('/')
    ? [`${route.path}%00`, `${route.path}ord_${'%00'.repeat(20)}`, `${route.path}${'a'.repeat(3000)}`, `${route.path}..%2F..%2Fetc`]
    : [route.path];

test.describe.configure({ timeout: 300_000 });

test('no API route answers 5xx or hangs on bad input, and the server stays up', async () => {
  const status = (await readAdminStatus()) as unknown as { apis: { squad: string; routes: Omit<ApiRoute, 'squad'>[] }[] };
  const apis: ApiRoute[] = status.apis.flatMap((api) => api.routes.map((route) => ({ ...route, squad: api.squad })));
  expect(apis.length).toBeGreaterThan(30);
  const admin = { authorization: `Bearer ${E2E_OWNER_KEY}` };
  const alive = async () => expect((await sendRaw({ path: '/favicon.ico', from: FROM })).status).toBe(200);

  for (const route of apis) {
    for (const path of pathsOf(route)) {
      const label = `${route.method} ${path.slice(0, 80)}`;
      if (route.method === 'GET') {
        for (const value of QUERY_VALUES) {
          const query = new URLSearchParams(FIELDS.map((field) => [field, String(value)])).toString();
          await checkAnswer(`${label}?…=${JSON.stringify(value).slice(0, 20)}`, () =>
            sendRaw({ path: `${path}?${query}`, headers: admin, from: FROM }),
          );
        }
        await checkAnswer(`${label} with a raw NUL query`, () =>
          sendRaw({ path: `${path}?id=%00&product_id=%00&product=%00&start_time=99999999999999`, headers: admin, from: FROM }),
        );
        await checkAnswer(`${label} with a 10 kB value`, () =>
          sendRaw({ path: `${path}?email=${'x'.repeat(10_000)}&id=${'a'.repeat(2_000)}`, headers: admin, from: FROM }),
        );
        await checkAnswer(`${label} with a 1 MB query`, () => sendRaw({ path: `${path}?email=${'x'.repeat(MB)}`, headers: admin, from: FROM }), true);
        continue;
      }
      const headers = { ...FROM_SITE, ...admin };
      const bodies: [string, string, string | Buffer | Buffer[]][] = [
        ['malformed JSON', 'application/json', '{"email":'],
        ['JSON null', 'application/json', 'null'],
        ['a JSON array', 'application/json', '[1,2,3]'],
        ['a JSON string', 'application/json', '"\\u0000"'],
        ['text/plain', 'text/plain', 'email=a@b.co'],
        ['multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--'],
        ['XML', 'application/xml', '<a>1</a>'],
        ['a broken form', 'application/x-www-form-urlencoded', '%%%=%00&email=%E0%A4%A'],
        ['1 MB of JSON', 'application/json', JSON.stringify({ email: 'a'.repeat(MB) })],
        ['20 MB streamed', 'application/json', Array.from({ length: 20 }, () => Buffer.alloc(MB, 97))],
      ];
      for (const [name, type, body] of bodies)
        await checkAnswer(
          `${label} ${name}`,
          () => sendRaw({ method: route.method, path, headers: { ...headers, 'content-type': type }, body, from: FROM, timeoutMs: 20_000 }),
          isOversized(body),
        );
      for (const value of HOSTILE_VALUES) {
        const json = JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, value])));
        await checkAnswer(
          `${label} JSON ${JSON.stringify(value)?.slice(0, 20)}`,
          () => sendRaw({ method: route.method, path, headers: { ...headers, 'content-type': 'application/json' }, body: json, from: FROM }),
          isOversized(json),
        );
        if (typeof value === 'string' || typeof value === 'number') {
          const form = new URLSearchParams(FIELDS.map((field) => [field, String(value)])).toString();
          await checkAnswer(
            `${label} form ${JSON.stringify(value).slice(0, 20)}`,
            () =>
              sendRaw({
                method: route.method,
                path,
                headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                body: form,
                from: FROM,
              }),
            isOversized(form),
          );
        }
      }
      // Random JSON documents (fixed seed, so a failure can be replayed).
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 }), async (body) => {
          const answer = await sendRaw({
            method: route.method,
            path,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body),
            from: FROM,
          });
          return answer.status < 500;
        }),
        { numRuns: 15, seed: 20261124 },
      );
    }
    await alive();
  }
});

test('pages with hostile paths and queries answer below 500', async () => {
  for (const path of [
    '/%00',
    '/fr/%00',
    '/checkout?start_time=99999999999999',
    '/checkout?start_time=%00&ac_endtime=%00&ac_source=%00',
    '/_data/%00',
    '/_data/checkout?start_time=-1',
    '/%E0%A4%A',
    '/a/b/c/d/e/f/g',
    `/${'a'.repeat(5000)}`,
    '/my-account?token=%00&client_e=%00',
    '/login?return=%00',
    '/product/info?product_id=%00',
  ]) {
    await checkAnswer(`GET ${path.slice(0, 60)}`, () => sendRaw({ path, from: FROM }));
  }
});
