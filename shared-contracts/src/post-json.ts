import type * as z from 'zod/mini';
import { isJsonObject } from './json-answer.ts';

/**
 * Posts a form of the site as JSON and reads its answer with the endpoint's schema. Never throws for anything
 * the network or the server does: no answer reads as `cscode` 0, an answer without a numeric `cscode` takes
 * the HTTP status, and an answer that does not fit its schema reads as that `cscode` alone, which every form
 * treats as "try again". So each schema accepts a bare `{ cscode }` (a refusal without details).
 */
export async function postJson<Answer extends { cscode: number }>(path: string, body: object, schema: z.ZodMiniType<Answer>): Promise<Answer> {
  let cscode = 0;
  let answer: unknown = null;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    answer = await response.json().catch(() => null);
    cscode = isJsonObject(answer) && typeof answer.cscode === 'number' ? answer.cscode : response.status;
  } catch {
    cscode = 0;
  }
  const read = schema.safeParse(isJsonObject(answer) ? { ...answer, cscode } : { cscode });
  return read.success ? read.data : schema.parse({ cscode });
}
