import type { Locale } from './locales.ts';
import type { PromptQueueState } from './prompt-queue.ts';

/** Locale slice (docs/locales.md "Supported locales": locales, current locale, locale path, URL prefix, hreflang). */
export interface LocaleState {
  current: Locale;
  /** Empty for the default locale, else `/` plus the code. */
  prefix: string;
  /** The current path without its locale prefix. */
  path: string;
}

/** Client OS slice: detected from the user agent on the server, switchable by the visitor. */
export interface OsState {
  os: 'win' | 'mac';
  is64Bit: boolean;
}

/** Who is signed in. Never holds the session secret (it stays in an HttpOnly cookie). */
export interface SessionState {
  signedIn: boolean;
  /** `hasPassword` is false for accounts made by Google sign-in (or at checkout) until they set one. */
  user: { id: string; email: string; name: string; picture?: string; hasPassword?: boolean } | null;
}

/** Page meta slice: the head of the page on screen, written on every render and navigation; the share links read its canonical URL. */
export interface PageMetaState {
  title: string;
  description: string;
  keywords: string;
  status: number;
  /** Absolute canonical URL of the page on screen (what share links share), as in its `<link rel="canonical">`. */
  canonicalUrl: string;
}

/** A/B values assigned on the server (docs/commerce.md "Price experiment"), e.g. `abPlanPrice`. */
export interface AbState {
  values: Record<string, string>;
}

/**
 * Whether the frame shows the running campaign's navigation entry (docs/routing.md "The campaign entry in the
 * navigation"). The frame reads it (`selectCampaignNavVisible`); the campaign squad writes it once it knows
 * whether a campaign is on. Until it does, nothing writes it and every page starts with it false.
 */
export interface CampaignNavState {
  visible: boolean;
}

/** The browser families the client state tells apart (docs/frame.md "Client state"). */
export const BROWSER_TYPES = ['edge', 'opera', 'samsung', 'firefox', 'chrome', 'safari', 'other'] as const;
/** One browser family. */
export type BrowserType = (typeof BROWSER_TYPES)[number];

/**
 * What the browser tells about itself (docs/frame.md "Client state"): the spec's mobile flag, WebP support,
 * referer, browser type, download URL and category list. The server renders every page with none of it (null,
 * empty), the same for every visitor, so a cached page holds nothing of anyone's; the shell fills it in the
 * browser once the page is idle. Never used to choose what the server renders.
 */
export interface ClientState {
  /** A phone-sized screen (below the 900 px mobile breakpoint) or a browser that says it is mobile; null until known. */
  mobile: boolean | null;
  webp: boolean | null;
  /** Where the visitor came from: another site's origin and path (never its query), or null for none or this site. */
  referer: string | null;
  browser: BrowserType | null;
  /** Where the visitor downloads the app for their OS: the download page of their locale. */
  downloadUrl: string | null;
  /** The category uids of `/category/list`, groups first then their services; empty until loaded or when it failed. */
  categories: string[];
}

/** The client state every page is rendered with. */
export const CLIENT_NOT_DETECTED: ClientState = { mobile: null, webp: null, referer: null, browser: null, downloadUrl: null, categories: [] };

/** The slices every store has, by name. Remotes inject further slices of their own. */
export interface SharedState {
  locale: LocaleState;
  os: OsState;
  session: SessionState;
  pageMeta: PageMetaState;
  ab: AbState;
  campaignNav: CampaignNavState;
  /** The frame's prompt queue (docs/frame.md "Prompts"). Since 3.2.0. */
  prompts: PromptQueueState;
  /** Since contract 3.2.0. */
  client: ClientState;
}

/** Action type of the OS switch (the shell's `os` slice handles it; any remote may dispatch it). */
export const OS_SWITCHED_ACTION = 'os/osSwitched';

/** The action that switches the visitor's OS (docs/frame.md "Visitor's OS"). */
export function createOsSwitchedAction(os: OsState['os']): { type: typeof OS_SWITCHED_ACTION; payload: OsState['os'] } {
  return { type: OS_SWITCHED_ACTION, payload: os };
}

/** The visitor's locale, e.g. `fr`. */
export const selectLocale = (state: SharedState): Locale => state.locale.current;

/** The URL prefix of the visitor's locale: empty for the default locale, else `/` plus the code. */
export const selectLocalePrefix = (state: SharedState): string => state.locale.prefix;

/** The whole locale slice: the locale, its URL prefix and the current path without that prefix. */
export const selectLocaleState = (state: SharedState): LocaleState => state.locale;

/** The visitor's OS (detected on the server, switchable by the visitor). */
export const selectOs = (state: SharedState): OsState['os'] => state.os.os;

/** The session: whether someone is signed in, and who. */
export const selectSession = (state: SharedState): SessionState => state.session;

/** Whether someone is signed in. */
export const selectSignedIn = (state: SharedState): boolean => state.session.signedIn;

/** The signed-in user, or null. */
export const selectUser = (state: SharedState): SessionState['user'] => state.session.user;

/** The A/B values assigned on the server, by key (e.g. the price variant). */
export const selectAbValues = (state: SharedState): AbState['values'] => state.ab.values;

/** The head of the page on screen (title, canonical URL…). */
export const selectPageMeta = (state: SharedState): PageMetaState => state.pageMeta;

/** The absolute canonical URL of the page on screen: what the share links share. */
export const selectCanonicalUrl = (state: SharedState): string => state.pageMeta.canonicalUrl;

/** The spec's `isWin` flag: the visitor's OS is Windows. */
export const selectIsWin = (state: SharedState): boolean => state.os.os === 'win';

/** What the browser told about itself (all null and empty until the shell detected it after hydration). */
export const selectClient = (state: SharedState): ClientState => state.client ?? CLIENT_NOT_DETECTED;

/** Whether the frame shows the campaign's navigation entry. */
export const selectCampaignNavVisible = (state: SharedState): boolean => state.campaignNav.visible;
