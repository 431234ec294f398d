import type { ServerResponse } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import {
  applySecurityHeaders,
  buildPermissionsPolicy,
  createSecurityHeaderWriter,
  describeClientTracking,
  mergeBrowserOrigins,
  STRICT_TRANSPORT_SECURITY,
} from './security-headers.ts';

const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  payment: ['https://js.stripe.com'],
};

/** The headers a response would carry, by lower-case name. */
function collectHeaders(siteUrl: string, paymentsOn = false): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value) } as unknown as ServerResponse;
  applySecurityHeaders(res, 'bm9uY2U=', { staticOrigin: '', reportOrigin: '', squads: mergeBrowserOrigins(paymentsOn ? [STRIPE] : []), siteUrl });
  return headers;
}

describe('security headers (docs/security.md "Headers")', () => {
  it('sends Strict-Transport-Security only when the site is served over HTTPS', () => {
    expect(collectHeaders('https://reelkeep.com')['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
    for (const siteUrl of ['http://localhost:3000', 'http://127.0.0.1:3210', ''])
      expect(collectHeaders(siteUrl)).not.toHaveProperty('strict-transport-security');
  });

  it.each(['https://reelkeep.com', 'http://localhost:3000'])('always sends a Permissions-Policy (%s)', (siteUrl) => {
    expect(collectHeaders(siteUrl)['permissions-policy']).toBe(buildPermissionsPolicy());
  });

  it.each(['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture', 'browsing-topics'])(
    'denies %s',
    (feature) => {
      expect(buildPermissionsPolicy().split(', ')).toContain(`${feature}=()`);
    },
  );

  it('allows the Payment Request API to the site and Stripe’s frames only when Stripe takes payments', () => {
    const policy = buildPermissionsPolicy(STRIPE.payment).split(', ');
    expect(policy).toContain('payment=(self "https://js.stripe.com")');
    expect(policy).not.toContain('payment=()');
    expect(policy).toContain('camera=()');
    expect(collectHeaders('https://reelkeep.com', true)['permissions-policy']).toContain('payment=(self "https://js.stripe.com")');
  });

  it('leaves sign-in features alone (Google sign-in and passkeys may use them)', () => {
    for (const feature of ['identity-credentials-get', 'publickey-credentials-get', 'publickey-credentials-create']) {
      expect(buildPermissionsPolicy(STRIPE.payment)).not.toContain(feature);
    }
  });

  it('adds the origins the live squads declare to the CSP, each once', () => {
    const google = { script: ['https://accounts.google.com'], frame: ['https://accounts.google.com'], style: ['https://accounts.google.com'] };
    const headers: Record<string, string> = {};
    const res = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value) } as unknown as ServerResponse;
    applySecurityHeaders(res, 'bm9uY2U=', {
      staticOrigin: '',
      reportOrigin: '',
      squads: mergeBrowserOrigins([google, STRIPE, google]),
      siteUrl: 'https://reelkeep.com',
    });
    const csp = headers['content-security-policy']!;
    expect(csp).toContain("script-src 'self' 'nonce-bm9uY2U=' https://accounts.google.com https://js.stripe.com;");
    expect(csp).toContain('frame-src https://accounts.google.com https://js.stripe.com https://hooks.stripe.com;');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
  });

  it('keeps the headers every response already had', () => {
    const headers = collectHeaders('https://reelkeep.com');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("'nonce-bm9uY2U='");
  });

  it("names a cached page's nonce in the CSP alone: the other headers are written once, by the request", () => {
    const writes: string[] = [];
    const headers: Record<string, string> = {};
    const res = {
      setHeader: (name: string, value: string) => {
        writes.push(name.toLowerCase());
        headers[name.toLowerCase()] = value;
      },
    } as unknown as ServerResponse;
    const writer = createSecurityHeaderWriter({ ASSET_ORIGIN: '', SITE_URL: 'https://reelkeep.com' });
    writer(res, 'cmVxdWVzdA==', mergeBrowserOrigins([]));
    const written = writes.length;
    writer.renonce(res, 'ZW50cnk=', mergeBrowserOrigins([]));
    expect(writes.slice(written)).toEqual(['content-security-policy']);
    expect(headers['content-security-policy']).toContain("'nonce-ZW50cnk='");
    expect(headers['content-security-policy']).not.toContain('cmVxdWVzdA==');
  });

  describe('the tracker\'s third parties (docs/tracking.md "Third parties")', () => {
    /** The CSP of a response under this configuration, directive by name. */
    const csp = (tracking: Parameters<typeof createSecurityHeaderWriter>[0]) => {
      const headers: Record<string, string> = {};
      const res = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value) } as unknown as ServerResponse;
      createSecurityHeaderWriter(tracking)(res, 'bm9uY2U=', mergeBrowserOrigins([]));
      return Object.fromEntries(headers['content-security-policy']!.split('; ').map((directive) => [directive.split(' ')[0], directive]));
    };
    const base = { ASSET_ORIGIN: '', SITE_URL: 'https://reelkeep.com' };

    it('admits no third-party origin by default, and tells the browser nothing', () => {
      const directives = csp(base);
      expect(directives['script-src']).toBe("script-src 'self' 'nonce-bm9uY2U='");
      expect(directives['connect-src']).toBe("connect-src 'self'");
      expect(directives['img-src']).toBe("img-src 'self' data:");
      expect(directives).not.toHaveProperty('worker-src');
      expect(describeClientTracking({ TRACKING_OUTBOUND_DOMAINS: [], FINGERPRINT_ENABLED: false })).toBeUndefined();
    });

    it('admits the tag-analytics origin for its script, hits and pixels once configured', () => {
      const directives = csp({ ...base, TAG_ANALYTICS_URL: 'https://tags.example/gtag/js?id=G-1' });
      expect(directives['script-src']).toBe("script-src 'self' 'nonce-bm9uY2U=' https://tags.example");
      expect(directives['connect-src']).toBe("connect-src 'self' https://tags.example");
      expect(directives['img-src']).toBe("img-src 'self' data: https://tags.example");
    });

    it("admits only the fingerprint library's monitoring origin for fingerprinting (the library is the site's own code)", () => {
      const directives = csp({ ...base, FINGERPRINT_ENABLED: true });
      expect(directives['script-src']).toBe("script-src 'self' 'nonce-bm9uY2U='");
      expect(directives['connect-src']).toBe("connect-src 'self' https://m1.openfpcdn.io");
    });

    it('lets session replay start its worker only when error reporting is on', () => {
      expect(csp({ ...base, SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2' })['worker-src']).toBe("worker-src 'self' blob:");
    });

    it('tells the browser what is configured', () => {
      expect(
        describeClientTracking({
          TRACKING_OUTBOUND_DOMAINS: ['reelkeep-help.com'],
          TAG_ANALYTICS_URL: 'https://tags.example/gtag/js',
          FINGERPRINT_ENABLED: true,
        }),
      ).toEqual({ outboundDomains: ['reelkeep-help.com'], tagAnalyticsUrl: 'https://tags.example/gtag/js', fingerprint: true });
    });
  });
});
