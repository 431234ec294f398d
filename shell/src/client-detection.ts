import { toLocalePath, type BrowserType, type ClientState, type Locale } from '@reelkeep/shared-contracts';

/** docs/frame.md "Navigation layouts": below 900 px a page is laid out for a phone (the spec's mobile breakpoint). */
export const MOBILE_MAX_WIDTH_PX = 899;

/** Browser families by user agent, most specific first (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSER_PATTERNS: [RegExp, BrowserType][] = [
  [/\bEdg(e|A|iOS)?\//, 'edge'],
  [/\b(OPR|Opera)\//, 'opera'],
  [/\bSamsungBrowser\//, 'samsung'],
  [/\b(Firefox|FxiOS)\//, 'firefox'],
  [/\b(Chrome|Chromium|CriOS)\//, 'chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'safari'],
];

/** The browser family a user agent names (docs/frame.md "Client state"). */
export function detectBrowserType(userAgent: string): BrowserType {
  return BROWSER_PATTERNS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'other';
}

/**
 * The referer the client state keeps: another site's origin and path, never its query or fragment (they may carry
 * someone's address or a token); null for none, this site, or anything that is not an http(s) URL.
 */
export function toClientReferer(referrer: string, siteOrigin: string): string | null {
  try {
    const url = new URL(referrer);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === siteOrigin) return null;
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}

/** What the browser tells about itself, as read from it. */
export interface ClientFacts {
  userAgent: string;
  /** `navigator.userAgentData.mobile` where the browser has it. */
  userAgentMobile: boolean | undefined;
  /** Whether the viewport is at most {@link MOBILE_MAX_WIDTH_PX} wide. */
  narrowViewport: boolean;
  webp: boolean;
  referrer: string;
  siteOrigin: string;
  locale: Locale;
}

/** docs/frame.md "Client state": the client state from what the browser tells (all but the category list). */
export function detectClient(facts: ClientFacts): Omit<ClientState, 'categories'> {
  return {
    mobile: facts.userAgentMobile ?? facts.narrowViewport,
    webp: facts.webp,
    referer: toClientReferer(facts.referrer, facts.siteOrigin),
    browser: detectBrowserType(facts.userAgent),
    downloadUrl: toLocalePath(facts.locale, '/downloading'),
  };
}

/** The category uids of a `/category/list` answer: each group, then its services. */
export function listCategoryUids(groups: readonly { uid: string; children: readonly { uid: string }[] }[]): string[] {
  return groups.flatMap((group) => [group.uid, ...group.children.map((child) => child.uid)]);
}

/** Whether this browser decodes WebP (a canvas that can encode it can decode it). */
export function supportsWebp(doc: Document): boolean {
  try {
    return doc.createElement('canvas').toDataURL('image/webp').startsWith('data:image/webp');
  } catch {
    return false;
  }
}

/**
 * Fills the client state once the page is idle: what the browser tells, then the category list (a failure leaves
 * it empty, as the spec ignores category failures).
 */
export async function detectClientState(
  dispatch: (detected: Partial<ClientState>) => void,
  locale: Locale,
  fetchJson: (url: string) => Promise<{ ok: boolean; json(): Promise<unknown> }> = (url) => fetch(url, { credentials: 'omit' }),
): Promise<void> {
  const agent = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
  dispatch(
    detectClient({
      userAgent: navigator.userAgent,
      userAgentMobile: agent.userAgentData?.mobile,
      narrowViewport: window.matchMedia?.(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`).matches ?? false,
      webp: supportsWebp(document),
      referrer: document.referrer,
      siteOrigin: window.location.origin,
      locale,
    }),
  );
  try {
    const query = new URLSearchParams({ language: locale, origin_url: window.location.pathname });
    const response = await fetchJson(`/category/list?${query}`);
    if (!response.ok) return;
    const [body, { parseCategoryListAnswer }] = await Promise.all([response.json(), import('./tracking/tracker-answers.ts')]);
    const answer = parseCategoryListAnswer(body);
    if (answer?.cscode === 200 && answer.data) dispatch({ categories: listCategoryUids(answer.data) });
  } catch {
    // docs/tracking.md "Failures are ignored": category failures are ignored.
  }
}
