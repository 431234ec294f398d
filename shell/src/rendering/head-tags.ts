import { HREFLANG, type HeadFields, type Locale } from '@reelkeep/shared-contracts';
import { listAlternates, toAbsoluteUrl } from '../routing/site-paths.ts';
import { escapeHtml, serialiseForScript } from './html-text.ts';

/**
 * The page head (docs/routing.md "Page head"), built by one function for both sides: the server writes it
 * into the document, and the browser renders the same tags with React after a client navigation, which
 * hoists them into `<head>`. So the head after a navigation is the head the server sends for that URL.
 */

/** One element of the page head. */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link';
  attributes: Readonly<Record<string, string>>;
  /** The text of a `<title>`. */
  text?: string;
}

/** The share image of pages that name none (1200 × 630, served by the shell). */
export const DEFAULT_SHARE_IMAGE = '/og-image.png';

/** Open Graph locale of each site locale. */
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', fr: 'fr_FR', zh: 'zh_TW', ja: 'ja_JP', de: 'de_DE', es: 'es_ES', pt: 'pt_BR', it: 'it_IT' };

/** What the head of one page is built from. */
export interface PageHeadInput {
  head: HeadFields;
  status: number;
  locale: Locale;
  /** The page's path without locale prefix. */
  path: string;
  siteUrl: string;
}

/**
 * Title, description and keywords; Open Graph and Twitter card tags (the page's share image or the site's);
 * and for a page that exists (200), the canonical link and the hreflang alternates of the locales it exists
 * in, with `x-default`.
 */
export function buildHeadTags({ head, status, locale, path, siteUrl }: PageHeadInput): HeadTag[] {
  const canonicalPath = head.canonicalPath ?? path;
  const pageUrl = toAbsoluteUrl(siteUrl, locale, canonicalPath);
  const image = new URL(head.image ?? DEFAULT_SHARE_IMAGE, siteUrl).href;
  const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({ tag: 'meta', attributes: { [key]: name, content } });
  const tags: HeadTag[] = [
    { tag: 'title', attributes: {}, text: head.title },
    meta('name', 'description', head.description),
    meta('name', 'keywords', head.keywords ?? ''),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:site_name', 'ReelKeep'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:image', image),
    meta('property', 'og:locale', OG_LOCALES[locale]),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
  ];
  if (status !== 200) return tags;
  tags.push({ tag: 'link', attributes: { rel: 'canonical', href: pageUrl } });
  for (const alternate of listAlternates(siteUrl, canonicalPath, head.locales)) {
    tags.push({
      tag: 'link',
      attributes: {
        rel: 'alternate',
        hreflang: alternate.hreflang === 'x-default' ? 'x-default' : HREFLANG[alternate.hreflang],
        href: alternate.href,
      },
    });
  }
  return tags;
}

/** The JSON-LD blocks of a page (schema.org), as the text of `<script type="application/ld+json">` elements (no `</script>` inside). */
export function buildStructuredData(head: HeadFields): string[] {
  return (head.structuredData ?? []).map((data) => serialiseForScript({ '@context': 'https://schema.org', ...data }));
}

/** The head tags as HTML, for the document the server sends. */
export function renderHeadTagsHtml(tags: readonly HeadTag[]): string {
  return tags
    .map(({ tag, attributes, text }) => {
      const attributeText = Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('');
      return tag === 'title' ? `<title>${escapeHtml(text ?? '')}</title>` : `<${tag}${attributeText}>`;
    })
    .join('');
}
