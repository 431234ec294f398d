import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { isSecureSite, type ClientTrackingSettings } from '@reelkeep/shared-contracts';
import type { BrowserOrigins } from '@reelkeep/platform/host-context';

/** docs/security.md "Headers": HTTPS only, for a year, subdomains included; sent only when the site is on HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Browser features the site never uses: no page of it, nor any frame it embeds, may ask for them. */
const UNUSED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

/**
 * The `Permissions-Policy` value (docs/security.md "Headers"): every unused feature denied, and `payment`
 * too unless a live squad takes payments in frames it names (Stripe's card frames, for wallet buttons),
 * when the site and those frames may use the Payment Request API.
 */
export function buildPermissionsPolicy(paymentOrigins: readonly string[] = []): string {
  const payment = paymentOrigins.length > 0 ? `payment=(self ${paymentOrigins.map((origin) => `"${origin}"`).join(' ')})` : 'payment=()';
  return [...UNUSED_FEATURES.map((feature) => `${feature}=()`), payment].join(', ');
}

/** The origins of every live squad together, each once. */
export function mergeBrowserOrigins(all: readonly BrowserOrigins[]): Required<BrowserOrigins> {
  const merged = {
    script: new Set<string>(),
    frame: new Set<string>(),
    connect: new Set<string>(),
    style: new Set<string>(),
    payment: new Set<string>(),
  };
  for (const origins of all)
    for (const kind of Object.keys(merged) as (keyof BrowserOrigins)[]) for (const origin of origins[kind] ?? []) merged[kind].add(origin);
  return {
    script: [...merged.script],
    frame: [...merged.frame],
    connect: [...merged.connect],
    style: [...merged.style],
    payment: [...merged.payment],
  };
}

/** Where FingerprintJS sends its sampled monitoring request (0.1 % of loads: docs/tracking.md "Third parties"). */
export const FINGERPRINT_MONITORING_ORIGIN = 'https://m1.openfpcdn.io';

/** The tracking part of the configuration the browser needs and the CSP admits. */
export interface TrackingConfig {
  TRACKING_OUTBOUND_DOMAINS?: string[] | undefined;
  TAG_ANALYTICS_URL?: string | undefined;
  FINGERPRINT_ENABLED?: boolean | undefined;
}

/** What the browser SDK is told of the configured third parties and outbound domains; undefined when nothing is on. */
export function describeClientTracking(config: TrackingConfig): ClientTrackingSettings | undefined {
  const settings: ClientTrackingSettings = {
    ...(config.TRACKING_OUTBOUND_DOMAINS?.length ? { outboundDomains: config.TRACKING_OUTBOUND_DOMAINS } : {}),
    ...(config.TAG_ANALYTICS_URL ? { tagAnalyticsUrl: config.TAG_ANALYTICS_URL } : {}),
    ...(config.FINGERPRINT_ENABLED ? { fingerprint: true } : {}),
  };
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/**
 * The origins the tracker's third parties need (docs/tracking.md "Third parties"): none unless configured.
 * The tag-analytics script's origin serves the script and receives its hits; fingerprinting runs from the
 * site's own code and only its sampled monitoring request leaves the site.
 */
export function listTrackingOrigins(config: TrackingConfig): { script: string[]; connect: string[]; image: string[] } {
  const tag = config.TAG_ANALYTICS_URL ? new URL(config.TAG_ANALYTICS_URL).origin : '';
  return {
    script: tag ? [tag] : [],
    connect: [...(tag ? [tag] : []), ...(config.FINGERPRINT_ENABLED ? [FINGERPRINT_MONITORING_ORIGIN] : [])],
    image: tag ? [tag] : [],
  };
}

/** Where the page's resources may come from besides the site itself. */
export interface HeaderSources {
  /** Origin of ASSET_ORIGIN (browser containers on a CDN), or empty. */
  staticOrigin: string;
  /** Origin of the error service (SENTRY_DSN), or empty. */
  reportOrigin: string;
  /** The configured tag-analytics and fingerprinting origins (none by default). */
  tracking?: ReturnType<typeof listTrackingOrigins>;
  /** What the live squads' pages need (Google sign-in, Stripe), from their API modules. */
  squads: Required<BrowserOrigins>;
  /** The configured SITE_URL. */
  siteUrl: string;
}

/** Writes the security headers of one response with its nonce and the live squads' origins. */
export type SecurityHeaderWriter = (res: ServerResponse, nonce: string, squads: Required<BrowserOrigins>) => void;

/** The security header writer of a site's configuration (its static host, error service and URL). */
export function createSecurityHeaderWriter(
  config: {
    ASSET_ORIGIN: string;
    SENTRY_DSN?: string | undefined;
    SITE_URL: string;
  } & TrackingConfig,
): SecurityHeaderWriter & {
  /**
   * Names another nonce in the CSP written before, and nothing else: a cached page's scripts carry the nonce of
   * the render that made it (docs/operations.md "Page cache"), the other headers stay as the request wrote them.
   */
  renonce: SecurityHeaderWriter;
} {
  const staticOrigin = config.ASSET_ORIGIN ? new URL(config.ASSET_ORIGIN).origin : '';
  const reportOrigin = config.SENTRY_DSN ? new URL(config.SENTRY_DSN).origin : '';
  const tracking = listTrackingOrigins(config);
  const sourcesOf = (squads: Required<BrowserOrigins>): HeaderSources => ({ staticOrigin, reportOrigin, tracking, squads, siteUrl: config.SITE_URL });
  const write: SecurityHeaderWriter = (res, nonce, squads) => applySecurityHeaders(res, nonce, sourcesOf(squads));
  return Object.assign(write, {
    renonce: ((res, nonce, squads) =>
      res.setHeader('content-security-policy', buildContentSecurityPolicy(nonce, sourcesOf(squads)))) satisfies SecurityHeaderWriter,
  });
}

/** A fresh CSP nonce for one response. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Security headers on every response (docs/security.md "Headers"); the CSP allows scripts by nonce and from the
 * site itself and the static host, plus the origins the live squads' API modules declare for their pages
 * (Google Identity Services when sign-in with Google is configured, Stripe.js when Stripe takes payments).
 * `Strict-Transport-Security` goes out only when SITE_URL is HTTPS: a browser would refuse plain HTTP to a
 * development host for a year.
 */
export function applySecurityHeaders(res: ServerResponse, nonce: string, sources: HeaderSources): void {
  res.setHeader('content-security-policy', buildContentSecurityPolicy(nonce, sources));
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('permissions-policy', buildPermissionsPolicy(sources.squads.payment));
  if (isSecureSite(sources.siteUrl)) res.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
}

/** The page's CSP: scripts by nonce, from the site, the static host and the origins the live squads and the tracker need. */
function buildContentSecurityPolicy(nonce: string, sources: HeaderSources): string {
  const { staticOrigin, reportOrigin, squads } = sources;
  const tracking = sources.tracking ?? { script: [], connect: [], image: [] };
  const list = (...origins: (string | readonly string[])[]) => origins.flat().filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", `'nonce-${nonce}'`, staticOrigin, squads.script, tracking.script)}`,
    `style-src ${list("'self'", staticOrigin, squads.style)}`,
    `img-src ${list("'self'", 'data:', tracking.image)}`,
    `connect-src ${list("'self'", staticOrigin, reportOrigin, squads.connect, tracking.connect)}`,
    ...(squads.frame.length > 0 ? [`frame-src ${list(squads.frame)}`] : []),
    // Session replay compresses in a worker it makes from a blob; only with error reporting on.
    ...(reportOrigin ? ["worker-src 'self' blob:"] : []),
    "font-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
