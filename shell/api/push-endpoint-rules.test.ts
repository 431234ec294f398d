import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PUSH_SERVICE_ORIGINS, isAllowedPushEndpoint, parsePushServiceOrigin, PUSH_SERVICE_ORIGIN_PATTERN } from './push-endpoint-rules.ts';

const DEFAULTS = DEFAULT_PUSH_SERVICE_ORIGINS.map(parsePushServiceOrigin);

describe('isAllowedPushEndpoint with the default push services (docs/push.md "Push services")', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH', true],
    ['https://fcm.googleapis.com/wp/dGVzdA', true],
    ['https://FCM.googleapis.com:443/wp/dGVzdA', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAAAA', true],
    ['https://wns2-par02p.notify.windows.com/w/?token=BQYAAA', true],
    ['https://db5p.notify.windows.com/w/?token=x', true],
    ['https://web.push.apple.com/QGuQyavXutnMPNYG', true],
    ['https://api.push.apple.com/3/device/x', true],
    // Not https, or not the service's port.
    ['http://fcm.googleapis.com/fcm/send/x', false],
    ['https://fcm.googleapis.com:8443/fcm/send/x', false],
    ['https://fcm.googleapis.com:6379/', false],
    // Look-alikes of an allowed host.
    ['https://fcm.googleapis.com.evil.example/fcm/send/x', false],
    ['https://evilfcm.googleapis.com/x', false],
    ['https://notify.windows.com/w/', false],
    ['https://evil-notify.windows.com/w/', false],
    ['https://fcm.googleapis.com./fcm/send/x', false],
    ['https://evil.example/https://fcm.googleapis.com/', false],
    ['https://fcm.googleapis.com@127.0.0.1/fcm/send/x', false],
    ['https://user:pass@fcm.googleapis.com/fcm/send/x', false],
    // Internal addresses in every spelling.
    ['https://127.0.0.1:6379/', false],
    ['https://localhost/push', false],
    ['https://[::1]/push', false],
    ['https://[::ffff:127.0.0.1]/push', false],
    ['https://169.254.169.254/latest/meta-data/', false],
    ['https://10.0.0.5/', false],
    ['https://2130706433/', false],
    ['https://0x7f.1/', false],
    ['not a url', false],
    ['', false],
  ])('%s: %s', (endpoint, allowed) => {
    expect(isAllowedPushEndpoint(endpoint, DEFAULTS)).toBe(allowed);
  });
});

describe('a configured push service (a test site’s stand-in)', () => {
  const origins = ['https://127.0.0.1:4443', 'https://push.e2e.invalid'].map(parsePushServiceOrigin);
  it.each([
    ['https://127.0.0.1:4443/push/ab', true],
    ['https://push.e2e.invalid/send/ab', true],
    ['https://127.0.0.1/push/ab', false],
    ['https://127.0.0.1:4444/push/ab', false],
    ['https://fcm.googleapis.com/fcm/send/x', false],
  ])('%s: %s', (endpoint, allowed) => {
    expect(isAllowedPushEndpoint(endpoint, origins)).toBe(allowed);
  });
});

describe('PUSH_SERVICE_ORIGIN_PATTERN', () => {
  it.each([
    ...DEFAULT_PUSH_SERVICE_ORIGINS.map((entry) => [entry, true] as const),
    ['https://127.0.0.1:4443', true],
    ['http://fcm.googleapis.com', false],
    ['https://fcm.googleapis.com/', false],
    ['https://*', false],
    ['https://*.com.*', false],
    ['fcm.googleapis.com', false],
  ])('%s: %s', (entry, valid) => {
    expect(PUSH_SERVICE_ORIGIN_PATTERN.test(entry)).toBe(valid);
  });
});
