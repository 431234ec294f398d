import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { isSecureSite } from '@reelkeep/shared-contracts';

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
 * too unless Stripe takes payments, when the site and Stripe's card frames may use the Payment Request API
 * (wallet buttons).
 */
export function buildPermissionsPolicy(paymentsOn: boolean): string {
  const payment = paymentsOn ? 'payment=(self "https://js.stripe.com")' : 'payment=()';
  return [...UNUSED_FEATURES.map((feature) => `${feature}=()`), payment].join(', ');
}

/** A fresh CSP nonce for one response. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Security headers on every response (docs/security.md "Headers"); the CSP allows scripts by nonce and from the
 * site itself, plus Google Identity Services (script, its button frame and styles) when Google sign-in is
 * configured, and Stripe.js (script, its card frames, its API) when Stripe is the payment provider.
 * `Strict-Transport-Security` goes out only when `siteUrl` (the configured SITE_URL) is HTTPS: a browser
 * would refuse plain HTTP to a development host for a year.
 */
export function applySecurityHeaders(res: ServerResponse, nonce: string, staticOrigin: string, reportOrigin = '', signInOrigin = '', paymentsOn = false, siteUrl = ''): void {
  const stripe = paymentsOn ? { script: 'https://js.stripe.com', frame: 'https://js.stripe.com https://hooks.stripe.com', connect: 'https://api.stripe.com' } : null;
  const scriptSources = ["'self'", `'nonce-${nonce}'`, staticOrigin, signInOrigin, stripe?.script].filter(Boolean).join(' ');
  const frameSources = [signInOrigin, stripe?.frame].filter(Boolean).join(' ');
  res.setHeader(
    'content-security-policy',
    [
      "default-src 'self'",
      `script-src ${scriptSources}`,
      `style-src 'self' ${staticOrigin} ${signInOrigin}`.replace(/\s+/g, ' ').trim(),
      "img-src 'self' data:",
      `connect-src 'self' ${staticOrigin} ${reportOrigin} ${signInOrigin} ${stripe?.connect ?? ''}`.replace(/\s+/g, ' ').trim(),
      ...(frameSources ? [`frame-src ${frameSources}`] : []),
      "font-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '),
  );
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('permissions-policy', buildPermissionsPolicy(paymentsOn));
  if (isSecureSite(siteUrl)) res.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
}
