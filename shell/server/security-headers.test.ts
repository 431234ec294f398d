import type { ServerResponse } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { applySecurityHeaders, buildPermissionsPolicy, STRICT_TRANSPORT_SECURITY } from './security-headers.ts';

/** The headers a response would carry, by lower-case name. */
function collectHeaders(siteUrl: string, paymentsOn = false): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value) } as unknown as ServerResponse;
  applySecurityHeaders(res, 'bm9uY2U=', '', '', '', paymentsOn, siteUrl);
  return headers;
}

describe('security headers (docs/security.md "Headers")', () => {
  it('sends Strict-Transport-Security only when the site is served over HTTPS', () => {
    expect(collectHeaders('https://reelkeep.com')['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
    for (const siteUrl of ['http://localhost:3000', 'http://127.0.0.1:3210', '']) expect(collectHeaders(siteUrl)).not.toHaveProperty('strict-transport-security');
  });

  it.each(['https://reelkeep.com', 'http://localhost:3000'])('always sends a Permissions-Policy (%s)', (siteUrl) => {
    expect(collectHeaders(siteUrl)['permissions-policy']).toBe(buildPermissionsPolicy(false));
  });

  it.each(['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture', 'browsing-topics'])('denies %s', (feature) => {
    expect(buildPermissionsPolicy(false).split(', ')).toContain(`${feature}=()`);
  });

  it('allows the Payment Request API to the site and Stripe’s frames only when Stripe takes payments', () => {
    const policy = buildPermissionsPolicy(true).split(', ');
    expect(policy).toContain('payment=(self "https://js.stripe.com")');
    expect(policy).not.toContain('payment=()');
    expect(policy).toContain('camera=()');
    expect(collectHeaders('https://reelkeep.com', true)['permissions-policy']).toContain('payment=(self "https://js.stripe.com")');
  });

  it('leaves sign-in features alone (Google sign-in and passkeys may use them)', () => {
    for (const feature of ['identity-credentials-get', 'publickey-credentials-get', 'publickey-credentials-create']) {
      expect(buildPermissionsPolicy(true)).not.toContain(feature);
    }
  });

  it('keeps the headers every response already had', () => {
    const headers = collectHeaders('https://reelkeep.com');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("'nonce-bm9uY2U='");
  });
});
