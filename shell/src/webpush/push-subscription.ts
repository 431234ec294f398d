import {
  PUSH_KEY_ENDPOINT,
  PUSH_REGISTER_ENDPOINT,
  PUSH_SERVICE_WORKER_PATH,
  PUSH_SERVICE_WORKER_SCOPE,
  parseJsonAnswer,
  pushKeyAnswerSchema,
  pushRegisterAnswerSchema,
  type Locale,
} from '@reelkeep/shared-contracts';

/** The site's id in the subscription payload (`app_id`: docs/push.md "Subscription payload"). */
const PUSH_APP_ID = 'reelkeep-site';

/** Browser name and major version from the user agent's brands, else its string (`explorer`, `explorer_version`: docs/push.md "Subscription payload"). */
export function describeBrowser(userAgent: string): { explorer: string; version: string } {
  for (const [pattern, name] of [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/Chrome\/(\d+)/, 'Chrome'],
    [/Version\/(\d+).*Safari/, 'Safari'],
  ] as const) {
    const match = pattern.exec(userAgent);
    if (match) return { explorer: name, version: match[1]! };
  }
  return { explorer: 'other', version: '' };
}

/** The key as `applicationServerKey` wants it. */
function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function encodeBase64Url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  return btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Registers the push worker at its path and scope, subscribes with the site's VAPID key (or reuses this
 * browser's subscription) and reports the payload (docs/push.md "Subscription payload") to `/sub/register`; true when the server answered
 * `code` 200 (the visitor is then online, and `rk_push=subscribed` is set by the answer).
 */
export async function subscribeAndReport(locale: Locale): Promise<boolean> {
  const registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER_PATH, { scope: PUSH_SERVICE_WORKER_SCOPE });
  const keyAnswer = parseJsonAnswer(pushKeyAnswerSchema, await (await fetch(PUSH_KEY_ENDPOINT)).json().catch(() => null));
  if (!keyAnswer) return false;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: decodeBase64Url(keyAnswer.publicKey) }));
  const browser = describeBrowser(navigator.userAgent);
  const campaign = new URLSearchParams(window.location.search).get('utm_campaign');
  const response = await fetch(PUSH_REGISTER_ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      language: locale,
      diff_time: -new Date().getTimezoneOffset() * 60,
      device_model: navigator.platform || 'unknown',
      app_id: PUSH_APP_ID,
      endpoint: subscription.endpoint,
      auth: encodeBase64Url(subscription.getKey('auth')),
      pdhkey: encodeBase64Url(subscription.getKey('p256dh')),
      explorer: browser.explorer,
      explorer_version: browser.version,
      ...(campaign ? { campaign: campaign.slice(0, 64) } : {}),
    }),
  });
  const answer = parseJsonAnswer(pushRegisterAnswerSchema, await response.json().catch(() => null));
  return answer?.code === 200;
}
