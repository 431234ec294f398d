import { createHash } from 'node:crypto';
import {
  PRICE_VARIANT_COOKIE,
  PRICE_VARIANTS,
  readCookie,
  serialiseCookie,
  serialiseCookieDeletion,
  type PriceVariant,
} from '@reelkeep/shared-contracts';

/** The price variant cookie lasts 30 days (docs/commerce.md "Price experiment"). */
const AB_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

const isVariant = (value: string | null | undefined): value is PriceVariant => PRICE_VARIANTS.includes(value as PriceVariant);

/**
 * docs/commerce.md "Price experiment": the price variant is assigned on the server. While the `ab_plan_price` experiment
 * is open, a visitor keeps the variant of their cookie; an `abPlanPrice` query value (affiliate links) is
 * taken; returning visitors (elk_token_id or the category cookie) and visitors arriving with an e-mail are
 * `old`; everyone else is split 50/50 by their address. A closed experiment clears its cookie. Every
 * variant is a price of the plan table, so no value a visitor sets can lower a price below the base.
 * `secure`: the site is served over HTTPS, so the cookie carries `Secure` (docs/security.md "Cookies").
 */
export function assignPlanPriceVariant(input: {
  cookieHeader: string | undefined;
  query: URLSearchParams;
  clientIp: string;
  open: boolean;
  secure: boolean;
}): {
  value: PriceVariant;
  setCookie: string | null;
} {
  const current = readCookie(input.cookieHeader, PRICE_VARIANT_COOKIE);
  const { secure } = input;
  const store = (value: PriceVariant) => ({
    value,
    setCookie: serialiseCookie(PRICE_VARIANT_COOKIE, value, { secure, httpOnly: true, maxAgeS: AB_COOKIE_MAX_AGE_S }),
  });
  if (!input.open)
    return { value: 'old', setCookie: current === undefined ? null : serialiseCookieDeletion(PRICE_VARIANT_COOKIE, { secure, httpOnly: true }) };
  const fromQuery = input.query.get(PRICE_VARIANT_COOKIE);
  if (isVariant(fromQuery)) return fromQuery === current ? { value: fromQuery, setCookie: null } : store(fromQuery);
  if (isVariant(current)) return { value: current, setCookie: null };
  const returning =
    readCookie(input.cookieHeader, 'elk_token_id') !== undefined || readCookie(input.cookieHeader, 'review_category_page_new') !== undefined;
  if (returning || input.query.has('email')) return store('old');
  // docs/commerce.md "Price experiment": a or b by address, 50/50: the same address gets the same prices on every visit.
  const bucket = createHash('sha256').update(input.clientIp).digest()[0]! % 2 === 0 ? 'a' : 'b';
  return store(bucket === 'a' ? 'price_a' : 'price_b');
}
