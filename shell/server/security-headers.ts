import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** A fresh CSP nonce for one response. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Security headers on every response (issue 3 §6); the CSP allows scripts by nonce and from the site itself. */
export function applySecurityHeaders(res: ServerResponse, nonce: string, staticOrigin: string, reportOrigin = ''): void {
  const scriptSources = ["'self'", `'nonce-${nonce}'`, staticOrigin].filter(Boolean).join(' ');
  res.setHeader(
    'content-security-policy',
    [
      "default-src 'self'",
      `script-src ${scriptSources}`,
      `style-src 'self' ${staticOrigin}`.trim(),
      "img-src 'self' data:",
      `connect-src 'self' ${staticOrigin} ${reportOrigin}`.replace(/\s+/g, ' ').trim(),
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
