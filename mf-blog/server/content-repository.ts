import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Marked, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';
import { LOCALES, toLocalePrefix, type Locale } from '@reelkeep/shared-contracts';
import { fillFactPlaceholders, readServiceFacts } from '@reelkeep/shared-contracts/product-facts';
import { toHeadingId } from './heading-id.ts';
import { URL_AUTOLINK } from './url-autolink.ts';

/** Categories of the guide centre. */
export const ARTICLE_CATEGORIES = ['guides', 'formats', 'troubleshooting', 'product', 'faq'] as const;
/** One category. */
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** A heading of an article's table of contents. */
export interface TocEntry {
  id: string;
  text: string;
}

/** An article in one locale, rendered. */
export interface Article {
  slug: string;
  locale: Locale;
  title: string;
  description: string;
  category: ArticleCategory;
  published: string;
  updated: string;
  related: string[];
  faq: { q: string; a: string }[];
  html: string;
  toc: TocEntry[];
  readingMinutes: number;
}

/** A policy document in one locale, rendered. */
export interface Policy {
  slug: string;
  locale: Locale;
  title: string;
  description: string;
  updated: string;
  html: string;
}

/** Values the policies name through placeholders (`{{company}}`…), from the site configuration (`context.site`). */
export interface ContentValues {
  company: string;
  contactEmail: string;
  siteUrl: string;
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The text of inline HTML: tags dropped and marked's entities read back, so React escapes it once, not twice. */
const toPlainText = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&(#39|quot|lt|gt|amp);/g, (_entity, name: string) => ({ '#39': "'", quot: '"', lt: '<', gt: '>', amp: '&' })[name]!);

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Renders Markdown with the site's rules: internal links get the locale prefix, a link to a document that
 * does not exist in the locale keeps its text but loses the link, h2/h3 get ids for the table of contents, a bare
 * address links only as far as the URL goes.
 */
function createRenderer(locale: Locale, isMissingDocument: (slug: string) => boolean) {
  const toc: TocEntry[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      link({ href, title, tokens }: Tokens.Link) {
        const text = this.parser.parseInline(tokens);
        if (href.startsWith('/') && isMissingDocument(href.slice(1).split(/[?#]/)[0]!)) return text;
        const target = href.startsWith('/') ? toLocalePrefix(locale) + href : href;
        return `<a href="${escapeAttribute(target)}"${title ? ` title="${escapeAttribute(title)}"` : ''}>${text}</a>`;
      },
      heading({ tokens, depth }) {
        const html = this.parser.parseInline(tokens);
        const text = toPlainText(html);
        let id = toHeadingId(text);
        const seen = used.get(id) ?? 0;
        used.set(id, seen + 1);
        if (seen > 0) id = `${id}-${seen + 1}`;
        if (depth === 2) toc.push({ id, text });
        return `<h${depth} id="${id}">${html}</h${depth}>\n`;
      },
    },
  }).use(URL_AUTOLINK);
  // Wide tables scroll inside their own box on small screens.
  const render = (markdown: string) =>
    (marked.parse(markdown, { async: false }) as string)
      .replace(/<table>/g, '<div class="rk-table-scroll"><table>')
      .replace(/<\/table>/g, '</table></div>');
  return { render, toc };
}

function fillPlaceholders(text: string, values: ContentValues): string {
  return text.replace(/\{\{(company|contactEmail|siteUrl)\}\}/g, (_, key: keyof ContentValues) => values[key]);
}

/** Reading time: about 220 words a minute, or 500 characters for Chinese and Japanese. */
function estimateReadingMinutes(markdown: string, locale: Locale): number {
  const units = locale === 'zh' || locale === 'ja' ? markdown.replace(/\s/g, '').length / 500 : markdown.split(/\s+/).length / 220;
  return Math.max(1, Math.round(units));
}

async function readDocuments(dir: string): Promise<{ locale: Locale; slug: string; meta: Record<string, unknown>; body: string }[]> {
  const documents = [];
  for (const locale of LOCALES) {
    const files = await readdir(path.join(dir, locale)).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith('.md')).sort()) {
      const text = await readFile(path.join(dir, locale, file), 'utf8');
      const match = FRONT_MATTER.exec(text);
      if (!match) throw new Error(`${locale}/${file}: no front matter`);
      documents.push({ locale, slug: file.replace(/\.md$/, ''), meta: parseYaml(match[1]!) as Record<string, unknown>, body: match[2]! });
    }
  }
  return documents;
}

function requireString(meta: Record<string, unknown>, key: string, where: string): string {
  const value = meta[key];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${where}: front matter ${key} is missing`);
  return value;
}

function requireDate(meta: Record<string, unknown>, key: string, where: string): string {
  const value = meta[key] instanceof Date ? (meta[key] as Date).toISOString().slice(0, 10) : String(meta[key] ?? '');
  if (!DATE.test(value)) throw new Error(`${where}: front matter ${key} must be YYYY-MM-DD`);
  return value;
}

/** Every article and policy of the content folder, rendered once at start; a malformed file stops start-up. */
export async function loadContent(contentDir: string, values: ContentValues) {
  const articleDocuments = await readDocuments(path.join(contentDir, 'articles'));
  const policyDocuments = await readDocuments(path.join(contentDir, 'policies'));
  const documentSlugs = new Set([...articleDocuments, ...policyDocuments].map((document) => document.slug));
  const available = new Set([...articleDocuments, ...policyDocuments].map((document) => `${document.locale}/${document.slug}`));
  const missingIn = (locale: Locale) => (slug: string) => documentSlugs.has(slug) && !available.has(`${locale}/${slug}`);

  const articles: Article[] = [];
  for (const { locale, slug, meta, body: written } of articleDocuments) {
    const where = `articles/${locale}/${slug}.md`;
    // docs/content.md "Product facts": qualities come from the fact sheet; an unknown fact stops the load.
    const facts = (text: string) => fillFactPlaceholders(text, where);
    const body = facts(written);
    if (meta.service !== undefined && !readServiceFacts(String(meta.service)))
      throw new Error(`${where}: front matter service ${String(meta.service)} is not in the fact sheet`);
    const category = requireString(meta, 'category', where) as ArticleCategory;
    if (!ARTICLE_CATEGORIES.includes(category)) throw new Error(`${where}: unknown category ${category}`);
    const { render, toc } = createRenderer(locale, missingIn(locale));
    articles.push({
      slug,
      locale,
      title: facts(requireString(meta, 'title', where)),
      description: facts(requireString(meta, 'description', where)),
      category,
      published: requireDate(meta, 'published', where),
      updated: requireDate(meta, 'updated', where),
      related: Array.isArray(meta.related) ? meta.related.map(String) : [],
      faq: Array.isArray(meta.faq) ? (meta.faq as { q: string; a: string }[]).map(({ q, a }) => ({ q: facts(String(q)), a: facts(String(a)) })) : [],
      html: render(body),
      toc,
      readingMinutes: estimateReadingMinutes(body, locale),
    });
  }
  articles.sort((a, b) => b.published.localeCompare(a.published) || a.slug.localeCompare(b.slug));

  const policies: Policy[] = [];
  for (const { locale, slug, meta, body } of policyDocuments) {
    const where = `policies/${locale}/${slug}.md`;
    policies.push({
      slug,
      locale,
      title: requireString(meta, 'title', where),
      description: fillPlaceholders(requireString(meta, 'description', where), values),
      updated: requireDate(meta, 'updated', where),
      html: createRenderer(locale, missingIn(locale)).render(fillPlaceholders(body, values)),
    });
  }

  return {
    /** Articles of a locale, newest first. */
    listArticles: (locale: Locale) => articles.filter((article) => article.locale === locale),
    findArticle: (locale: Locale, slug: string) => articles.find((article) => article.locale === locale && article.slug === slug),
    /** Locales an article exists in (its hreflang alternates). */
    listArticleLocales: (slug: string) => LOCALES.filter((locale) => articles.some((article) => article.slug === slug && article.locale === locale)),
    findPolicy: (locale: Locale, slug: string) => policies.find((policy) => policy.locale === locale && policy.slug === slug),
    listPolicyLocales: (slug: string) => LOCALES.filter((locale) => policies.some((policy) => policy.slug === slug && policy.locale === locale)),
    allArticles: () => articles,
    allPolicies: () => policies,
  };
}

/** The loaded content. */
export type ContentRepository = Awaited<ReturnType<typeof loadContent>>;
