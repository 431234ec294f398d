import type { RemoteName } from './routes.ts';

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

/**
 * `POST /_beacon/release-health`: which version of which app failed, and how. Its schema is in
 * `release-health-schema.ts`, which only the server reads: this module is in every page's first load, zod is not
 * (docs/adr/0007-answer-schemas.md).
 */
export interface ReleaseHealthBeacon {
  app: 'shell' | RemoteName;
  version: string;
  failure: BrowserFailure;
}
