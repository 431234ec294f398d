import { isJsonObject, isTextRecord, type JsonObject } from './json-answer.ts';

/** What a site endpoint answers a script: its `cscode` (spec §7), plus the fields its reader vouched for. */
export type SiteAnswer<Fields extends object = object> = Fields & { cscode: number };

/**
 * Reads the fields of one endpoint's JSON answer that it can vouch for; a field that is absent or does not fit
 * is left out, and the page treats it as it treats no answer.
 */
export type AnswerReader<Fields extends object> = (answer: JsonObject) => Fields;

/** Problems by field, as a form shows them (`{ form: 'rate_limited' }`, `{ email: 'invalid' }`): docs/security.md "Input". */
export type FormProblems = Record<string, string>;

/** What a form endpoint of the site answers a script besides `cscode`. */
export interface FormAnswer {
  problems?: FormProblems;
}

/** Reads a form endpoint's answer: its problems, when they are problems by field. */
export const readFormAnswer: AnswerReader<FormAnswer> = (answer) => (isTextRecord(answer.problems) ? { problems: answer.problems } : {});

/**
 * Posts a form of the site as JSON and reads its answer: `cscode`, plus what `readFields` vouches for. Never
 * throws: no answer, or one that is not a JSON object, comes back as `cscode` 0 (or the HTTP status), which
 * every form treats as "try again".
 */
export function postJson(path: string, body: object): Promise<SiteAnswer>;
export function postJson<Fields extends object>(path: string, body: object, readFields: AnswerReader<Fields>): Promise<SiteAnswer<Fields>>;
/**
 * @deprecated The answer's fields are cast, not checked: pass a reader. Kept only until mf-checkout reads its
 * answers with readers (issue 17); then this overload goes, and a call without a reader keeps only `cscode`.
 */
export function postJson<Fields extends object>(path: string, body: object): Promise<SiteAnswer<Partial<Fields>>>;
export async function postJson(path: string, body: object, readFields?: AnswerReader<object>): Promise<SiteAnswer> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const json: unknown = await response.json().catch(() => null);
    const answer = isJsonObject(json) ? json : {};
    return { ...(readFields ? readFields(answer) : answer), cscode: typeof answer.cscode === 'number' ? answer.cscode : response.status };
  } catch {
    return { cscode: 0 };
  }
}
