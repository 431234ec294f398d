import { randomBytes } from 'node:crypto';
import { lookup as lookupHost, type LookupAddress } from 'node:dns';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { Agent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { HostContext } from '@reelkeep/platform/host-context';
import { isPublicAddress } from '@reelkeep/shared-contracts/public-address';
import { isAllowedPushEndpoint, type PushServiceOrigin } from './push-endpoint-rules.ts';
import type { PushServiceAnswer } from './push-rules.ts';
import type { SiteSettings } from './settings.ts';

/** A VAPID key pair (RFC 8292), base64url as `web-push` reads it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** File of the generated key pair in the site squad's state folder. */
const VAPID_KEYS_FILE = 'vapid-keys.json';
const storedKeysSchema = z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/), privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/**
 * The VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else a pair generated once and kept in the squad's
 * state folder (like the account squad's auth secret), so every version and restart signs with the same
 * pair and the browsers' subscriptions stay valid. Several instances need the keys set.
 */
export async function resolveVapidKeys(context: Pick<HostContext<SiteSettings>, 'settings' | 'logger' | 'stateDir'>): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = context.settings;
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY) return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY };
  const file = path.join(context.stateDir, VAPID_KEYS_FILE);
  const stored = await readFile(file, 'utf8').then(
    (text) => storedKeysSchema.safeParse(JSON.parse(text)),
    () => null,
  );
  if (stored?.success) return stored.data;
  const keys = webpush.generateVAPIDKeys();
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(keys), { mode: 0o600 });
  context.logger.warn('VAPID keys are not set: generated a pair in the state folder (set them when several instances serve the site)', { file });
  return keys;
}

/** One stored subscription as the push service needs it. */
export interface PushTarget {
  endpoint: string;
  auth: string;
  p256dh: string;
}

/** Sends one encrypted message to one subscription and reports what the push service answered. */
export type PushSender = (target: PushTarget, payload: string) => Promise<PushServiceAnswer>;

/** Seconds a push service keeps a message for a browser that is offline. */
const PUSH_TTL_S = 24 * 3600;
/** docs/push.md "Sending": one delivery's whole attempt (look-up, connection, answer) ends after this. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** Connections one sender keeps open to the push services (kept alive between deliveries). */
const PUSH_MAX_SOCKETS = 32;

/** Thrown by the sender's look-up when a push service's host resolves to an address that is not public. */
class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
}

/** Resolves a host name to every address it has (the system resolver by default). */
export type ResolveHost = (hostname: string, family: 0 | 4 | 6) => Promise<LookupAddress[]>;

const resolveWithSystem: ResolveHost = (hostname, family) =>
  new Promise((resolve, reject) => lookupHost(hostname, { all: true, family }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * The look-up of the sender's connections (docs/security.md "Requests the site makes"): it runs when the
 * connection is made, so the address checked is the address connected to, and a name that answered a public
 * address at registration and a private one now (DNS rebinding) is still refused. One address that is not
 * allowed refuses the host.
 */
function createCheckedLookup(resolveHost: ResolveHost, isAllowedAddress: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    resolveHost(hostname, family).then(
      (addresses) => {
        const refused = addresses.find((entry) => !isAllowedAddress(entry.address));
        if (refused || addresses.length === 0) {
          callback(new RefusedAddressError(`${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`), '', 0);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** Where a sender may send, and what a test changes. */
export interface WebPushSenderOptions {
  keys: VapidKeys;
  subject: string;
  /** PUSH_SERVICE_ORIGINS: an endpoint elsewhere is refused without a connection. */
  serviceOrigins: readonly PushServiceOrigin[];
  /** Which resolved addresses may be connected to: public ones only, unless a test lets its local stand-in in. */
  isAllowedAddress?: (address: string) => boolean;
  /** Tests resolve names to the addresses they choose. */
  resolveHost?: ResolveHost;
  /** A certificate to trust besides the system's (a test's local push service). */
  ca?: Buffer;
  timeoutMs?: number;
}

/**
 * The `web-push` library as a sender: RFC 8291 `aes128gcm` encryption, RFC 8292 VAPID. An endpoint outside the
 * allow-list, or whose host is (or resolves to) an address that is not public, is refused without a
 * connection; an attempt that has no answer after `timeoutMs` counts as unreachable.
 */
export function createWebPushSender(options: WebPushSenderOptions): PushSender {
  const isAllowedAddress = options.isAllowedAddress ?? isPublicAddress;
  const timeoutMs = options.timeoutMs ?? PUSH_SEND_TIMEOUT_MS;
  const agent = new Agent({
    keepAlive: true,
    maxSockets: PUSH_MAX_SOCKETS,
    lookup: createCheckedLookup(options.resolveHost ?? resolveWithSystem, isAllowedAddress),
    ...(options.ca ? { ca: options.ca } : {}),
  });
  const send = async (target: PushTarget, payload: string): Promise<PushServiceAnswer> => {
    try {
      const result = await webpush.sendNotification({ endpoint: target.endpoint, keys: { auth: target.auth, p256dh: target.p256dh } }, payload, {
        vapidDetails: { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
        contentEncoding: 'aes128gcm',
        TTL: PUSH_TTL_S,
        // An idle socket is closed at the same time the attempt gives up on it.
        timeout: timeoutMs,
        agent,
      });
      return { status: result.statusCode };
    } catch (error) {
      if (error instanceof RefusedAddressError) return { status: 0, refused: error.message };
      if (error instanceof webpush.WebPushError) {
        const retryAfter = Number(error.headers['retry-after']);
        return { status: error.statusCode, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
      }
      return { status: 0 };
    }
  };
  return async (target, payload) => {
    if (!isAllowedPushEndpoint(target.endpoint, options.serviceOrigins)) return { status: 0, refused: 'not at an allowed push service' };
    // A connection to an IP address skips the look-up: the address is checked here instead.
    const host = new URL(target.endpoint).hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0 && !isAllowedAddress(host)) return { status: 0, refused: `${host} is not a public address` };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<PushServiceAnswer>((resolve) => {
      timer = setTimeout(() => resolve({ status: 0 }), timeoutMs);
    });
    try {
      return await Promise.race([send(target, payload), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** An unguessable delivery id (the worker reports with it, so nobody can count for another's delivery). */
export function createDeliveryToken(): string {
  return randomBytes(18).toString('base64url');
}
