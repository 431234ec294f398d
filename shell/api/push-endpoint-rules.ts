/**
 * Which push endpoints the site accepts and sends to (docs/push.md "Push services"): only the origins of the
 * allow-list, PUSH_SERVICE_ORIGINS. An entry is an https origin, `https://fcm.googleapis.com`, or a wildcard over
 * the subdomains of a host, `https://*.notify.windows.com`; a port is part of the origin (none means 443).
 */

/** One parsed entry of the allow-list. */
export interface PushServiceOrigin {
  /** Lower-case host name (or IPv4 address) the entry names, without `*.`. */
  host: string;
  /** Whether the entry covers every subdomain of `host` (and not `host` itself). */
  subdomains: boolean;
  /** The port as `URL.port` spells it: empty for 443. */
  port: string;
}

/** The push services of the browsers that support Web Push: Chrome and its kin, Firefox, Edge, Safari. */
export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://web.push.apple.com',
  'https://*.push.apple.com',
] as const;

/** The spelling of an entry: https, an optional `*.`, a host name or IPv4 address, an optional port. */
export const PUSH_SERVICE_ORIGIN_PATTERN = /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/;

/** Reads one entry that matches PUSH_SERVICE_ORIGIN_PATTERN. */
export function parsePushServiceOrigin(entry: string): PushServiceOrigin {
  const subdomains = entry.startsWith('https://*.');
  const url = new URL(subdomains ? entry.replace('https://*.', 'https://') : entry);
  return { host: url.hostname, subdomains, port: url.port };
}

/**
 * Whether an endpoint is a URL at one of the allowed push services: https, no user name or password, the
 * entry's port, and its host exactly (or a subdomain of a wildcard entry's host). The URL is read the way the
 * sender will read it, so `https://fcm.googleapis.com@127.0.0.1/`, `https://fcm.googleapis.com.evil.example/`
 * or `https://2130706433/` never pass for an allowed host.
 */
export function isAllowedPushEndpoint(endpoint: string, origins: readonly PushServiceOrigin[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  return origins.some(
    (origin) => origin.port === url.port && (origin.subdomains ? url.hostname.endsWith(`.${origin.host}`) : url.hostname === origin.host),
  );
}
