import type { Locale } from '@reelkeep/shared-contracts';
import { html, type Markup } from './console-html.ts';

/** A moment as the console shows it: the reader's language, UTC (operators on several continents read one log). */
export function formatConsoleTime(iso: string | null, locale: Locale): Markup | string {
  if (!iso) return '—';
  // PostgreSQL's text form (`2026-11-28 18:16:18.369+00`) with an offset JavaScript reads (`+00:00`).
  const when = new Date((iso.includes('T') ? iso : iso.replace(' ', 'T')).replace(/([+-]\d\d)$/, '$1:00'));
  if (Number.isNaN(when.getTime())) return iso;
  const text = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-Hant' : locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(
    when,
  );
  return html`<time datetime="${when.toISOString()}">${text} UTC</time>`;
}
