import type { z } from 'zod';
import { localeInput } from './input-fields.ts';
import type { Locale } from './locales.ts';

/** A field's problem, as the forms show it: missing or empty, or not acceptable. */
export type InputProblem = 'empty' | 'invalid';

/** What reading an endpoint's input gave. `isForm` tells a no-JavaScript form post from a script's JSON. */
export type InputResult<T> =
  | { ok: true; data: T; isForm: boolean }
  | {
      ok: false;
      isForm: boolean;
      status: 400 | 415;
      problems: Record<string, InputProblem>;
      /** What was sent, as text safe to show back in a form (bounded, no control characters): a refused form loses nothing. */
      fields: Record<string, string>;
    };

const FORM_TYPE = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/**
 * One value per key, the last one, as a form with a hidden default before a checkbox means it
 * (`subscribed=false&subscribed=true`): a repeated key never reaches the schema as a list.
 */
function toFields(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params);
}

/** The longest text of a refused field that is shown back to the visitor. */
const ECHO_LIMIT = 5000;

/** What was sent, kept for showing back: strings only, bounded, without control characters. */
function toEchoFields(raw: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' && key.length <= 64)
      fields[key] = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').slice(0, ECHO_LIMIT);
  }
  return fields;
}

/** JSON scalars become the text a form would send, so one schema reads both; `null` means absent. */
function toJsonFields(body: unknown): Record<string, unknown> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null) continue;
    fields[key] = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
  }
  return fields;
}

function toProblems(issues: readonly z.core.$ZodIssue[], raw: Record<string, unknown>): Record<string, InputProblem> {
  const problems: Record<string, InputProblem> = {};
  for (const issue of issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'form';
    if (field in problems) continue;
    const value = raw[field];
    problems[field] = value === undefined || (typeof value === 'string' && value.trim() === '') ? 'empty' : 'invalid';
  }
  return problems;
}

/**
 * Reads an endpoint's input with its schema (docs/security.md "Input"): the query of a GET, else a JSON
 * body or a form post. Anything else is 415; malformed JSON or a value the schema refuses is 400 with a
 * problem per field. A body over the route's limit has already been refused by the gateway (413).
 */
export async function readInput<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<InputResult<z.output<Schema>>> {
  let raw: Record<string, unknown>;
  let isForm = false;
  if (request.method === 'GET' || request.method === 'HEAD') {
    raw = toFields(new URL(request.url).searchParams);
  } else {
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type === FORM_TYPE) {
      isForm = true;
      raw = toFields(new URLSearchParams(await request.text()));
    } else if (type === JSON_TYPE) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await request.text());
      } catch (error) {
        if ((error as { status?: number }).status === 413) throw error;
        return { ok: false, isForm, status: 400, problems: { form: 'invalid' }, fields: {} };
      }
      const fields = toJsonFields(parsed);
      if (!fields) return { ok: false, isForm, status: 400, problems: { form: 'invalid' }, fields: {} };
      raw = fields;
    } else {
      return {
        ok: false,
        isForm: type === '' || type.startsWith('multipart/') || type === 'text/plain',
        status: 415,
        problems: { form: 'invalid' },
        fields: {},
      };
    }
  }
  const result = await schema.safeParseAsync(raw);
  if (result.success) return { ok: true, data: result.data, isForm };
  return { ok: false, isForm, status: 400, problems: toProblems(result.error.issues, raw), fields: toEchoFields(raw) };
}

/**
 * The value of one field, valid or not: the parsed value when the input passed its schema, else what was
 * sent (text, for showing back). Lets a refused form keep the visitor's e-mail, name and locale.
 */
export function readField<T, Key extends keyof T & string>(input: InputResult<T>, name: Key): T[Key] | string | undefined {
  return input.ok ? input.data[name] : input.fields[name];
}

/** The page locale a submission names, valid or not: a refused form still answers in the visitor's language. */
export function readSubmittedLocale(input: InputResult<unknown>): Locale {
  const value = input.ok ? (input.data as { locale?: unknown } | null)?.locale : input.fields.locale;
  return localeInput.parse(typeof value === 'string' ? value : undefined);
}

/**
 * The body a page posts to an endpoint whose input `Schema` reads (`{ … } satisfies PostedInput<typeof loginInput>`),
 * so a page and its endpoint cannot drift apart: the fields the schema takes, where a text field may also be
 * sent as a number or a flag (`readInput` reads a JSON body's scalars as text, as a form post sends them).
 */
export type PostedInput<Schema extends z.ZodType> = {
  [Field in keyof z.input<Schema>]: z.input<Schema>[Field] | (z.input<Schema>[Field] extends string | undefined ? number | boolean : never);
};
