import * as z from 'zod/mini';
import { REMOTE_NAMES } from './routes.ts';

/**
 * docs/releases.md "Health per version": the browser's report of a failure only it sees, counted for the version of
 * the app that failed, so a canary's chunk-load failures, error-boundary renders and TypeErrors weigh against it.
 */

/** Where a page sends its beacon (`navigator.sendBeacon`, same origin). */
export const RELEASE_HEALTH_BEACON_PATH = '/_beacon/release-health';
/** A beacon is a few dozen bytes; anything longer is refused unread. */
export const RELEASE_HEALTH_BEACON_MAX_BYTES = 512;

/** The failures a browser reports. */
export const BROWSER_FAILURES = ['chunk-load', 'error-boundary', 'type-error'] as const;
/** One failure a browser reports. */
export type BrowserFailure = (typeof BROWSER_FAILURES)[number];

/** `POST /_beacon/release-health`: which version of which app failed, and how. */
export const releaseHealthBeaconSchema = z.object({
  app: z.enum(['shell', ...REMOTE_NAMES]),
  version: z.string().check(z.regex(/^[0-9A-Za-z.+-]{1,64}$/)),
  failure: z.enum(BROWSER_FAILURES),
});
/** A beacon's body. */
export type ReleaseHealthBeacon = z.infer<typeof releaseHealthBeaconSchema>;
