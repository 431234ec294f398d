import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Agent } from 'node:https';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { HostContext } from '@reelkeep/platform/host-context';
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
const PUSH_REQUEST_TIMEOUT_MS = 10_000;

/**
 * The `web-push` library as a sender: RFC 8291 `aes128gcm` encryption, RFC 8292 VAPID. `agent` lets a test
 * trust its local push service's certificate.
 */
export function createWebPushSender(options: { keys: VapidKeys; subject: string; agent?: Agent }): PushSender {
  return async (target, payload) => {
    try {
      const result = await webpush.sendNotification({ endpoint: target.endpoint, keys: { auth: target.auth, p256dh: target.p256dh } }, payload, {
        vapidDetails: { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
        contentEncoding: 'aes128gcm',
        TTL: PUSH_TTL_S,
        timeout: PUSH_REQUEST_TIMEOUT_MS,
        ...(options.agent ? { agent: options.agent } : {}),
      });
      return { status: result.statusCode };
    } catch (error) {
      if (error instanceof webpush.WebPushError) {
        const retryAfter = Number(error.headers['retry-after']);
        return { status: error.statusCode, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
      }
      return { status: 0 };
    }
  };
}

/** An unguessable delivery id (the worker reports with it, so nobody can count for another's delivery). */
export function createDeliveryToken(): string {
  return randomBytes(18).toString('base64url');
}
