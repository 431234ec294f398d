import { describe, expect, it } from '@jest/globals';
import { createServer, get } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { createPageCacheFastPath, serialiseResponse } from './page-cache-fast-path.ts';
import type { PageCacheEntry } from './page-cache-store.ts';
import { attachPageCacheWireLane, readWireRequestHead, WIRE_MAX_HEAD_BYTES, WIRE_MAX_HEADER_LINES } from './page-cache-wire.ts';

const head = (...lines: string[]) => lines.join('\r\n');
const PLAIN = ['GET /fr/netflix-downloader?x=1 HTTP/1.1', 'Host: site.test', 'User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64)'];

describe('readWireRequestHead', () => {
  it('reads what the signature and the answer need, values trimmed like Node trims them', () => {
    expect(
      readWireRequestHead(
        head(
          ...PLAIN,
          'accept-language:  fr-FR ',
          'COOKIE: abPlanPrice=price_a',
          'Accept-Encoding: gzip, br',
          'If-None-Match: "e"',
          'Connection: Keep-Alive',
          'X-Other: anything',
        ),
      ),
    ).toEqual({
      method: 'GET',
      url: '/fr/netflix-downloader?x=1',
      host: 'site.test',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
      acceptLanguage: 'fr-FR',
      cookie: 'abPlanPrice=price_a',
      acceptEncoding: 'gzip, br',
      ifNoneMatch: '"e"',
    });
    expect(readWireRequestHead(head('HEAD / HTTP/1.1', 'Host: a'))?.method).toBe('HEAD');
  });

  it.each([
    ['a POST', head('POST / HTTP/1.1', 'Host: a')],
    ['HTTP/1.0', head('GET / HTTP/1.0', 'Host: a')],
    ['HTTP/2 prior knowledge', 'PRI * HTTP/2.0'],
    ['an absolute target', head('GET http://a/ HTTP/1.1', 'Host: a')],
    ['an asterisk target', head('OPTIONS * HTTP/1.1', 'Host: a')],
    ['a space in the target', head('GET /a b HTTP/1.1', 'Host: a')],
    ['no Host', head('GET / HTTP/1.1', 'Accept: */*')],
    ['two Hosts', head('GET / HTTP/1.1', 'Host: a', 'Host: b')],
    ['two cookies', head(...PLAIN, 'Cookie: a=1', 'Cookie: b=2')],
    ['a body length', head(...PLAIN, 'Content-Length: 0')],
    ['a chunked body', head(...PLAIN, 'Transfer-Encoding: chunked')],
    ['Expect', head(...PLAIN, 'Expect: 100-continue')],
    ['an upgrade', head(...PLAIN, 'Upgrade: websocket')],
    ['Connection: close', head(...PLAIN, 'Connection: close')],
    ['Connection: upgrade', head(...PLAIN, 'Connection: keep-alive, Upgrade')],
    ['a folded line', head(...PLAIN, 'X-A: 1', ' 2')],
    ['a bare LF', head(...PLAIN, 'X-A: 1\nX-B: 2')],
    ['a space before the colon', head(...PLAIN, 'Host : a')],
    ['a line without a colon', head(...PLAIN, 'nonsense')],
    ['a control character', head(...PLAIN, 'X-A: \u0001')],
    ['a byte above ASCII', head(...PLAIN, 'X-A: caf\u00e9')],
    ['a head over the limit', head(...PLAIN, `X-A: ${'a'.repeat(WIRE_MAX_HEAD_BYTES)}`)],
    ['too many header lines', head(...PLAIN, ...Array.from({ length: WIRE_MAX_HEADER_LINES }, (_, index) => `X-${index}: 1`))],
  ])('leaves %s to Node', (_name, text) => {
    expect(readWireRequestHead(text)).toBeNull();
  });
});

describe('serialiseResponse', () => {
  it("writes a response Node's own HTTP client reads back, header for header", async () => {
    const body = Buffer.from('<p>café</p>');
    const bytes = serialiseResponse({
      status: 200,
      headers: [
        'content-type',
        'text/html; charset=utf-8',
        'link',
        '</a.css>; rel=preload',
        'link',
        '</b.js>; rel=preload',
        'content-length',
        String(body.length),
      ],
      date: 'Tue, 24 Nov 2026 17:00:00 GMT',
      keepAliveS: 65,
      body,
    });
    const server = createNetServer((socket) => socket.once('data', () => socket.end(bytes)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status?: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: '/', agent: false }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
      expect(answer.status).toBe(200);
      expect(answer.headers).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        link: '</a.css>; rel=preload, </b.js>; rel=preload',
        date: 'Tue, 24 Nov 2026 17:00:00 GMT',
        connection: 'keep-alive',
        'keep-alive': 'timeout=65',
      });
      expect(answer.body.equals(body)).toBe(true);
    } finally {
      server.close();
    }
  });
});

describe('attachPageCacheWireLane', () => {
  it("answers hits on the wire, and ends its idle connections with the server's close", async () => {
    const entry: PageCacheEntry = { key: 'k', kind: 'document', body: '<p>page</p>', etag: '"e"', nonce: 'n', tags: [], storedAt: Date.now() };
    const snapshot = {};
    const fastPath = createPageCacheFastPath({
      peekFresh: () => entry,
      isLive: () => true,
      currentSnapshot: () => snapshot,
      countHit: () => undefined,
      maxBytes: 1_000_000,
      lifetimeMs: 60_000,
    });
    let rendered = 0;
    const server = createServer((req, res) => {
      rendered += 1;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('etag', entry.etag);
      fastPath.remember(req, res, snapshot, entry);
      res.end(entry.body);
    });
    const lane = attachPageCacheWireLane(server, { fastPath, onError: (error) => expect(error).toBeUndefined() });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const request = 'GET / HTTP/1.1\r\nHost: site.test\r\n\r\n';

    const first = connect(port, '127.0.0.1');
    first.on('data', () => undefined);
    await new Promise((resolve) => first.once('connect', resolve));
    first.write(request);
    await new Promise((resolve) => first.once('data', resolve));
    first.destroy();
    expect([rendered, lane.answered]).toEqual([1, 0]);

    const idle = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    idle.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise((resolve) => idle.once('close', resolve));
    idle.write(request);
    while (!Buffer.concat(received).includes('<p>page</p>')) await new Promise((resolve) => setTimeout(resolve, 10));
    expect([rendered, lane.answered, lane.connections]).toEqual([1, 1, 1]);

    // A client that sends its request and half-closes gets the answer, then the connection ends.
    const halfClosed = connect(port, '127.0.0.1');
    const halfReceived: Buffer[] = [];
    halfClosed.on('data', (chunk: Buffer) => halfReceived.push(chunk));
    const halfEnded = new Promise((resolve) => halfClosed.once('close', resolve));
    halfClosed.end(request);
    await halfEnded;
    expect(Buffer.concat(halfReceived).toString()).toContain('<p>page</p>');
    expect(lane.answered).toBe(2);

    const started = Date.now();
    await new Promise((resolve) => server.close(resolve));
    await closed;
    expect(Date.now() - started).toBeLessThan(1000);
    // The socket's own `close` comes a turn after the server's.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lane.connections).toBe(0);
  });
});

/** A server with the lane whose fast path remembers `entry` after its first render; `peekFresh` as given. */
async function startLaneServer(entry: PageCacheEntry, peekFresh: (key: string) => PageCacheEntry | undefined | Promise<PageCacheEntry | undefined>) {
  const snapshot = {};
  const fastPath = createPageCacheFastPath({
    peekFresh,
    isLive: () => true,
    currentSnapshot: () => snapshot,
    countHit: () => undefined,
    maxBytes: 100_000_000,
    lifetimeMs: 60_000,
  });
  const counts = { rendered: 0, errors: 0 };
  const server = createServer((req, res) => {
    counts.rendered += 1;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    fastPath.remember(req, res, snapshot, entry);
    res.end(entry.body);
  });
  const lane = attachPageCacheWireLane(server, { fastPath, onError: () => (counts.errors += 1) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The first request renders and is remembered.
  await new Promise<void>((resolve, reject) =>
    get({ host: '127.0.0.1', port, path: '/', agent: false }, (response) => response.resume().on('end', resolve)).on('error', reject),
  );
  return { server, lane, port, counts };
}

/** The request of the first render (Node's client names the port in `Host`), which the lane may answer. */
const requestOn = (port: number) => `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends one request and half-closes; resolves with everything received once the server ended the connection. */
async function requestAndEnd(port: number): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.end(requestOn(port));
  await closed;
  return Buffer.concat(received).toString();
}

describe('the wire lane under a client that misbehaves', () => {
  it('reads no more requests from a client that does not read its answers', async () => {
    const entry: PageCacheEntry = {
      key: 'k',
      kind: 'document',
      body: 'x'.repeat(256 * 1024),
      etag: '"e"',
      nonce: '',
      tags: [],
      storedAt: Date.now(),
    };
    const { server, lane, port } = await startLaneServer(entry, () => entry);
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.pause();
    socket.setNoDelay(true);
    // One request per write (no Nagle), so that each arrives on its own.
    for (let sent = 0; sent < 300; sent += 1) {
      socket.write(requestOn(port));
      await pause(2);
    }
    await pause(300);
    // The kernel's buffers take a few answers; the lane then waits for the client instead of queueing 300.
    expect(lane.answered).toBeGreaterThan(0);
    expect(lane.answered).toBeLessThan(60);
    socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('hands a request over to Node when the store fails, and passes on the end the client sent meanwhile', async () => {
    const entry: PageCacheEntry = { key: 'k', kind: 'document', body: '<p>page</p>', etag: '"e"', nonce: '', tags: [], storedAt: Date.now() };
    let failing = false;
    const { server, lane, port, counts } = await startLaneServer(entry, () =>
      failing ? pause(50).then(() => Promise.reject(new Error('store down'))) : entry,
    );
    failing = true;
    expect(await requestAndEnd(port)).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*<p>page<\/p>$/);
    expect([counts.rendered, lane.answered, counts.errors]).toEqual([2, 0, 0]);
    failing = false;
    expect(await requestAndEnd(port)).toContain('<p>page</p>');
    expect(lane.answered).toBe(1);
    await new Promise((resolve) => server.close(resolve));
  });
});
