import type { ReactNode } from 'react';
import { FORM_CLASSES } from './form-classes.ts';

/**
 * A form's own problem (not one field's), announced as an alert; nothing when there is none (docs/forms.md "The
 * form kit"). `className` replaces the site's look where a squad's layout keeps its own.
 */
export function FormProblem({ children, className = FORM_CLASSES.formProblem }: { children?: ReactNode; className?: string }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className={className} role="alert">
      {children}
    </p>
  );
}
