import type { Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import type { FieldProblems } from './SectionForm.tsx';

/**
 * The section's words that depend on what happened: page titles, and the problems of a refused form, in the manager's
 * locale (`t` reads the `console_campaign` namespace).
 */

/** The section's pages, by title. */
type PageTitle = 'list' | 'create' | 'detail' | 'preview' | 'previewOf' | 'forbidden' | 'notFound';

/** A page's title in the manager's locale. */
export function titleOf(t: TranslateFunction, title: PageTitle, values?: Record<string, unknown>): string {
  return t(`titles.${title}`, values);
}

/** The fields a schema refused, each with its problem in words: empty, or what the field must be. */
export function describeProblems(t: TranslateFunction, problems: Record<string, 'empty' | 'invalid'>): FieldProblems {
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => [
      field,
      problem === 'empty' ? t('problems.empty') : t(`problems.fields.${field.replace(/^plan_.*/, 'plans')}`, { defaultValue: t('problems.invalid') }),
    ]),
  );
}

/** Why a whole campaign was refused, on the fields it concerns. */
export function describeRefusal(
  t: TranslateFunction,
  refusal: { error: 'unknown_translation_key' | 'duplicate_coupon' | 'coupon_taken'; problems: Record<string, string> },
): FieldProblems {
  if (refusal.error === 'unknown_translation_key')
    return Object.fromEntries(Object.keys(refusal.problems).map((field) => [field, t('problems.unknown_translation_key')]));
  return { code: t(refusal.error === 'coupon_taken' ? 'problems.coupon_taken' : 'problems.duplicate_coupon') };
}
