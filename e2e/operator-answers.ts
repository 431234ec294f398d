/**
 * Schemas of the answers journeys read that no page of the site reads (operator and admin routes, the desktop
 * app's token, the Google stand-in), so shared-contracts has none. Pages' answers are read with the schemas of
 * shared-contracts instead (docs/adr/0007-answer-schemas.md). Only the fields the journeys assert are named;
 * `looseObject` keeps the others, as the answers have them.
 */
import * as z from 'zod/mini';

/** `GET /admin/releases`: the instance, its live versions, its remotes' health and its squads' APIs. */
export const adminReleasesAnswerSchema = z.looseObject({
  startedAt: z.string(),
  pid: z.number(),
  live: z.record(z.string(), z.string()),
  remotes: z.array(z.looseObject({ name: z.string(), healthy: z.boolean() })),
  apis: z.array(
    z.looseObject({
      squad: z.string(),
      state: z.string(),
      error: z.optional(z.string()),
      // The routes each squad's live API serves (the route table of its release).
      routes: z.optional(z.array(z.looseObject({ method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']), path: z.string() }))),
    }),
  ),
});

/** `GET /admin/cache/keys`: the cached pages, each with its tags. */
export const cacheKeysAnswerSchema = z.looseObject({ keys: z.array(z.looseObject({ key: z.string(), tags: z.array(z.string()) })) });

/** `POST /admin/cache/clear`: how many pages a clear removed. */
export const cacheClearedAnswerSchema = z.looseObject({ deleted: z.number() });

/** `GET /admin/cache`: the page cache's store and counters. */
export const cacheStatsAnswerSchema = z.looseObject({
  store: z.string(),
  hits: z.number(),
  misses: z.number(),
  bypass: z.number(),
  entries: z.number(),
  bytes: z.number(),
});

/** `GET /api/campaign/admin/campaigns/<id>/audit`: what operators did to a campaign, oldest first. */
export const campaignAuditAnswerSchema = z.looseObject({ audit: z.array(z.looseObject({ action: z.string() })) });

/** `GET /api/account/auth/one-time-token/generate`: the token the desktop app signs in with. */
export const oneTimeTokenAnswerSchema = z.looseObject({ token: z.string() });

/** `GET /category/list`: the landing squad's review categories and their children. */
export const categoryListAnswerSchema = z.looseObject({
  cscode: z.number(),
  data: z.array(z.looseObject({ uid: z.string(), children: z.array(z.looseObject({ uid: z.string() })) })),
});

/** One event as `GET /api/site/admin/tracking` lists it. */
export const storedEventSchema = z.looseObject({
  event: z.string(),
  event_label: z.nullable(z.string()),
  event_target: z.nullable(z.string()),
  url: z.nullable(z.string()),
  referer_url: z.nullable(z.string()),
  consent: z.boolean(),
  visitor_id: z.nullable(z.string()),
  signed_in: z.boolean(),
  source: z.string(),
});
/** A tracked event as the operator sees it. */
export type StoredEvent = z.infer<typeof storedEventSchema>;

/** `GET /api/site/admin/tracking`: the latest events of a kind. */
export const trackingEventsAnswerSchema = z.looseObject({ events: z.array(storedEventSchema) });

/** The checkout offer's release note, which only the fixture release of the slices journey adds. */
export const offerReleaseNoteSchema = z.looseObject({ releaseNote: z.optional(z.string()) });

/** The Google stand-in's private key, a JSON Web Key. */
export const standInKeySchema = z.record(z.string(), z.string());

/** A JSON object whose fields the journey checks itself. */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

/** One variant's line of the experiments readout. */
const readoutVariantSchema = z.looseObject({ variant: z.string(), exposed: z.number(), checkouts: z.number(), orders: z.number() });

/** `GET /api/site/admin/experiments`: per experiment and variant, then per affiliate and ad, and the latest attributed orders. */
export const experimentsReadoutAnswerSchema = z.looseObject({
  experiments: z.array(z.looseObject({ experiment: z.string(), variants: z.array(readoutVariantSchema) })),
  affiliates: z.array(z.looseObject({ id: z.string(), orders: z.number(), revenueCents: z.number() })),
  ads: z.array(z.looseObject({ id: z.string(), orders: z.number() })),
  recentOrders: z.array(
    z.looseObject({
      id: z.string(),
      status: z.string(),
      affiliate: z.nullable(z.string()),
      ad: z.nullable(z.string()),
      experiments: z.record(z.string(), z.string()),
    }),
  ),
});
/** The experiments readout as journeys read it. */
export type ExperimentsReadoutAnswer = z.infer<typeof experimentsReadoutAnswerSchema>;

/** `GET /admin/releases`, its squads' API routes: the live route table the operator routes are read from. */
export const adminApiRoutesAnswerSchema = z.looseObject({
  apis: z.array(z.looseObject({ routes: z.optional(z.array(z.looseObject({ method: z.string(), path: z.string() }))) })),
});
