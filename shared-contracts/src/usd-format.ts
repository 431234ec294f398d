/** How a locale writes US dollars (CLDR's currency pattern with the narrow `$`, as `Intl.NumberFormat` writes it). */
interface UsdPattern {
  decimal: string;
  group: string;
  /** Digits before the first group separator appears: 2 writes 1234 but 12.345. */
  minimumGroupingDigits: 1 | 2;
  symbolFirst: boolean;
  /** Between the symbol and the number. */
  gap: string;
}

const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';
const ENGLISH_USD: UsdPattern = { decimal: '.', group: ',', minimumGroupingDigits: 1, symbolFirst: true, gap: '' };
const USD_PATTERNS: Readonly<Record<string, UsdPattern>> = {
  en: ENGLISH_USD,
  zh: ENGLISH_USD,
  ja: ENGLISH_USD,
  fr: { decimal: ',', group: NARROW_NBSP, minimumGroupingDigits: 1, symbolFirst: false, gap: NBSP },
  de: { decimal: ',', group: '.', minimumGroupingDigits: 1, symbolFirst: false, gap: NBSP },
  es: { decimal: ',', group: '.', minimumGroupingDigits: 2, symbolFirst: false, gap: NBSP },
  it: { decimal: ',', group: '.', minimumGroupingDigits: 2, symbolFirst: false, gap: NBSP },
  pt: { decimal: ',', group: '.', minimumGroupingDigits: 1, symbolFirst: true, gap: NBSP },
};

// Building a number format costs far more than using one: one per other locale, kept.
const USD_FORMATS = new Map<string, Intl.NumberFormat>();
const USD_FORMATS_KEPT = 32;

function formatUsdWithIntl(amount: number, locale: string): string {
  let format = USD_FORMATS.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'zh' ? 'zh-Hant' : locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
    if (USD_FORMATS.size < USD_FORMATS_KEPT) USD_FORMATS.set(locale, format);
  }
  return format.format(amount);
}

/**
 * A non-negative amount in whole cents, rounded half away from zero on its shortest decimal form (as ICU
 * rounds: 1.005 is 1.01); null for what that form does not write plainly (exponents, over 10^13).
 */
function roundToDisplayedCents(amount: number): number | null {
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(String(amount));
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2)) + (fraction[2]! >= '5' ? 1 : 0);
}

/**
 * Formats US dollars for a locale (the currency is always the dollar sign: docs/locales.md "Formats"). The
 * site's locales are written from a table, to the character what `Intl.NumberFormat` writes: building the first
 * number format of a page costs the browser a long task while the page hydrates (ICU's locale data), and the
 * server and every browser then write the same text. Other locales go through `Intl.NumberFormat`.
 */
export function formatUsd(amount: number, locale: string): string {
  const pattern = USD_PATTERNS[locale];
  if (!pattern) return formatUsdWithIntl(amount, locale);
  const cents = roundToDisplayedCents(Math.abs(amount));
  if (cents === null) return formatUsdWithIntl(amount, locale);
  const whole = String(Math.floor(cents / 100));
  const grouped =
    whole.length < 4 || (pattern.minimumGroupingDigits === 2 && whole.length < 5) ? whole : whole.replace(/\B(?=(\d{3})+$)/g, pattern.group);
  const number = `${grouped}${pattern.decimal}${String(cents % 100).padStart(2, '0')}`;
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return pattern.symbolFirst ? `${sign}$${pattern.gap}${number}` : `${sign}${number}${pattern.gap}$`;
}

/** Formats cents as US dollars for a locale. */
export const formatCents = (cents: number, locale: string): string => formatUsd(cents / 100, locale);
