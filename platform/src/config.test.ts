import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for the quick start', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REMOTE_LOAD_TIMEOUT_MS).toBe(3000);
  });

  it('puts the site at localhost on its own PORT when SITE_URL is unset, and keeps a SITE_URL that is set', () => {
    expect(loadConfig({}).SITE_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3330' }).SITE_URL).toBe('http://localhost:3330');
    expect(loadConfig({ PORT: '3330', SITE_URL: 'https://reelkeep.com' }).SITE_URL).toBe('https://reelkeep.com');
    expect(loadConfig({ PORT: '0' }).SITE_URL).toBe('http://localhost:3000');
  });

  it('stops on a bad value and names every offending variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CAPTCHA_HMAC_KEY: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CAPTCHA_HMAC_KEY: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
      expect(message).toMatch(/CAPTCHA_HMAC_KEY: must be at least 16 characters/);
    }
  });

  it('refuses the retired ADMIN_TOKEN and says what replaced it', () => {
    expect(() => loadConfig({ ADMIN_TOKEN: 'a-long-enough-old-admin-token' })).toThrow(/ADMIN_TOKEN: is no longer read: make a scoped API key/);
  });

  it('caches pages by default, and PAGE_CACHE_MAX_BYTES=0 turns the cache off; a negative size or a zero TTL is refused', () => {
    expect(loadConfig({})).toMatchObject({ PAGE_CACHE_TTL_S: 60, PAGE_CACHE_STALE_S: 60, PAGE_CACHE_MAX_BYTES: 64 * 1024 * 1024 });
    expect(loadConfig({ PAGE_CACHE_MAX_BYTES: '0', PAGE_CACHE_STALE_S: '0' })).toMatchObject({ PAGE_CACHE_MAX_BYTES: 0, PAGE_CACHE_STALE_S: 0 });
    expect(() => loadConfig({ PAGE_CACHE_MAX_BYTES: '-1' })).toThrow(/PAGE_CACHE_MAX_BYTES/);
    expect(() => loadConfig({ PAGE_CACHE_TTL_S: '0' })).toThrow(/PAGE_CACHE_TTL_S/);
  });

  it("keeps the tracker's third parties off by default, and reads outbound domains as a list of host names", () => {
    expect(loadConfig({})).toMatchObject({ TRACKING_OUTBOUND_DOMAINS: [], FINGERPRINT_ENABLED: false });
    expect(loadConfig({}).TAG_ANALYTICS_URL).toBeUndefined();
    expect(loadConfig({ TRACKING_OUTBOUND_DOMAINS: ' ReelKeep-Help.com, partner.example ,' }).TRACKING_OUTBOUND_DOMAINS).toEqual([
      'reelkeep-help.com',
      'partner.example',
    ]);
    expect(() => loadConfig({ TRACKING_OUTBOUND_DOMAINS: 'https://partner.example/' })).toThrow(/TRACKING_OUTBOUND_DOMAINS/);
    expect(() => loadConfig({ TAG_ANALYTICS_URL: 'javascript:alert(1)' })).toThrow(/TAG_ANALYTICS_URL/);
    expect(() => loadConfig({ FINGERPRINT_ENABLED: 'yes' })).toThrow(/FINGERPRINT_ENABLED/);
  });

  it('trusts no proxy by default, reads TRUSTED_PROXIES as a list of addresses and ranges, and names a bad entry', () => {
    expect(loadConfig({}).TRUSTED_PROXIES).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: ' 127.0.0.1, 10.0.0.0/8 ,fd00::/8' }).TRUSTED_PROXIES).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, varnish.internal' })).toThrow(/TRUSTED_PROXIES: .*"varnish.internal"/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });
});
