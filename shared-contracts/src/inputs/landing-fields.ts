import { EMAIL_MAX_LENGTH } from '../validation.ts';

/** The landing forms' fields and limits (docs/forms.md), shared by the pages and the input schemas of `landing.ts`. */

/** Topics of the contact form. */
export const CONTACT_TOPICS = ['download', 'licence', 'billing', 'other'] as const;
/** A topic of the contact form. */
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** Reasons offered by the uninstall feedback form. */
export const UNINSTALL_REASONS = ['not_needed', 'not_working', 'too_expensive', 'found_alternative', 'other'] as const;

/** docs/forms.md "Limits": longest contact field, in characters after trimming (line breaks count one). */
export const CONTACT_LIMITS = { name: 100, email: EMAIL_MAX_LENGTH, message: 5000 } as const;

/** docs/forms.md "Limits": the uninstall comment is cut to this many characters. */
export const UNINSTALL_COMMENT_MAX_LENGTH = 1000;

/** What the contact form can say about each field when it comes back (docs/forms.md "Problems"). */
export const CONTACT_PROBLEMS = {
  name: ['empty', 'invalid'],
  email: ['empty', 'invalid'],
  topic: ['empty'],
  message: ['empty', 'invalid'],
  captcha: ['invalid'],
  form: ['invalid', 'rate_limited', 'not_kept', 'failed'],
} as const;
/** The problems of a returned contact form, by field. */
export type ContactProblems = { [Field in keyof typeof CONTACT_PROBLEMS]?: (typeof CONTACT_PROBLEMS)[Field][number] };
