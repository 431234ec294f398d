/**
 * The first-party tracker's wire format (docs/tracking.md "Envelope"), shared by the
 * shell's browser SDK, the ingestion route and squads that record server-side events. Since 1.3.0.
 * No runtime dependencies: it ships in the browser.
 */

import { readCookie } from './cookies.ts';

/** Where the browser SDK posts its events (the shell's own server part). */
export const TRACKING_ENDPOINT = '/api/site/track';
/** Where squads' servers record events that happen on the server (a logout without JavaScript too). */
export const TRACKING_INTERNAL_ENDPOINT = '/api/site/internal/track';
/** The `web_version` every event carries (docs/tracking.md "Envelope"). */
export const TRACKING_WEB_VERSION = '2.2.3';

/**
 * The visitor's answer to the consent question: `granted` or `denied`; absent until asked. Before consent
 * (and always under Global Privacy Control) the tracker sends cookieless events: no `_EA_*` cookies and
 * no identifiers (docs/tracking.md "Cookieless events").
 */
export const CONSENT_COOKIE = 'rk_consent';
export type ConsentState = 'granted' | 'denied' | 'unknown';
/** How long an answer is remembered, in days. */
export const CONSENT_MAX_AGE_DAYS = 180;

/**
 * The event names (docs/tracking.md "Events"): page views and scrolls, the link events, clicks, hovers and
 * exposures of tracked elements, the account events, `custom`, and `page_type_error` for a client TypeError.
 */
export const TRACKING_EVENTS = [
  'page_view',
  'page_scroll',
  'download',
  'buy_now',
  'subscribe',
  'guide_jump',
  'click',
  'hover',
  'exposure',
  'login',
  'logout',
  'custom',
  'page_type_error',
] as const;
export type TrackingEventName = (typeof TRACKING_EVENTS)[number];

/** docs/tracking.md "Envelope": what one event may carry. Every field is optional on the wire. */
export interface TrackingData {
  event: TrackingEventName;
  event_category?: string;
  event_label?: string;
  /** A URL the event is about (the link clicked, the file downloaded). */
  event_target?: string;
  url?: string;
  referer_url?: string;
  email?: string;
  mac?: string;
  token_id?: string;
  tmp_token_id?: string;
  finger_id?: string;
  s_id?: string;
  ga_ids?: string;
  scroll_height?: number;
  viewport_height?: number;
  viewport_width?: number;
  highest_page_viewed_percent?: number;
  web_version?: string;
  lang_domain?: string;
  xargs_request_type?: 'send_beacon' | 'axios' | 'server';
  products?: string[];
  pids?: number[];
  install?: { package_name?: string; app_id?: string; pid?: number; download_url?: string };
  visit_timestamp?: number;
  doc_id?: string;
  ab_test_content?: string;
  ad?: string;
  order_tag?: string;
  track_data?: string;
  traffic_type?: string;
  traffic_category?: string;
  elk_category_id?: string;
  related_product?: string;
  url_type_flag?: string;
  ad_channel?: string;
  ab_try_list?: { key: string; version: string; value: string; expire_day: number }[];
}

/**
 * What the browser SDK needs of the site's configuration (docs/tracking.md "Third parties", "Outbound links"),
 * handed over in the hydration state. Every part is off when absent.
 */
export interface ClientTrackingSettings {
  /** Hosts (and their subdomains) whose links get `_cut_`, `_cus_` and `_csrc_`. */
  outboundDomains?: string[];
  /** The tag-analytics script, loaded only with consent and never under Global Privacy Control. */
  tagAnalyticsUrl?: string;
  /** Browser fingerprinting (`_FID`, `_DID`, `finger_id`), with consent only. */
  fingerprint?: boolean;
}

/** Fields that identify a visitor: kept only with consent (the ingestion drops them otherwise). */
export const IDENTIFYING_FIELDS = [
  'email',
  'mac',
  'token_id',
  'tmp_token_id',
  'finger_id',
  's_id',
  'ga_ids',
] as const satisfies readonly (keyof TrackingData)[];

/** What is posted: the encoded data, the mode (1 in dev mode: plain JSON) and the upload id. */
export interface TrackingEnvelope {
  data: string;
  mode: 0 | 1;
  upload_id: string;
}

/** A server-side event as a squad sends it to {@link TRACKING_INTERNAL_ENDPOINT}, with the visitor's cookie header. */
export interface ServerTrackingEvent {
  data: TrackingData;
  /** Whether the visitor had a session when it happened. */
  signedIn?: boolean;
}

/** Query parameters that carry personal data or secrets: never part of a tracked URL. */
// Marked pure: a browser bundle that imports only `readConsent` drops it (docs/budgets.md).
const PERSONAL_PARAMS = /* @__PURE__ */ new Set([
  'email',
  'client_e',
  'client_m',
  'token',
  'tid',
  'payment_intent',
  'payment_intent_client_secret',
  'code',
  'password',
  // docs/forms.md "Newsletter": the mailed links' tokens.
  'confirm',
  'unsubscribe',
]);

/** A fragment naming a heading of the page: the only kind a tracked URL keeps. */
const HEADING_FRAGMENT = /^#[\w-]{1,100}$/;

/** Removes personal query parameters (hand-off, reset, newsletter and payment links: docs/tracking.md "Personal query parameters") and any fragment but a heading's from a tracked URL. */
export function redactTrackedUrl(value: string, base = 'http://localhost'): string {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '';
  }
  for (const name of [...url.searchParams.keys()]) if (PERSONAL_PARAMS.has(name.toLowerCase())) url.searchParams.delete(name);
  // A jump to a heading (`#step-2`) is kept; any other fragment may carry a token.
  if (!HEADING_FRAGMENT.test(url.hash)) url.hash = '';
  return value.startsWith('/') ? url.pathname + url.search + url.hash : url.href;
}

/** docs/tracking.md "Envelope": keys sorted, empty values removed. */
export function normaliseTrackingData(data: TrackingData): Record<string, unknown> {
  const entries = Object.entries(data).filter(
    ([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(encoded: string): string {
  const binary = atob(encoded);
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** FNV-1a over the encoded data: the hash half of an upload id. */
export function hashTrackingData(encoded: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < encoded.length; index += 1) {
    hash ^= encoded.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Builds the posted envelope: base64 JSON (plain JSON in dev mode), upload id = visitor id + hash of the data.
 * `sendId` names one send (the SDK's page id and event number): two events with the same data (a link clicked
 * again after 2 s, a page reloaded) then get two upload ids, while the same envelope sent twice keeps its one.
 */
export function encodeTrackingEnvelope(data: TrackingData, visitorId: string, devMode = false, sendId = ''): TrackingEnvelope {
  const json = JSON.stringify(normaliseTrackingData(data));
  const encoded = devMode ? json : toBase64(json);
  return { data: encoded, mode: devMode ? 1 : 0, upload_id: `${visitorId}-${hashTrackingData(sendId ? `${sendId}:${encoded}` : encoded)}` };
}

/** Reads an envelope's data back; null when it is not what {@link encodeTrackingEnvelope} makes. */
export function decodeTrackingData(envelope: Pick<TrackingEnvelope, 'data' | 'mode'>): unknown {
  try {
    return JSON.parse(envelope.mode === 1 ? envelope.data : fromBase64(envelope.data));
  } catch {
    return null;
  }
}

/** Reads the consent cookie from a `document.cookie` or `Cookie` header string. */
export function readConsent(cookieHeader: string | null | undefined): ConsentState {
  const value = readCookie(cookieHeader, CONSENT_COOKIE);
  return value === 'granted' || value === 'denied' ? value : 'unknown';
}
