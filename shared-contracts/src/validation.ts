/** The field types of docs/forms.md "Field rules", shared by the browser (comfort) and the servers (the rule). */
export type FieldType = 'email' | 'password' | 'password_v2' | 'message' | 'username' | 'empty';

/** A field check's outcome (docs/forms.md "Field rules"): valid, empty, or failing its pattern. */
export type FieldStatus = 'valid' | 'empty' | 'invalid';

/** docs/forms.md "Field rules", email: local part, at sign, domain with a dot extension. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** Longest e-mail address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

const RULES: Record<Exclude<FieldType, 'empty'>, (value: string) => boolean> = {
  email: (value) => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value),
  password: (value) => /^\S{8,}$/.test(value),
  password_v2: (value) => /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d@$!%*?&]{8,50}$/.test(value),
  message: (value) => value.trim().length >= 20,
  username: (value) => /^[^?*:"<>|\\/&!]{4,20}$/.test(value) && !/^\d+$/.test(value),
};

/** Checks one field by its type (docs/forms.md "Field rules"). `empty` is always valid. */
export function checkField(type: FieldType, value: string): FieldStatus {
  if (type === 'empty') return 'valid';
  if (value.trim() === '') return 'empty';
  return RULES[type](value.trim()) ? 'valid' : 'invalid';
}

/** Newsletter box statuses (docs/forms.md "Newsletter"): the box starts `empty`. */
export type NewsletterStatus = 'empty' | 'required' | 'format' | 'succ' | 'fail';

/** docs/forms.md "Newsletter": an empty newsletter address is `required`, a malformed one `format`. */
export function checkNewsletterEmail(value: string): NewsletterStatus | null {
  const status = checkField('email', value);
  return status === 'empty' ? 'required' : status === 'invalid' ? 'format' : null;
}
