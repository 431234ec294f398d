import type { BrowserType, ConsentState } from '@reelkeep/shared-contracts';

const DAY_S = 86_400;

/**
 * docs/tracking.md "Visitor cookies": the spec's visitor cookies the browser writes, with their lifetimes. Those
 * that remember a visitor across visits (`guest_user`, `referrer`) need consent; the others only steer the page.
 */
export const VISITOR_COOKIE_LIFETIMES_S = {
  /** The spec gives none: as long as the consent that allows it. */
  guest_user: 180 * DAY_S,
  referrer: 7 * DAY_S,
  is_popup_dated: DAY_S,
  isWin: DAY_S,
} as const;

/** The visitor cookies that remember someone: written only with consent, removed without it. */
export const CONSENTED_VISITOR_COOKIES = ['guest_user', 'referrer'] as const;

/** The spec's guest record (`guest_user`), epoch seconds. */
export interface GuestRecord {
  last_active: number;
  session_count: number;
  created_at: number;
  /** The browser family and OS (`chrome/win`), not the full user agent: enough to tell devices apart, no more. */
  user_agent: string;
  popup_count: number;
}

/** One cookie to write (`maxAgeS` 0 removes it). */
export interface CookieWrite {
  name: string;
  value: string;
  maxAgeS: number;
}

/** Reads a `guest_user` value; null for anything that is not one. */
export function parseGuestRecord(text: string | undefined): GuestRecord | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const counts = ['last_active', 'session_count', 'created_at', 'popup_count'] as const;
    if (!counts.every((name) => Number.isSafeInteger(value[name]) && (value[name] as number) >= 0)) return null;
    if (typeof value.user_agent !== 'string' || value.user_agent.length > 40) return null;
    return value as unknown as GuestRecord;
  } catch {
    return null;
  }
}

/** The guest record after this page: a new session counts one more, a shown popup one more popup. */
export function updateGuestRecord(
  previous: GuestRecord | null,
  visit: { nowS: number; newSession: boolean; userAgent: string; popupShown: boolean },
): GuestRecord {
  const base = previous ?? { last_active: visit.nowS, session_count: 0, created_at: visit.nowS, user_agent: visit.userAgent, popup_count: 0 };
  return {
    last_active: visit.nowS,
    session_count: base.session_count + (visit.newSession || !previous ? 1 : 0),
    created_at: base.created_at,
    user_agent: visit.userAgent,
    popup_count: base.popup_count + (visit.popupShown ? 1 : 0),
  };
}

/** The external referrer the `referrer` cookie keeps: its origin and path (never its query); null for this site or none. */
export function toReferrerCookieValue(referrer: string, siteOrigin: string): string | null {
  try {
    const url = new URL(referrer);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === siteOrigin) return null;
    return `${url.origin}${url.pathname}`.slice(0, 300);
  } catch {
    return null;
  }
}

/** What the page knows when it decides the visitor cookies. */
export interface VisitorFacts {
  consent: ConsentState;
  globalPrivacyControl: boolean;
  /** The visitor's cookies by name. */
  cookies: Readonly<Record<string, string | undefined>>;
  nowS: number;
  /** The first page of a browser session (no session flag yet). */
  newSession: boolean;
  os: 'win' | 'mac';
  browser: BrowserType;
  referrer: string;
  siteOrigin: string;
  /** A popup (coupon modal, image ad) was shown now. */
  popupShown?: boolean;
}

/**
 * docs/tracking.md "Visitor cookies": what to write after a page or a popup. `isWin` follows the OS; a shown popup
 * dates the popups for a day; with consent (and never under Global Privacy Control) the guest record is kept up and a
 * first external referrer is kept for 7 days; without it both are removed.
 */
export function decideVisitorCookies(facts: VisitorFacts): CookieWrite[] {
  const writes: CookieWrite[] = [];
  const isWin = facts.os === 'win' ? 'true' : 'false';
  if (facts.cookies.isWin !== isWin) writes.push({ name: 'isWin', value: isWin, maxAgeS: VISITOR_COOKIE_LIFETIMES_S.isWin });
  if (facts.popupShown) writes.push({ name: 'is_popup_dated', value: '1', maxAgeS: VISITOR_COOKIE_LIFETIMES_S.is_popup_dated });

  const consented = facts.consent === 'granted' && !facts.globalPrivacyControl;
  if (!consented) {
    for (const name of CONSENTED_VISITOR_COOKIES) if (facts.cookies[name] !== undefined) writes.push({ name, value: '', maxAgeS: 0 });
    return writes;
  }
  const guest = updateGuestRecord(parseGuestRecord(facts.cookies.guest_user), {
    nowS: facts.nowS,
    newSession: facts.newSession,
    userAgent: `${facts.browser}/${facts.os}`,
    popupShown: facts.popupShown === true,
  });
  writes.push({ name: 'guest_user', value: JSON.stringify(guest), maxAgeS: VISITOR_COOKIE_LIFETIMES_S.guest_user });
  const referrer = facts.cookies.referrer === undefined ? toReferrerCookieValue(facts.referrer, facts.siteOrigin) : null;
  if (referrer) writes.push({ name: 'referrer', value: referrer, maxAgeS: VISITOR_COOKIE_LIFETIMES_S.referrer });
  return writes;
}
