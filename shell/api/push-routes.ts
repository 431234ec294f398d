import {
  CLIENT_IP_HEADER,
  isSecureSite,
  oncePerContext,
  PUSH_COOKIE,
  PUSH_COOKIE_MAX_AGE_S,
  PUSH_ONLINE_COOKIE,
  PUSH_EVENT_ENDPOINT,
  PUSH_KEY_ENDPOINT,
  PUSH_REGISTER_ENDPOINT,
  PUSH_UNSUBSCRIBE_ENDPOINT,
  pushEventInput,
  pushMessageQuery,
  pushSendInput,
  pushSubscriptionInput,
  pushUnsubscribeInput,
  readInput,
  readSignedInUser,
  readSubmittedLocale,
  toLocalePrefix,
  type Locale,
  respondJson,
  serialiseCookie,
  type InputResult,
} from '@reelkeep/shared-contracts';
import type { ApiRoute, HostContext } from '@reelkeep/platform/host-context';
import { isAllowedPushEndpoint } from './push-endpoint-rules.ts';
import { readPushMessageProgress, recordPushEvent } from './push-progress.ts';
import { drainPushQueue, enqueuePushMessage } from './push-queue.ts';
import { classifyDeviceOs, type PushDictionary } from './push-rules.ts';
import { createWebPushSender, resolveVapidKeys, type PushSender } from './push-sender.ts';
import type { SiteSettings } from './settings.ts';

/** The operator's push endpoints (an API key or console session: `push:send` to send, `push:read` to follow). */
export const PUSH_ADMIN_ENDPOINT = '/api/site/admin/push/messages';
/** PUSH_RATE_LIMIT subscriptions per address in this window. */
const PUSH_WINDOW_MS = 10 * 60_000;

const pushLimiter = oncePerContext((context: HostContext<SiteSettings>) =>
  context.createRateLimiter('push-subscribe', context.settings.PUSH_RATE_LIMIT, PUSH_WINDOW_MS),
);

/** The VAPID keys and sender of a loaded version (one pair for all its requests). */
const pushServices = oncePerContext(async (context: HostContext<SiteSettings>) => {
  const keys = await resolveVapidKeys(context);
  const subject = context.settings.VAPID_SUBJECT ?? `mailto:${context.site.CONTACT_EMAIL}`;
  return { keys, send: createWebPushSender({ keys, subject, serviceOrigins: context.settings.PUSH_SERVICE_ORIGINS }) };
});

/** Names the first bad field and why, for a 400 the page (or an operator) can read. */
function describeProblems(input: Extract<InputResult<unknown>, { ok: false }>): string {
  const [field, problem] = Object.entries(input.problems)[0] ?? ['body', 'invalid'];
  return `${field}: ${problem}`;
}

/** Loads the `push` namespace of a locale for the notification texts. */
function loadPushDictionary(context: HostContext<SiteSettings>) {
  return async (locale: Parameters<HostContext['loadTranslations']>[0]): Promise<PushDictionary> =>
    (await context.loadTranslations(locale, ['push'])).push ?? {};
}

/** What a test changes in a drainer: its sender, the first retry wait, the deliveries in flight at once. */
export interface PushDrainerOptions {
  send?: PushSender;
  retryBaseMs?: number;
  concurrency?: number;
}

/**
 * Drains the queue in the background of this instance; one drain at a time per loaded version (a second
 * call while one runs is folded into it). `stop` ends it for good (the version stops: docs/push.md "Sending").
 * Tests hand their own sender.
 */
export function createPushDrainer(context: HostContext<SiteSettings>, options: PushDrainerOptions = {}) {
  let running: Promise<void> | null = null;
  let again = false;
  const stopping = new AbortController();
  const run = async (): Promise<void> => {
    const sender = options.send ?? (await pushServices(context)).send;
    do {
      again = false;
      await drainPushQueue({
        db: context.db,
        logger: context.logger,
        send: sender,
        siteUrl: context.site.SITE_URL,
        loadDictionary: loadPushDictionary(context),
        signal: stopping.signal,
        ...(options.retryBaseMs !== undefined ? { retryBaseMs: options.retryBaseMs } : {}),
        ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      });
    } while (again && !stopping.signal.aborted);
  };
  const drain = (): Promise<void> => {
    if (stopping.signal.aborted) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .catch((error: unknown) => context.logger.error('push queue drain failed', { error }))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return Object.assign(drain, {
    /** Ends the drain: deliveries in flight finish, claimed ones not sent are due again at once for another instance. */
    async stop(): Promise<void> {
      stopping.abort();
      await running;
    },
  });
}

const drainers = new WeakMap<HostContext<SiteSettings>, ReturnType<typeof createPushDrainer>>();
/** The drainer of a loaded version (its `start` resumes what a restart interrupted, its `stop` ends it). */
export function drainPushQueueOf(context: HostContext<SiteSettings>): ReturnType<typeof createPushDrainer> {
  if (!drainers.has(context)) drainers.set(context, createPushDrainer(context));
  return drainers.get(context)!;
}

/** The web push routes: the key, subscribe (`/sub/register`: docs/push.md "Subscription payload"), unsubscribe, the worker's reports and the operator's API. */
export function createPushRoutes(options: { drain?: (context: HostContext<SiteSettings>) => () => Promise<void> } = {}): ApiRoute<SiteSettings>[] {
  const drainOf = options.drain ?? drainPushQueueOf;
  return [
    {
      method: 'GET',
      path: PUSH_KEY_ENDPOINT,
      async handle(_request, context) {
        const { keys } = await pushServices(context);
        return respondJson({ cscode: 200, publicKey: keys.publicKey }, 200, { 'cache-control': 'no-store' });
      },
    },
    {
      method: 'POST',
      path: PUSH_REGISTER_ENDPOINT,
      maxBodyBytes: 8 * 1024,
      async handle(request, context) {
        const limit = await pushLimiter(context).hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
        if (!limit.allowed)
          return respondJson({ code: 429, reason: 'too many subscriptions' }, 429, { 'retry-after': String(limit.retryAfterSeconds) });
        const input = await readInput(request, pushSubscriptionInput);
        if (!input.ok) return respondJson({ code: 400, reason: describeProblems(input) }, 400);
        const data = input.data;
        // docs/push.md "Push services": only the browsers' push services, never an address of ours.
        if (!isAllowedPushEndpoint(data.endpoint, context.settings.PUSH_SERVICE_ORIGINS))
          return respondJson({ code: 400, reason: 'endpoint: not a push service' }, 400);
        const user = await readSignedInUser(request, context.fetchApi);
        await context.db.query(
          `INSERT INTO site.push_subscriptions
             (endpoint, auth_secret, p256dh_key, locale, os, device_model, app_id, browser, browser_version, utc_offset_s, campaign, user_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           ON CONFLICT (endpoint) DO UPDATE SET auth_secret = EXCLUDED.auth_secret, p256dh_key = EXCLUDED.p256dh_key,
             locale = EXCLUDED.locale, os = EXCLUDED.os, device_model = EXCLUDED.device_model, app_id = EXCLUDED.app_id,
             browser = EXCLUDED.browser, browser_version = EXCLUDED.browser_version, utc_offset_s = EXCLUDED.utc_offset_s,
             campaign = coalesce(EXCLUDED.campaign, site.push_subscriptions.campaign),
             user_id = coalesce(EXCLUDED.user_id, site.push_subscriptions.user_id), last_seen_at = now()`,
          [
            data.endpoint,
            data.auth,
            data.pdhkey,
            data.language,
            classifyDeviceOs(data.device_model),
            data.device_model,
            data.app_id,
            data.explorer,
            data.explorer_version,
            data.diff_time,
            data.campaign ?? null,
            user?.id ?? null,
          ],
        );
        const cookieOptions = { maxAgeS: PUSH_COOKIE_MAX_AGE_S, secure: isSecureSite(context.site.SITE_URL) };
        const answer = respondJson({ code: 200 }, 200, { 'cache-control': 'no-store' });
        answer.headers.append('set-cookie', serialiseCookie(PUSH_COOKIE, 'subscribed', cookieOptions));
        // docs/push.md "Subscription payload": the spec's "code 200 marks the user online", for the push cookie's lifetime.
        answer.headers.append('set-cookie', serialiseCookie(PUSH_ONLINE_COOKIE, '1', cookieOptions));
        return answer;
      },
    },
    {
      method: 'POST',
      path: PUSH_UNSUBSCRIBE_ENDPOINT,
      async handle(request, context) {
        const input = await readInput(request, pushUnsubscribeInput);
        // My account's form without JavaScript comes back to its section.
        const backToAccount = (locale: Locale) =>
          new Response(null, { status: 303, headers: { location: `${toLocalePrefix(locale)}/my-account#push` } });
        if (!input.ok)
          return input.isForm ? backToAccount(readSubmittedLocale(input)) : respondJson({ cscode: 400, reason: describeProblems(input) }, 400);
        const user = input.data.all ? await readSignedInUser(request, context.fetchApi) : null;
        if (input.data.all && !user) return input.isForm ? backToAccount(input.data.locale) : respondJson({ cscode: 401 }, 401);
        if (!input.data.endpoint && !user) return respondJson({ cscode: 400, reason: 'endpoint: empty' }, 400);
        const removed = await context.db.query(
          `DELETE FROM site.push_subscriptions WHERE endpoint = $1 OR ($2::text IS NOT NULL AND user_id = $2) RETURNING id`,
          [input.data.endpoint ?? null, user?.id ?? null],
        );
        if (input.isForm) return backToAccount(input.data.locale);
        return respondJson({ cscode: 200, removed: removed.length }, 200, { 'cache-control': 'no-store' });
      },
    },
    {
      method: 'POST',
      path: PUSH_EVENT_ENDPOINT,
      maxBodyBytes: 1024,
      async handle(request, context) {
        const input = await readInput(request, pushEventInput);
        if (!input.ok) return respondJson({ cscode: 400, reason: describeProblems(input) }, 400);
        const known = await recordPushEvent(context.db, input.data.delivery, input.data.kind);
        return respondJson({ cscode: known ? 200 : 404 }, known ? 200 : 404);
      },
    },
    {
      method: 'POST',
      path: PUSH_ADMIN_ENDPOINT,
      async handle(request, context) {
        const refusal = await context.authorise(request, { resource: 'push', action: 'send' });
        if (refusal) return refusal;
        const input = await readInput(request, pushSendInput);
        if (!input.ok) return respondJson({ error: `bad message: ${describeProblems(input)}`, problems: input.problems }, 400);
        const queued = await enqueuePushMessage(context.db, input.data);
        void drainOf(context)();
        context.logger.info('push message queued', { id: queued.id, message: input.data.message, recipients: queued.recipients });
        return respondJson(queued, 202, { 'cache-control': 'no-store' });
      },
    },
    {
      method: 'GET',
      path: PUSH_ADMIN_ENDPOINT,
      async handle(request, context) {
        const refusal = await context.authorise(request, { resource: 'push', action: 'read' });
        if (refusal) return refusal;
        const input = await readInput(request, pushMessageQuery);
        if (!input.ok) return respondJson({ error: `bad query: ${describeProblems(input)}`, problems: input.problems }, 400);
        const progress = await readPushMessageProgress(context.db, input.data.id);
        return progress ? respondJson(progress, 200, { 'cache-control': 'no-store' }) : respondJson({ error: 'no such message' }, 404);
      },
    },
  ];
}
