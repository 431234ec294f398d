/**
 * The id of a heading, for its anchor and the table of contents (docs/locales.md "Heading anchors"): the text as
 * written in NFC, lower-cased, every run of characters other than letters, their marks and digits made one `-`.
 * Letters of every script keep their marks (`エピソード`, `étape`), so an anchor reads like its heading.
 */
export function toHeadingId(text: string): string {
  const id = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return id || 'section';
}
