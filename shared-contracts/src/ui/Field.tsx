import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FORM_CLASSES } from './form-classes.ts';

/** The class names of a field's parts: the site's form look by default; a squad whose layout differs passes its CSS module's, as for a dialog. */
export interface FieldClasses {
  label: string;
  /** The input, select or text area. */
  control: string;
  hint: string;
  problem: string;
}

/** The design system's field look (`DS`, docs/forms.md "The form kit"). */
export const FIELD_CLASSES: FieldClasses = {
  label: FORM_CLASSES.fieldLabel,
  control: FORM_CLASSES.input,
  hint: FORM_CLASSES.fieldHint,
  problem: FORM_CLASSES.fieldProblem,
};

/** What every field of the kit has, whatever its control. */
interface FieldFrame {
  /** The control's id; its hint is `<id>-hint` and its problem `<id>-problem`, which the control names as its description. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /**
   * The field's problem, as text. Left out, the field has no problem line; `null` or `''` keeps an empty one, so
   * the control's description and `aria-invalid` are there before a problem fills them.
   */
  problem?: string | null;
  classes?: FieldClasses;
  /**
   * One line under the control, with this id, that shows the problem when there is one and the hint otherwise
   * (always there, empty when both are): for a field whose hint gives way to its problem in the same place.
   */
  messageLine?: { id: string; role?: 'alert' | 'status' };
  /** A control beside the input, on one row with it (a coupon's Apply button), in a `<div>` of class `rowClass`. */
  action?: ReactNode;
  rowClass?: string;
}

/** The attributes the kit sets on a control itself. */
type KitAttributes = 'id' | 'className' | 'aria-describedby' | 'aria-invalid' | 'children';

/** A labelled input of a site form (docs/forms.md "The form kit"). */
export interface FieldProps extends FieldFrame, Omit<InputHTMLAttributes<HTMLInputElement>, KitAttributes> {}
/** A labelled select; its options are its children. */
export interface SelectFieldProps extends FieldFrame, Omit<SelectHTMLAttributes<HTMLSelectElement>, Exclude<KitAttributes, 'children'>> {}
/** A labelled text area. */
export interface TextAreaFieldProps extends FieldFrame, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, KitAttributes> {}

/**
 * A label, a control (`tag`, with every attribute the caller gave it), its hint and its problem line: the ids,
 * description and `aria-invalid` the journeys and screen readers rely on.
 */
function renderField(tag: 'input' | 'select' | 'textarea', props: FieldFrame & { children?: ReactNode }) {
  const { id, label, hint, problem, classes = FIELD_CLASSES, messageLine, action, rowClass, ...attributes } = props;
  const Control = tag;
  const hasProblemLine = problem !== undefined || messageLine !== undefined;
  const describedBy = messageLine ? messageLine.id : [hint ? `${id}-hint` : null, hasProblemLine ? `${id}-problem` : null].filter(Boolean).join(' ');
  const control = (
    <Control
      id={id}
      className={classes.control}
      aria-invalid={hasProblemLine ? Boolean(problem) : undefined}
      aria-describedby={describedBy || undefined}
      {...attributes}
    />
  );
  return (
    <>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      {action === undefined ? (
        control
      ) : (
        <div className={rowClass}>
          {control}
          {action}
        </div>
      )}
      {messageLine ? (
        <p id={messageLine.id} className={problem ? classes.problem : classes.hint} role={messageLine.role}>
          {problem || hint}
        </p>
      ) : (
        <>
          {hint && (
            <p id={`${id}-hint`} className={classes.hint}>
              {hint}
            </p>
          )}
          {hasProblemLine && (
            <p id={`${id}-problem`} className={classes.problem}>
              {problem}
            </p>
          )}
        </>
      )}
    </>
  );
}

/** A labelled input with its hint and problem (docs/forms.md "The form kit"). */
export function Field(props: FieldProps) {
  return renderField('input', props);
}

/** A labelled select with its hint and problem; its options are its children. */
export function SelectField(props: SelectFieldProps) {
  return renderField('select', props);
}

/** A labelled text area with its hint and problem. */
export function TextAreaField(props: TextAreaFieldProps) {
  return renderField('textarea', props);
}
