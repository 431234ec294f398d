import { createHash } from 'node:crypto';
import type { Locale, OsState, PriceVariant, RemoteName } from '@reelkeep/shared-contracts';
import type { RouteCacheFacts } from '../../src/render-contract.ts';

/**
 * The page cache's rules, apart from its I/O (docs/operations.md "Page cache"): what is cached, under which
 * key and tags, when an entry is fresh, stale or gone, and how it is labelled for browsers and CDNs.
 */

/** Query parameters that only tell where a visit came from (and every `utm_*`): never part of a key, here or at the edge. */
export const TRACKING_PARAMETERS: ReadonlySet<string> = new Set([
  'source',
  'medium',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'yclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
]);

/** Whether a query parameter only tracks the visit (`utm_*`, click ids, `source`, `medium`). */
export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMETERS.has(lower) || lower.startsWith('utm_');
}

/**
 * The query a key keeps: tracking parameters dropped, the others sorted by name (a repeated name keeps its
 * order, which a page may read); `''` or `?a=1&b=2`.
 */
export function normaliseQuery(search: string): string {
  const kept = [...new URLSearchParams(search)].filter(([name]) => !isTrackingParameter(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length > 0 ? `?${new URLSearchParams(kept).toString()}` : '';
}

/** Everything the HTML of a page changes with besides its URL and versions: nothing else enters a key. */
export interface PageVariant {
  locale: Locale;
  os: OsState;
  signedIn: boolean;
  /** The visitor's price variant while the experiment runs; null while it is closed. */
  priceVariant: PriceVariant | null;
  /** The visitor closed the campaign banner today (its cookie is set): the frame renders without it. */
  campaignBannerClosed: boolean;
  /**
   * Experiment cookie → variant, for the experiments whose variant this page's HTML shows (docs/experiments.md
   * "Assignment"), the price experiment aside (`priceVariant`). Absent or empty: the page shows none.
   */
  experiments?: Readonly<Record<string, string>>;
  /**
   * The canary versions the visitor's cohort gets (docs/releases.md "Canary"): `mf-landing@…+…`; absent or `-` for
   * the stable cohort. Both cohorts' pages differ in more than the route's remote (the frame's data, the shell).
   */
  cohort?: string;
}

/** The key's part for the experiments a page shows: `ab=resourceBannerAB:a,sidebarAB:b`, sorted; none without any. */
export function describeExperimentVariants(experiments: Readonly<Record<string, string>> | undefined): string[] {
  const pairs = Object.entries(experiments ?? {})
    .map(([key, value]) => `${key}:${value}`)
    .sort();
  return pairs.length > 0 ? [`ab=${pairs.join(',')}`] : [];
}

/** The versions a key names: what rendered the page, so a switch never meets an old entry. */
export interface KeyVersions {
  shell: string;
  /** The remote that renders the route and its version in the request's snapshot (`none` when it has none). */
  remote: { name: RemoteName; version: string };
  /** A fingerprint of the translations the process serves. */
  locales: string;
}

/** A cache key: readable, so the admin list shows what each entry is. */
export function buildPageCacheKey(parts: { method: string; path: string; search: string; variant: PageVariant; versions: KeyVersions }): string {
  const { variant, versions } = parts;
  const method = parts.method === 'HEAD' ? 'GET' : parts.method;
  const variantPart = [
    `locale=${variant.locale}`,
    `os=${variant.os.os}${variant.os.is64Bit ? '64' : '32'}`,
    `session=${variant.signedIn ? 'signed-in' : 'anonymous'}`,
    `price=${variant.priceVariant ?? 'none'}`,
    `banner=${variant.campaignBannerClosed ? 'closed' : 'open'}`,
    ...describeExperimentVariants(variant.experiments),
    ...(variant.cohort && variant.cohort !== '-' ? [`cohort=${variant.cohort}`] : []),
  ].join(';');
  const versionPart = [`shell@${versions.shell}`, `${versions.remote.name}@${versions.remote.version}`, `locales@${versions.locales}`].join(',');
  return `${method} ${parts.path}${normaliseQuery(parts.search)} ${variantPart} ${versionPart}`;
}

/** Why a request goes past the cache. */
export type BypassReason = 'off' | 'method' | 'no-route' | 'uncached-route' | 'signed-in' | 'sets-cookie';

/** Whether a request may be answered from the cache, and under which key and URL it renders if not. */
export type CacheDecision =
  | { kind: 'bypass'; reason: BypassReason }
  | {
      kind: 'cacheable';
      key: string;
      /** The remote that renders the route. */
      remote: RemoteName;
      /** The path and query the page renders with: what the key covers, tracking parameters dropped. */
      renderPath: string;
    };

/** What the decision reads of a page request (`/_data/` requests name the page they stand for). */
export interface PageRequestFacts {
  enabled: boolean;
  method: string;
  /** The path asked for (`/_data/fr/store` for a client navigation) and the page path it stands for (`/fr/store`). */
  path: string;
  pagePath: string;
  search: string;
  /** The route of the page path: null when none matches. */
  route: RouteCacheFacts | null;
  /** Whether the response already sets a cookie (the page gate's, the price variant's). */
  setsCookie: boolean;
  variant: PageVariant;
  versions: Omit<KeyVersions, 'remote'> & { remotes: Readonly<Partial<Record<RemoteName, string>>> };
}

/**
 * docs/operations.md "Page cache": only GET and HEAD, never a route marked `uncached`, never a signed-in
 * visitor (their HTML holds their name and e-mail), never a response that sets a cookie, never a path no
 * route renders (a 404), never while the cache is off.
 */
export function decidePageCaching(facts: PageRequestFacts): CacheDecision {
  const bypass = (reason: BypassReason): CacheDecision => ({ kind: 'bypass', reason });
  if (!facts.enabled) return bypass('off');
  if (facts.method !== 'GET' && facts.method !== 'HEAD') return bypass('method');
  if (facts.route === null) return bypass('no-route');
  if (facts.route.uncached) return bypass('uncached-route');
  if (facts.variant.signedIn) return bypass('signed-in');
  if (facts.setsCookie) return bypass('sets-cookie');
  const remote = facts.route.remote;
  const key = buildPageCacheKey({
    method: facts.method,
    path: facts.path,
    search: facts.search,
    variant: facts.variant,
    versions: {
      shell: facts.versions.shell,
      locales: facts.versions.locales,
      remote: { name: remote, version: facts.versions.remotes[remote] ?? 'none' },
    },
  });
  return { kind: 'cacheable', key, remote, renderPath: facts.pagePath + normaliseQuery(facts.search) };
}

/** Whether an API answer a render read is for one visitor or one use only (`private`, `no-store`, a cookie). */
export function isPrivateAnswer(cacheControl: string | null, setsCookie: boolean): boolean {
  return setsCookie || /\b(?:private|no-store)\b/i.test(cacheControl ?? '');
}

/** Why a rendered answer is not stored. */
export type NotStoredReason = 'status' | 'private-answer' | 'too-large';

/** What the store decision reads of a finished render. */
export interface RenderedFacts {
  status: number;
  /** The render read an API answer meant for one visitor or one use (a captcha, a draft, a failing API). */
  readPrivateAnswer: boolean;
  bytes: number;
  maxBytes: number;
}

/**
 * Only a 200 that read nothing private and fits the cache is stored; a request that sets a cookie never got
 * this far (`decidePageCaching`), and an answer naming versions no longer live is refused by the cache itself.
 */
export function decideStorable(facts: RenderedFacts): { store: true } | { store: false; reason: NotStoredReason } {
  if (facts.status !== 200) return { store: false, reason: 'status' };
  if (facts.readPrivateAnswer) return { store: false, reason: 'private-answer' };
  if (facts.bytes > facts.maxBytes) return { store: false, reason: 'too-large' };
  return { store: true };
}

/** How an entry of a given age is served. */
export type EntryAge = 'fresh' | 'stale' | 'expired';

/** Fresh for `ttlS` seconds, then served stale (while one request renders it again) for `staleS` more. */
export function classifyEntryAge(storedAt: number, now: number, ttlS: number, staleS: number): EntryAge {
  const age = now - storedAt;
  if (age < ttlS * 1000) return 'fresh';
  return age < (ttlS + staleS) * 1000 ? 'stale' : 'expired';
}

/** A strong entity tag of a stored body: every hit of an entry sends the same bytes. */
export function computeEntityTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether `If-None-Match` names this entity tag (weak comparison, RFC 9110 §13.1.2; `*` matches any). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * `Cache-Control` of a page: a page the cache may keep may be kept by a CDN too (`s-maxage`, served stale
 * while it revalidates) but is revalidated by browsers each time (`max-age=0`, the ETag answers 304);
 * anything else is `private, no-store`.
 */
export function buildCacheControl(shared: boolean, ttlS: number, staleS: number): string {
  return shared ? `public, max-age=0, s-maxage=${ttlS}, stale-while-revalidate=${staleS}` : 'private, no-store';
}

/** A `Vary` value with more request headers, each once. */
export function mergeVary(current: string | undefined, ...names: string[]): string {
  const seen = new Map<string, string>();
  for (const name of [...(current ?? '').split(','), ...names].map((value) => value.trim()).filter(Boolean))
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  return [...seen.values()].join(', ');
}
