/**
 * The alert dialog's HTML message (docs/frame.md "Dialogs"): a translation may mark words up with a few inline
 * tags, and nothing else reaches the page as HTML. Every other character of the translation, and every value put
 * into its `{{placeholders}}`, is escaped, so a value that holds markup shows as text.
 */

/** The tags a translated message may use, without attributes: `<b>`, `<strong>`, `<em>`, `<i>`, `<br>`. */
const ALLOWED_TAG = /<(\/?)(b|strong|em|i|br)\s*\/?>/gi;
const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** Fills the placeholders of one run of text with its values and escapes the result; an unknown placeholder stays as written. */
function renderText(text: string, values: Readonly<Record<string, string | number>>): string {
  return escapeHtml(text.replace(PLACEHOLDER, (placeholder, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder)));
}

/** Turns a translated template and its values into the HTML the dialog shows: the allowed tags kept bare, everything else escaped. */
export function toSafeMessageHtml(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  let html = '';
  let from = 0;
  for (const match of template.matchAll(ALLOWED_TAG)) {
    html += renderText(template.slice(from, match.index), values);
    const [, closing, name] = match as unknown as [string, string, string];
    const tag = name.toLowerCase();
    html += tag === 'br' ? '<br>' : `<${closing}${tag}>`;
    from = match.index + match[0].length;
  }
  return html + renderText(template.slice(from), values);
}
