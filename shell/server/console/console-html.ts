/**
 * The console's markup: a tagged template that escapes every value it is given (text and attributes alike) unless
 * it is markup this module made. No script runs on a console page (docs/console.md "Security").
 */

/** Markup already escaped. */
export class Markup {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

function toMarkup(value: unknown): string {
  if (value instanceof Markup) return value.value;
  if (Array.isArray(value)) return value.map(toMarkup).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** Builds markup: values are escaped, `Markup` values and arrays of them are kept. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += toMarkup(value) + strings[index + 1]!;
  });
  return new Markup(out);
}

/**
 * A stylesheet of this code for a `<style>` element, kept as written: the browser reads a style element's text as CSS,
 * never as HTML, so escaping it would break every quoted font name and child selector (`'Inter'`, `main>section`).
 * Only constants of the console pass here, never a visitor's text; one that could end the element is refused.
 */
export function styleSheet(css: string): Markup {
  if (/<\/style/i.test(css) || css.includes('<!--')) throw new Error('a console stylesheet must not end its <style> element');
  return new Markup(css);
}
