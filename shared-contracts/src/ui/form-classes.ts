/**
 * The form kit's global class names (shell/src/app/frame.css, docs/forms.md "The form kit"), part of the design
 * system's `DS`. Kept apart so that a squad's bundle that uses the kit's fields, but not `DS`, carries only these.
 */
export const FORM_CLASSES = {
  /** A form's card: the card, narrow and centred (login, registration, password pages). */
  formCard: 'rk-card rk-card--form',
  fieldLabel: 'rk-field-label',
  input: 'rk-input',
  fieldHint: 'rk-field-hint',
  fieldProblem: 'rk-field-problem',
  formProblem: 'rk-form-problem',
} as const;
