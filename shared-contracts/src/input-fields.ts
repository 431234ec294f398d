import { z } from 'zod';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './validation.ts';

/**
 * Building blocks of the endpoints' input schemas (docs/security.md "Input"): every text a visitor sends
 * has a length limit and no control characters (NUL and friends never reach the database); numbers have
 * ranges. Each endpoint's schema is built from these in `shared-contracts/src/inputs/`.
 */

// C0 controls and DEL, except tab, new line and carriage return (which only multi-line text may hold).
const CONTROLS_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;

/** One line of text, trimmed, `min` to `max` characters (`min` 1 makes it required). */
export const singleLine = (max: number, min = 0) =>
  z
    .string()
    .max(max * 4)
    .refine((value) => !ANY_CONTROL.test(value), 'control characters')
    .transform((value) => value.trim())
    .pipe(z.string().min(min).max(max));

/** Text with line breaks (a message), trimmed, `min` to `max` characters. */
export const multiLine = (max: number, min = 0) =>
  z
    .string()
    .max(max * 4)
    .refine((value) => !CONTROLS_EXCEPT_WHITESPACE.test(value), 'control characters')
    .transform((value) => value.trim())
    .pipe(z.string().min(min).max(max));

/** A page locale; anything else (absent, unknown) means the default locale, so a form always has a language to answer in. */
export const localeInput = z
  .string()
  .max(16)
  .optional()
  .catch(undefined)
  .transform((value): Locale => (value !== undefined && isLocale(value) ? value : DEFAULT_LOCALE));

/** The e-mail field (docs/forms.md "Field rules"), trimmed; empty is its own problem. */
export const emailInput = z
  .string()
  .max(EMAIL_MAX_LENGTH * 2)
  .transform((value) => value.trim())
  .pipe(z.string().min(1).max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN));

/** A whole number in a range, from JSON or from a form's text. */
export const wholeNumber = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** An optional field that may also arrive empty (forms send every field). */
export const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal('').transform(() => undefined), schema]).optional();

/** `true`/`false` from JSON, or a form's `true`, `on`, `1` (checked) and `false`, `0`, `` (unchecked). */
export const flagInput = z
  .union([z.boolean(), z.enum(['true', 'on', '1', 'false', '0', ''])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');
