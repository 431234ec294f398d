import type { InputHTMLAttributes, ReactNode } from 'react';
import { DS } from '../design-system.ts';

/** A labelled input of a site form (docs/forms.md "The form kit"). */
export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'aria-describedby' | 'aria-invalid'> {
  /** The input's id; its hint is `<id>-hint` and its problem `<id>-problem`, which the input names as its description. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /**
   * The field's problem, as text. Left out, the field has no problem line; `null` or `''` keeps an empty one, so
   * the input's description and `aria-invalid` are there before a problem fills them.
   */
  problem?: string | null;
}

/** A label, an input, its hint and its problem line: the ids, description and `aria-invalid` the journeys and screen readers rely on. */
export function Field({ id, label, hint, problem, ...input }: FieldProps) {
  const hasProblemLine = problem !== undefined;
  const describedBy = [hint ? `${id}-hint` : null, hasProblemLine ? `${id}-problem` : null].filter(Boolean).join(' ');
  return (
    <>
      <label className={DS.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <input
        className={DS.input}
        id={id}
        aria-invalid={hasProblemLine ? Boolean(problem) : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className={DS.fieldHint}>
          {hint}
        </p>
      )}
      {hasProblemLine && (
        <p id={`${id}-problem`} className={DS.fieldProblem}>
          {problem}
        </p>
      )}
    </>
  );
}
