import type * as z from 'zod/mini';

/**
 * The one way a JSON answer of the site is read, by servers and browsers alike: parsed with its endpoint's
 * schema from shared-contracts, never cast (CONVENTIONS.md §15). The schemas are zod/mini, so a page carries
 * only the checks its schemas use.
 */

/** A parsed JSON object whose fields are not checked yet. */
export type JsonObject = Record<string, unknown>;

/** Whether a parsed JSON value is an object (not null, not an array), the shape of every answer of the site. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a parsed JSON value with its endpoint's schema: the answer, or null when it does not fit. */
export function parseJsonAnswer<Answer>(schema: z.ZodMiniType<Answer>, value: unknown): Answer | null {
  const read = schema.safeParse(value);
  return read.success ? read.data : null;
}

/**
 * Reads a fetched answer with its endpoint's schema: null when there was no answer, it is not a success, it is
 * not JSON, or it does not fit; the caller decides what the page shows then.
 */
export async function readJsonResponse<Answer>(schema: z.ZodMiniType<Answer>, response: Response | null | undefined): Promise<Answer | null> {
  if (!response?.ok) return null;
  return parseJsonAnswer(schema, await response.json().catch(() => null));
}
