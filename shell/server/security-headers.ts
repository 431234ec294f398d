import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** A fresh CSP nonce for one response. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Security headers on every response (issue 3 §6); the CSP allows scripts by nonce and from the site itself, plus
 * Google Identity Services (script, its button frame and styles) when Google sign-in is configured, and
 * Stripe.js (script, its card frames, its API) when Stripe is the payment provider.
 */
export function applySecurityHeaders(res: ServerResponse, nonce: string, staticOrigin: string, reportOrigin = '', signInOrigin = '', paymentsOn = false): void {
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
}
