import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A local push service for the suites, speaking the Web Push protocol as a browser vendor's service does:
 * RFC 8030 (a POST per message to the subscription's endpoint, `TTL`, 201 Created), RFC 8292 (a VAPID JWT it
 * verifies against the key in the header) and RFC 8291 (an `aes128gcm` body it decrypts with the
 * subscription's private key and auth secret, which only this test holds). Each endpoint answers from a
 * script (201 by default; 404, 410, 429, 500 as a test asks).
 */

/** A browser's subscription as the test holds it: the public part goes to the site, the private key stays here. */
export interface TestSubscription {
  endpoint: string;
  auth: string;
  p256dh: string;
  privateKey: Buffer;
}

/** One message the service received and opened. */
export interface ReceivedPush {
  endpoint: string;
  status: number;
  ttl: string | null;
  vapidSubject: string;
  plaintext: string;
}

const b64url = (value: Buffer) => value.toString('base64url');

/** Decrypts an RFC 8291 `aes128gcm` body with the receiver's private key, public key and auth secret. */
export function decryptAes128gcm(body: Buffer, receiver: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(receiver.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, receiver.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the RFC 8292 `vapid t=…, k=…` header: an ES256 JWT for the endpoint's origin, signed by key k; returns its subject. */
function verifyVapid(header: string | undefined, endpointOrigin: string): string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [signingInput, signature] = [match[1]!.split('.').slice(0, 2).join('.'), match[1]!.split('.')[2]!];
  const point = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  if (!verify('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')))
    throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(match[1]!.split('.')[1]!, 'base64url').toString('utf8')) as { aud?: unknown; sub?: unknown; exp?: unknown };
  if (claims.aud !== endpointOrigin) throw new Error(`VAPID audience ${String(claims.aud)} is not ${endpointOrigin}`);
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return String(claims.sub);
}

/** Starts the service on a random port with a self-signed certificate (`cert`, for a sender to trust). */
export async function startTestPushService() {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  const keys = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  const scripts = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const failures: string[] = [];
  const requested: string[] = [];
  const silent = new Set<string>();
  const server = createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const endpoint = `${origin}${req.url}`;
      requested.push(endpoint);
      // A silent endpoint takes the message and never answers (the connection stays open).
      if (silent.has(endpoint)) return;
      const receiver = keys.get(endpoint);
      if (req.method !== 'POST' || !receiver) {
        res.writeHead(404).end();
        return;
      }
      const status = scripts.get(endpoint)?.shift() ?? 201;
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const vapidSubject = verifyVapid(req.headers.authorization, origin);
        const plaintext = decryptAes128gcm(Buffer.concat(chunks), receiver);
        received.push({ endpoint, status, ttl: req.headers.ttl === undefined ? null : String(req.headers.ttl), vapidSubject, plaintext });
      } catch (error) {
        failures.push(String(error));
        res.writeHead(400).end();
        return;
      }
      res.writeHead(status, status === 429 ? { 'retry-after': '1' } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** A new browser subscription at this service; `answers` are the statuses its next messages get. */
  const subscribe = (answers: number[] = []): TestSubscription => {
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${origin}/push/${randomBytes(8).toString('hex')}`;
    keys.set(endpoint, { privateKey: ecdh.getPrivateKey(), publicKey, auth });
    scripts.set(endpoint, [...answers]);
    return { endpoint, auth: b64url(auth), p256dh: b64url(publicKey), privateKey: ecdh.getPrivateKey() };
  };
  return {
    origin,
    /** The service's self-signed certificate, for a sender to trust. */
    cert,
    received,
    /** Every endpoint a request reached, answered or not, in order. */
    requested,
    /** Messages the service refused because they did not decrypt or verify. */
    failures,
    subscribe,
    /** A subscription whose endpoint takes every message and never answers. */
    subscribeSilent(): TestSubscription {
      const subscription = subscribe();
      silent.add(subscription.endpoint);
      return subscription;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
