import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  CLIENT_IP_HEADER,
  oncePerContext,
  readInput,
  readSignedInUser,
  respondJson,
  trackingAdminQuery,
  trackingDataSchema,
  trackingEnvelopeSchema,
  serverTrackingEventInput,
  TRACKING_ENVELOPE_MAX_CHARS,
  decodeTrackingData,
  findEventReportEntry,
  toReportOptionId,
  IDENTIFYING_FIELDS,
  readConsent,
  readCookie,
  redactTrackedUrl,
  TRACKING_ENDPOINT,
  TRACKING_EVENTS,
  TRACKING_INTERNAL_ENDPOINT,
  type TrackingAnswer,
  type TrackingData,
  type TrackingReportEntry,
} from '@reelkeep/shared-contracts';
import type { ApiRoute, Database, HostContext, Logger } from '@reelkeep/platform/host-context';
import type { SiteSettings } from './settings.ts';

/** `GET` with an API key or console session holding `analytics:read`: the latest events (`?event=…&limit=…`) and 24-hour counts. */
export const TRACKING_ADMIN_ENDPOINT = '/api/site/admin/tracking';
const ADMIN_DEFAULT_LIMIT = 50;
const ADMIN_MAX_LIMIT = 500;
/** TRACKING_RATE_LIMIT events per address in this window. */
const TRACKING_WINDOW_MS = 60_000;
/** `_SID` is server-set, 30 minutes by default (docs/tracking.md "Tracking cookies"). */
const DEFAULT_SESSION_MS = 30 * 60_000;
/** Identifiers the server issues and the SDK sends back: opaque, URL-safe. */
const OPAQUE_ID = /^[\w-]{8,64}$/;

/** The visitor's consent as this request states it: the cookie, overruled by Global Privacy Control. */
export function requestConsent(request: Request): boolean {
  return request.headers.get('sec-gpc') !== '1' && readConsent(request.headers.get('cookie')) === 'granted';
}

export interface TrackingStoreOptions {
  db: Database;
  logger: Logger;
  /** How long a tracking session (`s_id`) lasts after its last event. */
  sessionMs?: number;
  now?: () => number;
}

/** What is recorded of one event, after validation. */
export interface TrackedEvent {
  data: TrackingData;
  uploadId: string;
  consent: boolean;
  /** The visitor's `_EA_GUID`; stored only with consent. */
  visitorId: string | null;
  signedIn: boolean;
  source: 'send_beacon' | 'axios' | 'server';
}

/** Drops identifying fields without consent and personal query parameters always. */
function sanitise(data: TrackingData, consent: boolean): TrackingData {
  const clean: TrackingData = { ...data };
  if (!consent) for (const field of IDENTIFYING_FIELDS) delete clean[field];
  for (const field of ['url', 'referer_url', 'event_target'] as const) if (clean[field]) clean[field] = redactTrackedUrl(clean[field]);
  if (clean.install?.download_url) clean.install = { ...clean.install, download_url: redactTrackedUrl(clean.install.download_url) };
  return clean;
}

/**
 * docs/tracking.md "Report entries": an event whose link names a plan (a buy click) is stored with the plan's report
 * entry, looked up by pid, and the plan's option id and product in `pids` and `products` when the event had none.
 */
export function addReportEntry(data: TrackingData): TrackingData & { report?: TrackingReportEntry } {
  const report = findEventReportEntry(data.event_target);
  if (!report) return data;
  return {
    ...data,
    report,
    pids: data.pids?.length ? data.pids : [toReportOptionId(report)],
    products: data.products?.length ? data.products : [report.name],
  };
}

/** Stores events once per upload id and answers the spec's identifiers. */
export function createTrackingStore({ db, logger, sessionMs = DEFAULT_SESSION_MS, now = Date.now }: TrackingStoreOptions) {
  async function record(event: TrackedEvent): Promise<TrackingAnswer> {
    const data = addReportEntry(sanitise(event.data, event.consent));
    const sessionId = event.consent ? (data.s_id && OPAQUE_ID.test(data.s_id) ? data.s_id : randomUUID()) : null;
    const [inserted] = await db.query<{ id: string }>(
      `INSERT INTO platform.tracking_events (upload_id, event, event_category, event_label, event_target, url, referer_url, consent, visitor_id, session_id, signed_in, source, data)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (upload_id) DO NOTHING RETURNING id::text AS id`,
      [
        event.uploadId,
        data.event,
        data.event_category ?? null,
        data.event_label ?? null,
        data.event_target ?? null,
        data.url ?? null,
        data.referer_url ?? null,
        event.consent,
        event.consent ? event.visitorId : null,
        sessionId,
        event.signedIn,
        event.source,
        JSON.stringify(data),
      ],
    );
    // A beacon sent twice (same data, same upload id) is one event with one doc id.
    const docId =
      inserted?.id ??
      (await db.query<{ id: string }>(`SELECT id::text AS id FROM platform.tracking_events WHERE upload_id = $1`, [event.uploadId]))[0]?.id;
    if (!docId) logger.warn('tracking event neither stored nor found', { uploadId: event.uploadId });
    const answer: TrackingAnswer['data'] = { doc_id: docId ?? '', visit_timestamp: now() };
    if (event.consent) {
      answer.tmp_token_id = data.tmp_token_id && OPAQUE_ID.test(data.tmp_token_id) ? data.tmp_token_id : randomUUID();
      answer.s_id = sessionId!;
      answer.s_expiration = now() + sessionMs;
    }
    return { cscode: 0, data: answer };
  }
  return { record };
}

export type TrackingStore = ReturnType<typeof createTrackingStore>;

/** Reads the posted envelope: JSON by beacon, or the same text posted as text/html (docs/tracking.md "Envelope"). */
async function readEnvelope(request: Request): Promise<z.infer<typeof trackingEnvelopeSchema> | null> {
  const text = await request.text().catch(() => '');
  if (text.length === 0 || text.length > TRACKING_ENVELOPE_MAX_CHARS) return null;
  try {
    const parsed = trackingEnvelopeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function refuse(status: number, cscode: number, message: string, headers: Record<string, string> = {}): Response {
  return respondJson({ cscode, message } satisfies TrackingAnswer, status, { 'cache-control': 'no-store', ...headers });
}

/**
 * `POST /api/site/track` (the SDK) and `POST /api/site/internal/track` (squads' servers, with the visitor's
 * cookie header). Failures answer a non-zero `cscode`; the SDK ignores them (docs/tracking.md "Failures are ignored").
 */
export function createTrackingRoutes(options: { now?: () => number } = {}): ApiRoute<SiteSettings>[] {
  const storeFor = oncePerContext((context: HostContext<SiteSettings>): TrackingStore =>
    createTrackingStore({ db: context.db, logger: context.logger, sessionMs: context.settings.TRACKING_SESSION_MIN * 60_000, ...options }),
  );
  const limiterFor = oncePerContext((context: HostContext<SiteSettings>) =>
    context.createRateLimiter('tracking', context.settings.TRACKING_RATE_LIMIT, TRACKING_WINDOW_MS),
  );

  const browserRoute: ApiRoute<SiteSettings> = {
    method: 'POST',
    path: TRACKING_ENDPOINT,
    // An envelope is a few hundred bytes; the gateway refuses anything far larger before reading it.
    maxBodyBytes: TRACKING_ENVELOPE_MAX_CHARS * 4,
    async handle(request, context) {
      const limit = await limiterFor(context).hit(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
      if (!limit.allowed) return refuse(429, 429, 'too many events', { 'retry-after': String(limit.retryAfterSeconds) });
      const envelope = await readEnvelope(request);
      if (!envelope) return refuse(400, 400, 'not a tracking envelope');
      const parsed = trackingDataSchema.safeParse(decodeTrackingData(envelope));
      if (!parsed.success) return refuse(400, 400, `invalid tracking data: ${parsed.error.issues[0]?.path.join('.') || 'event'}`);
      const consent = requestConsent(request);
      const guid = envelope.upload_id.slice(0, envelope.upload_id.lastIndexOf('-'));
      const signedIn = (await readSignedInUser(request, context.fetchApi)) !== null;
      const source = parsed.data.xargs_request_type === 'axios' ? 'axios' : 'send_beacon';
      return respondJson(
        await storeFor(context).record({
          data: parsed.data,
          uploadId: envelope.upload_id,
          consent,
          visitorId: OPAQUE_ID.test(guid) ? guid : null,
          signedIn,
          source,
        }),
        200,
        { 'cache-control': 'no-store' },
      );
    },
  };

  const internalRoute: ApiRoute<SiteSettings> = {
    method: 'POST',
    path: TRACKING_INTERNAL_ENDPOINT,
    async handle(request, context) {
      const parsed = serverTrackingEventInput.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return refuse(400, 400, 'invalid tracking data');
      const cookie = request.headers.get('cookie') ?? '';
      return respondJson(
        await storeFor(context).record({
          data: { ...parsed.data.data, xargs_request_type: 'server' },
          uploadId: `server-${randomUUID()}`,
          consent: requestConsent(request),
          visitorId:
            [readCookie(cookie, '_EA_GUID'), readCookie(cookie, '_T_EA_GUID')].find((guid) => guid !== undefined && OPAQUE_ID.test(guid)) ?? null,
          signedIn: parsed.data.signedIn === true,
          source: 'server',
        }),
      );
    },
  };
  const adminRoute: ApiRoute<SiteSettings> = {
    method: 'GET',
    path: TRACKING_ADMIN_ENDPOINT,
    async handle(request, { db, authorise }) {
      const refusal = await authorise(request, { resource: 'analytics', action: 'read' });
      if (refusal) return refusal;
      const input = await readInput(request, trackingAdminQuery);
      if (!input.ok)
        return respondJson(
          { error: `bad query: event is one of ${TRACKING_EVENTS.join(', ')}, limit 1 to ${ADMIN_MAX_LIMIT}`, problems: input.problems },
          400,
        );
      const event = input.data.event ?? null;
      const limit = input.data.limit ?? ADMIN_DEFAULT_LIMIT;
      const [events, counts] = await Promise.all([
        db.query(
          `SELECT id::text AS doc_id, received_at, event, event_category, event_label, event_target, url, referer_url, consent, visitor_id, session_id, signed_in, source
           FROM platform.tracking_events WHERE ($1::text IS NULL OR event = $1) ORDER BY id DESC LIMIT $2`,
          [event, limit],
        ),
        db.query<{ event: string; events: number; consented: number }>(
          `SELECT event, count(*)::int AS events, count(*) FILTER (WHERE consent)::int AS consented
           FROM platform.tracking_events WHERE received_at > now() - interval '24 hours' GROUP BY event ORDER BY event`,
        ),
      ]);
      return respondJson({ last24h: counts, events }, 200, { 'cache-control': 'no-store' });
    },
  };
  return [browserRoute, internalRoute, adminRoute];
}
