/**
 * Checks for JSON answers, small enough for the browser's first load (zod/mini for one object
 * schema adds 11.6 kB gzip to a page):
 * every answer of the site is parsed with a reader built from these, never cast (CONVENTIONS.md §15).
 */

/** A parsed JSON object whose fields are not checked yet. */
export type JsonObject = Record<string, unknown>;

/** Whether a parsed JSON value is an object (not null, not an array), the shape of every answer of the site. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a value is an array whose every item passes a check. */
export function isArrayOf<Item>(value: unknown, isItem: (item: unknown) => item is Item): value is Item[] {
  return Array.isArray(value) && value.every(isItem);
}

/** Whether a value is text. */
export function isText(value: unknown): value is string {
  return typeof value === 'string';
}

/** Whether a value is a finite number. */
export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Whether a value is an object of texts by key (problems by field, …). */
export function isTextRecord(value: unknown): value is Record<string, string> {
  return isJsonObject(value) && Object.values(value).every(isText);
}

/** A text field of an answer, or undefined when it is absent or not text. */
export function readText(value: unknown): string | undefined {
  return isText(value) ? value : undefined;
}

/** Whether a value is one of a list's values. */
export function isOneOf<Value>(values: readonly Value[], value: unknown): value is Value {
  return (values as readonly unknown[]).includes(value);
}

/** Whether a value is text or null. */
export function isTextOrNull(value: unknown): value is string | null {
  return value === null || isText(value);
}
