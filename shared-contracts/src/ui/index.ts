/**
 * The site's UI kit (docs/forms.md "The form kit"): one field, one form problem, one form hook and one dialog for
 * every squad, styled by the design system's classes (`DS`) the shell's stylesheet provides.
 */
export { Dialog, keepFocusInside, type DialogClasses, type DialogProps } from './Dialog.tsx';
export {
  Field,
  FIELD_CLASSES,
  SelectField,
  TextAreaField,
  type FieldClasses,
  type FieldProps,
  type SelectFieldProps,
  type TextAreaFieldProps,
} from './Field.tsx';
export { FormProblem } from './FormProblem.tsx';
export { useSiteForm, type SiteForm } from './use-site-form.ts';
