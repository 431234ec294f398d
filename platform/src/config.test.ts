import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for the quick start', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REMOTE_LOAD_TIMEOUT_MS).toBe(3000);
  });

  it('stops on a bad value and names every offending variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_TOKEN: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_TOKEN: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
      expect(message).toMatch(/ADMIN_TOKEN: must be at least 16 characters/);
    }
  });

  it('caches pages by default, and PAGE_CACHE_MAX_BYTES=0 turns the cache off; a negative size or a zero TTL is refused', () => {
    expect(loadConfig({})).toMatchObject({ PAGE_CACHE_TTL_S: 60, PAGE_CACHE_STALE_S: 60, PAGE_CACHE_MAX_BYTES: 64 * 1024 * 1024 });
    expect(loadConfig({ PAGE_CACHE_MAX_BYTES: '0', PAGE_CACHE_STALE_S: '0' })).toMatchObject({ PAGE_CACHE_MAX_BYTES: 0, PAGE_CACHE_STALE_S: 0 });
    expect(() => loadConfig({ PAGE_CACHE_MAX_BYTES: '-1' })).toThrow(/PAGE_CACHE_MAX_BYTES/);
    expect(() => loadConfig({ PAGE_CACHE_TTL_S: '0' })).toThrow(/PAGE_CACHE_TTL_S/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });
});
