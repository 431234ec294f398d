import { describe, expect, it } from '@jest/globals';
import { pushSubscriptionInput } from '@reelkeep/shared-contracts';
import {
  buildNotificationPayload,
  classifyDeviceOs,
  decideDeliveryOutcome,
  PUSH_MAX_ATTEMPTS,
  type DeliveryOutcome,
  type PushServiceAnswer,
} from './push-rules.ts';

describe('decideDeliveryOutcome (docs/push.md "Sending")', () => {
  it.each<[PushServiceAnswer, number, DeliveryOutcome]>([
    [{ status: 201 }, 1, { kind: 'sent' }],
    [{ status: 202 }, 3, { kind: 'sent' }],
    [{ status: 410 }, 1, { kind: 'prune' }],
    [{ status: 404 }, 2, { kind: 'prune' }],
    [{ status: 500 }, 1, { kind: 'retry', delayMs: 1000 }],
    [{ status: 503 }, 2, { kind: 'retry', delayMs: 2000 }],
    [{ status: 0 }, 4, { kind: 'retry', delayMs: 8000 }],
    [{ status: 429, retryAfterSeconds: 30 }, 1, { kind: 'retry', delayMs: 30_000 }],
    [{ status: 429, retryAfterSeconds: 86_400 }, 1, { kind: 'retry', delayMs: 15 * 60_000 }],
    [{ status: 500 }, PUSH_MAX_ATTEMPTS, { kind: 'failed', reason: 'gave up after 5 attempts (last 500)' }],
    [{ status: 0 }, PUSH_MAX_ATTEMPTS, { kind: 'failed', reason: 'gave up after 5 attempts (last unreachable)' }],
    [{ status: 400 }, 1, { kind: 'failed', reason: 'push service answered 400' }],
    [{ status: 413 }, 1, { kind: 'failed', reason: 'push service answered 413' }],
    [{ status: 403 }, 1, { kind: 'failed', reason: 'push service answered 403' }],
    [{ status: 0, refused: '127.0.0.1 is not a public address' }, 1, { kind: 'failed', reason: 'refused: 127.0.0.1 is not a public address' }],
  ])('%j on attempt %d: %j', (answer, attempt, outcome) => {
    expect(decideDeliveryOutcome(answer, attempt)).toEqual(outcome);
  });
});

describe('classifyDeviceOs', () => {
  it.each([
    ['Win32', 'win'],
    ['Windows', 'win'],
    ['MacIntel', 'mac'],
    ['Linux x86_64', 'other'],
    ['iPhone', 'other'],
  ])('%s is %s', (model, os) => expect(classifyDeviceOs(model)).toBe(os));
});

describe('buildNotificationPayload', () => {
  const english = { sale: { title: 'ReelKeep is on sale', body: 'Save now.' } };
  it('takes the locale’s texts and links in that locale', () => {
    expect(
      buildNotificationPayload(
        { message: 'sale', path: '/store', image: '/og-image.png' },
        'de',
        { locale: { sale: { title: 'Angebot', body: 'Jetzt sparen.' } }, english },
        'https://x.test',
        'd'.repeat(24),
      ),
    ).toEqual({
      title: 'Angebot',
      body: 'Jetzt sparen.',
      icon: 'https://x.test/favicon.ico',
      image: 'https://x.test/og-image.png',
      url: 'https://x.test/de/store',
      delivery: 'd'.repeat(24),
    });
  });
  it('falls back to English for a text the locale lacks, and English pages have no prefix', () => {
    expect(
      buildNotificationPayload({ message: 'sale', path: '/' }, 'en', { locale: english, english }, 'https://x.test', 'd'.repeat(24)),
    ).toMatchObject({
      title: 'ReelKeep is on sale',
      url: 'https://x.test/',
    });
    expect(buildNotificationPayload({ message: 'sale', path: '/store' }, 'fr', { locale: {}, english }, 'https://x.test', 'd'.repeat(24)).title).toBe(
      'ReelKeep is on sale',
    );
  });
});

describe('pushSubscriptionInput (docs/push.md "Subscription payload")', () => {
  const valid = {
    language: 'fr',
    diff_time: '3600',
    device_model: 'Win32',
    app_id: 'reelkeep-site',
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    auth: 'A'.repeat(22),
    pdhkey: 'B' + 'A'.repeat(86),
    explorer: 'Chrome',
    explorer_version: '131.0',
  };
  it('accepts what a browser sends', () => {
    expect(pushSubscriptionInput.safeParse(valid)).toMatchObject({ success: true, data: { diff_time: 3600, language: 'fr' } });
  });
  it.each([
    ['language', 'tr'],
    ['diff_time', '90000'],
    ['diff_time', 'east'],
    ['device_model', ''],
    ['endpoint', 'http://push.example/abc'],
    ['endpoint', 'javascript:alert(1)'],
    ['auth', 'A'.repeat(21)],
    ['auth', 'A'.repeat(20) + '+/'],
    ['pdhkey', 'A'.repeat(87)],
    ['pdhkey', 'B' + 'A'.repeat(40)],
    ['explorer', 'Chrome\u0000'],
  ])('refuses %s = %j, naming the field', (field, value) => {
    const result = pushSubscriptionInput.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual([field]);
  });
});
