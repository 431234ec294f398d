import { describe, expect, it } from '@jest/globals';
import { ConfigError, parseSquadSettings } from '@reelkeep/platform/config';
import { siteSettings } from './settings.ts';

describe('PUSH_SERVICE_ORIGINS (docs/push.md "Push services")', () => {
  it('defaults to the browsers’ push services', () => {
    expect(parseSquadSettings('site', siteSettings, {}).PUSH_SERVICE_ORIGINS).toEqual([
      { host: 'fcm.googleapis.com', subdomains: false, port: '' },
      { host: 'updates.push.services.mozilla.com', subdomains: false, port: '' },
      { host: 'notify.windows.com', subdomains: true, port: '' },
      { host: 'web.push.apple.com', subdomains: false, port: '' },
      { host: 'push.apple.com', subdomains: true, port: '' },
    ]);
  });

  it('reads a list of origins, a port included', () => {
    expect(
      parseSquadSettings('site', siteSettings, { PUSH_SERVICE_ORIGINS: ' https://Push.Example.com:8443, https://*.push.example.org ' })
        .PUSH_SERVICE_ORIGINS,
    ).toEqual([
      { host: 'push.example.com', subdomains: false, port: '8443' },
      { host: 'push.example.org', subdomains: true, port: '' },
    ]);
  });

  it.each(['http://push.example.com', 'https://push.example.com/path', 'push.example.com', 'https://*', ','])('refuses %j at start', (value) => {
    expect(() => parseSquadSettings('site', siteSettings, { PUSH_SERVICE_ORIGINS: value })).toThrow(ConfigError);
  });
});
