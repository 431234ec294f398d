import type { ReactNode } from 'react';
import { DS } from '../design-system.ts';

/** A form's own problem (not one field's), announced as an alert; nothing when there is none (docs/forms.md "The form kit"). */
export function FormProblem({ children }: { children?: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className={DS.formProblem} role="alert">
      {children}
    </p>
  );
}
