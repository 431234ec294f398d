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

  it('treats empty variables as unset', () => {
    expect(loadConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });
});
