/**
 * The rules of `npm run check:docs`, apart from I/O: the repository must explain itself. Links between
 * Markdown files reach a file and a heading that exist, code cites docs pages by a heading they have, and no
 * file points at documents outside the repository.
 */
import path from 'node:path';

/** One problem, at the line a reader must fix. */
export interface DocsProblem {
  file: string;
  line: number;
  message: string;
}

/** What the check reads: every tracked path (images included) and the text of the text files. */
export interface DocsTree {
  paths: ReadonlySet<string>;
  texts: ReadonlyMap<string, string>;
}

/** A heading of a Markdown file: its text as rendered, its GitHub anchor and its line. */
export interface Heading {
  text: string;
  slug: string;
  line: number;
}

/**
 * References to documents that live outside the repository (the product definition and the machine notes
 * kept beside it), which a reader of the repository cannot follow.
 */
export const FOREIGN_REFERENCES: readonly { pattern: RegExp; name: string }[] = [
  { pattern: /\bspec\s*\u00a7/i, name: 'a spec section' },
  { pattern: /\bdecisions\.md\b/i, name: 'decisions.md' },
  { pattern: /TOOLCHAIN/, name: 'the toolchain notes' },
  { pattern: /\bpitfall \d/i, name: 'a numbered toolchain pitfall' },
  { pattern: /\.\.\/shared\b/, name: '../shared' },
];

/**
 * Files allowed to name `../shared` because they run something from there (a benchmark script, the CI
 * runner). None does today: `.ci/run` and `bench/` use only what the repository holds. A file added here
 * must execute the path it names; a comment that merely cites a document never belongs here.
 */
export const SHARED_RUNNERS: ReadonlySet<string> = new Set<string>();

const FENCE = /^\s*(```|~~~)/;
const ATX_HEADING = /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
// `docs/<page>.md`, optionally followed by `"<Heading>"`, which may start on the next line of a comment or a
// paragraph (quotes may be escaped inside a string literal). A Markdown link's target is checked as a link.
const CITATION = /(?<![\w./-])(?<!\]\()docs\/([\w./-]+?\.md)(?:[ \t]*(?:\n[ \t]*(?:\*|\/\/|--)?[ \t]*)?\\?"((?:[^"\\\n]|\\')+)\\?")?/g;
const MARKDOWN_LINK = /!?\[(?:[^\]\n]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"\n]*")?\s*\)/g;

/** The text of a heading as a reader sees it: inline code, emphasis and link syntax removed. */
export function toPlainHeading(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .trim();
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped (hyphens and underscores kept), each space a hyphen. */
export function slugifyHeading(text: string): string {
  return toPlainHeading(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

/** The lines of a Markdown file that are prose (fenced code blocks blanked, line numbers kept). */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (FENCE.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** The ATX headings of a Markdown file with GitHub's anchors (a repeated anchor gets `-1`, `-2`, …). */
export function readHeadings(markdown: string): Heading[] {
  const seen = new Map<string, number>();
  const headings: Heading[] = [];
  proseLines(markdown).forEach((line, index) => {
    const match = ATX_HEADING.exec(line);
    if (!match) return;
    const text = toPlainHeading(match[2]!);
    const base = slugifyHeading(match[2]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    headings.push({ text, slug: count === 0 ? base : `${base}-${count}`, line: index + 1 });
  });
  return headings;
}

const isMarkdown = (file: string) => file.endsWith('.md');

/** Whether a path (a file, or a folder some file lives in) exists in the tree. */
function pathExists(tree: DocsTree, target: string): boolean {
  if (target === '' || tree.paths.has(target)) return true;
  const folder = target.endsWith('/') ? target : `${target}/`;
  for (const candidate of tree.paths) if (candidate.startsWith(folder)) return true;
  return false;
}

function checkLinks(tree: DocsTree, file: string, text: string, headingsOf: (file: string) => Heading[]): DocsProblem[] {
  const problems: DocsProblem[] = [];
  proseLines(text).forEach((rawLine, index) => {
    const line = rawLine.replace(/`[^`]*`/g, '');
    for (const match of line.matchAll(MARKDOWN_LINK)) {
      const target = match[1]!;
      // Other sites, mail and the site's own absolute paths (`/netflix-downloader` in an article) are not files here.
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
      const [rawPath = '', anchor] = target.split('#', 2);
      const filePart = decodeURIComponent(rawPath.split('?')[0]!);
      const resolved = filePart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), filePart));
      if (resolved.startsWith('../') || !pathExists(tree, resolved)) {
        problems.push({ file, line: index + 1, message: `link to a missing file: ${target}` });
        continue;
      }
      if (anchor === undefined || anchor === '' || !isMarkdown(resolved) || !tree.texts.has(resolved)) continue;
      if (!headingsOf(resolved).some((heading) => heading.slug === anchor.toLowerCase())) {
        problems.push({ file, line: index + 1, message: `link to a missing heading: ${target}` });
      }
    }
  });
  return problems;
}

function checkCitations(tree: DocsTree, file: string, text: string, headingsOf: (file: string) => Heading[]): DocsProblem[] {
  const problems: DocsProblem[] = [];
  for (const match of text.matchAll(CITATION)) {
    const line = text.slice(0, match.index).split('\n').length;
    const page = `docs/${match[1]!}`;
    if (!tree.texts.has(page)) {
      problems.push({ file, line, message: `cites a missing page: ${page}` });
      continue;
    }
    const heading = match[2]?.replace(/\\'/g, "'");
    if (heading !== undefined && !headingsOf(page).some((candidate) => candidate.text === heading)) {
      problems.push({ file, line, message: `cites a heading ${page} does not have: "${heading}"` });
    }
  }
  return problems;
}

const CONFLICT_MARKER = /^(<{7}|>{7})( |$)/;

/** Lines a merge left behind (`<<<<<<< HEAD`, `>>>>>>> branch`): two versions of the text, neither checked. */
function checkConflictMarkers(file: string, text: string): DocsProblem[] {
  const problems: DocsProblem[] = [];
  text.split('\n').forEach((line, index) => {
    if (CONFLICT_MARKER.test(line)) problems.push({ file, line: index + 1, message: 'an unresolved merge conflict marker' });
  });
  return problems;
}

function checkForeignReferences(file: string, text: string): DocsProblem[] {
  const problems: DocsProblem[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, name } of FOREIGN_REFERENCES) {
      if (name === '../shared' && SHARED_RUNNERS.has(file)) continue;
      if (pattern.test(line)) problems.push({ file, line: index + 1, message: `cites ${name}, which is outside the repository: cite a docs/ page` });
    }
  });
  return problems;
}

/** The docs index every docs page and every ADR must be linked from. */
export const DOCS_INDEX = 'docs/README.md';
const ADR_FILE = /^docs\/adr\/(\d{4})-[\w.-]+\.md$/;
const DOCS_PAGE = /^docs\/(?:adr\/)?[^/]+\.md$/;

/** The files a Markdown file links to, resolved from the repository's root (anchors dropped). */
function readLinkedFiles(file: string, text: string): Set<string> {
  const linked = new Set<string>();
  for (const rawLine of proseLines(text)) {
    for (const match of rawLine.replace(/`[^`]*`/g, '').matchAll(MARKDOWN_LINK)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
      const filePart = decodeURIComponent(target.split('#', 1)[0]!.split('?')[0]!);
      if (filePart !== '') linked.add(path.posix.normalize(path.posix.join(path.posix.dirname(file), filePart)));
    }
  }
  return linked;
}

/**
 * The docs folder explains itself from its index: `docs/README.md` links every docs page and every ADR; each ADR
 * file is named `NNNN-<title>.md` with a number no other ADR has, and its title starts with that number.
 */
export function findIndexProblems(tree: DocsTree): DocsProblem[] {
  const index = tree.texts.get(DOCS_INDEX);
  if (index === undefined) return [{ file: DOCS_INDEX, line: 1, message: 'the docs index is missing' }];
  const linked = readLinkedFiles(DOCS_INDEX, index);
  const problems: DocsProblem[] = [];
  const adrsByNumber = new Map<string, string[]>();
  for (const file of [...tree.paths].filter((candidate) => DOCS_PAGE.test(candidate)).sort()) {
    if (file === DOCS_INDEX) continue;
    if (!linked.has(file)) problems.push({ file, line: 1, message: `not linked from the docs index (${DOCS_INDEX})` });
    if (!file.startsWith('docs/adr/')) continue;
    const number = ADR_FILE.exec(file)?.[1];
    if (number === undefined) {
      problems.push({ file, line: 1, message: 'an ADR is named NNNN-<title>.md' });
      continue;
    }
    adrsByNumber.set(number, [...(adrsByNumber.get(number) ?? []), file]);
    const title = readHeadings(tree.texts.get(file) ?? '')[0]?.text ?? '';
    if (!title.startsWith(`${number}. `)) problems.push({ file, line: 1, message: `the title must start with "${number}. "` });
  }
  for (const [number, files] of adrsByNumber) {
    if (files.length < 2) continue;
    for (const file of files)
      problems.push({ file, line: 1, message: `ADR number ${number} is also used by ${files.filter((other) => other !== file).join(', ')}` });
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/**
 * Every problem of the tree, in file and line order. `exempt` files are not read at all (the checker's own
 * tests, whose fixtures are wrong on purpose).
 */
export function findDocsProblems(tree: DocsTree, exempt: ReadonlySet<string> = new Set()): DocsProblem[] {
  const headingCache = new Map<string, Heading[]>();
  const headingsOf = (file: string) => {
    let headings = headingCache.get(file);
    if (!headings) headingCache.set(file, (headings = readHeadings(tree.texts.get(file) ?? '')));
    return headings;
  };
  const problems: DocsProblem[] = [];
  for (const [file, text] of [...tree.texts].sort(([a], [b]) => a.localeCompare(b))) {
    if (exempt.has(file)) continue;
    if (isMarkdown(file)) problems.push(...checkLinks(tree, file, text, headingsOf));
    problems.push(...checkCitations(tree, file, text, headingsOf), ...checkForeignReferences(file, text), ...checkConflictMarkers(file, text));
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}
