import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReleaseHealth } from '@reelkeep/platform/release-health';
import type { RateLimiter } from '@reelkeep/platform/rate-limit';
import { isForeignRequest } from '@reelkeep/platform/request-guards';
import { RELEASE_HEALTH_BEACON_MAX_BYTES, RELEASE_HEALTH_BEACON_PATH } from '@reelkeep/shared-contracts/release-health';
import { releaseHealthBeaconSchema } from '@reelkeep/shared-contracts/release-health-schema';
import type { RegistryState } from '@reelkeep/shared-contracts/schemas';
import { sendJson } from '../http/json-response.ts';
import { readBody } from '../http/request-body.ts';
import { isPinnable } from './release-snapshot.ts';

/** Beacons one client address may send a minute: a page reports a few failures, never hundreds. */
export const RELEASE_BEACON_LIMIT = 60;
export const RELEASE_BEACON_WINDOW_MS = 60_000;

/**
 * `POST /_beacon/release-health` (docs/releases.md "Health per version"): a page reports a failure only the
 * browser sees, for the version of the app that failed. Same origin only (403), one schema (400), at most
 * `RELEASE_BEACON_LIMIT` a minute per address (429), and counted only for a version the registry has made live or
 * canary: anything else is answered 204 and not counted, so nobody can fill the counters with invented versions.
 */
export function createReleaseBeaconHandler(deps: {
  siteUrl: string;
  health: ReleaseHealth;
  limiter: RateLimiter;
  readClientAddress: (req: IncomingMessage) => string;
  readRegistry: () => RegistryState;
}) {
  const siteOrigin = new URL(deps.siteUrl).origin;
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname !== RELEASE_HEALTH_BEACON_PATH) return false;
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      sendJson(res, 405, { error: 'method not allowed' });
      return true;
    }
    const headers = new Headers();
    for (const name of ['origin', 'referer', 'cookie'] as const) {
      const value = req.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    if (isForeignRequest(headers, siteOrigin)) return (sendJson(res, 403, { error: 'foreign_origin' }), true);
    const limit = await deps.limiter.hit(deps.readClientAddress(req));
    if (!limit.allowed) {
      res.setHeader('retry-after', String(limit.retryAfterSeconds));
      return (sendJson(res, 429, { error: 'too many requests' }), true);
    }
    const text = (await readBody(req, RELEASE_HEALTH_BEACON_MAX_BYTES))?.toString('utf8') ?? null;
    if (text === null) return (sendJson(res, 413, { error: 'request body too large' }), true);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = releaseHealthBeaconSchema.safeParse(json);
    if (!parsed.success) return (sendJson(res, 400, { error: 'invalid_input' }), true);
    const { app, version, failure } = parsed.data;
    if (isPinnable(deps.readRegistry(), app, version)) deps.health.record(app, version, failure);
    res.statusCode = 204;
    res.setHeader('cache-control', 'no-store');
    res.end();
    return true;
  };
}
