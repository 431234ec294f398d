import type { Locale } from './locales.ts';

/**
 * The share toolbar's links (docs/sharing.md): plain links to each network's own share page, so no
 * third-party script, cookie or frame ever loads on the site, and sharing works without JavaScript.
 */

/** The networks offered, in their order on the toolbar. */
export type ShareNetwork = 'facebook' | 'x' | 'whatsapp' | 'telegram' | 'reddit' | 'line' | 'email';

/** A network's name as its users know it (a brand, never translated). */
export const SHARE_NETWORK_NAMES: Record<Exclude<ShareNetwork, 'email'>, string> = {
  facebook: 'Facebook',
  x: 'X',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  reddit: 'Reddit',
  line: 'LINE',
};

/** docs/sharing.md "Networks": LINE is where readers in Japan and Taiwan share; elsewhere it would be noise. */
const LINE_LOCALES: ReadonlySet<Locale> = new Set(['ja', 'zh']);

/** One link of the toolbar. */
export interface ShareLink {
  network: ShareNetwork;
  href: string;
}

/** The share links of a page (its canonical URL and title) for the visitors of a locale. */
export function buildShareLinks(page: { url: string; title: string }, locale: Locale): ShareLink[] {
  const url = encodeURIComponent(page.url);
  const title = encodeURIComponent(page.title);
  const links: ShareLink[] = [
    { network: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { network: 'x', href: `https://x.com/intent/post?url=${url}&text=${title}` },
    { network: 'whatsapp', href: `https://wa.me/?text=${title}%20${url}` },
    { network: 'telegram', href: `https://t.me/share/url?url=${url}&text=${title}` },
    { network: 'reddit', href: `https://www.reddit.com/submit?url=${url}&title=${title}` },
  ];
  if (LINE_LOCALES.has(locale)) links.push({ network: 'line', href: `https://social-plugins.line.me/lineit/share?url=${url}` });
  links.push({ network: 'email', href: `mailto:?subject=${title}&body=${title}%0A${url}` });
  return links;
}
