import { openNotificationTarget, toSiteTarget, type SiteWindow } from './notification-target.ts';
import { notificationPayloadSchema, type NotificationPayload } from '@reelkeep/shared-contracts/push';
import { PUSH_EVENT_ENDPOINT } from '@reelkeep/shared-contracts/push-contract';

/**
 * The web push service worker (docs/push.md "The service worker"), served at /webpush/sw.js with the scope
 * /webpush/: it controls no page of the site and caches nothing; it only shows the notifications the
 * shell's API sends, opens their target on a click, and reports both.
 */

/** The parts of the service worker scope this worker uses (the DOM library the project compiles with lacks them). */
interface WaitUntilEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushMessageEvent extends WaitUntilEvent {
  readonly data: { text(): string } | null;
}
interface NotificationClickEvent extends WaitUntilEvent {
  readonly notification: Notification;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly SiteWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: WaitUntilEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushMessageEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
}

const worker = globalThis as unknown as WorkerScope;

/** What a notification keeps for its click. */
interface ShownNotification {
  url: string;
  delivery: string;
}

function report(delivery: string, kind: 'delivered' | 'clicked'): Promise<unknown> {
  return fetch(PUSH_EVENT_ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ delivery, kind }),
    keepalive: true,
  }).catch(() => undefined);
}

function readPayload(event: PushMessageEvent): NotificationPayload | null {
  try {
    const parsed = notificationPayloadSchema.safeParse(JSON.parse(event.data?.text() ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));

worker.addEventListener('push', (event) => {
  const payload = readPayload(event);
  if (!payload) return;
  const data: ShownNotification = { url: toSiteTarget(payload.url, worker.location.origin), delivery: payload.delivery };
  event.waitUntil(
    worker.registration
      .showNotification(payload.title, {
        body: payload.body,
        icon: payload.icon,
        tag: payload.delivery,
        data,
        ...(payload.image ? { image: payload.image } : {}),
      } as NotificationOptions)
      .then(() => report(payload.delivery, 'delivered')),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as Partial<ShownNotification> | null;
  const url = toSiteTarget(data?.url, worker.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      await openNotificationTarget(url, windows, (target) => worker.clients.openWindow(target));
      if (typeof data?.delivery === 'string') await report(data.delivery, 'clicked');
    })(),
  );
});
