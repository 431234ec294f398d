import type { ReactNode } from 'react';

/**
 * The pieces every form of the console's Campaigns section is made of (docs/console.md "Campaigns and coupons"):
 * server-rendered, no script; a refused form comes back with the values sent and a problem on each field.
 */

/** A field's problem as the section shows it: a text of `problems.*`. */
export type FieldProblems = Record<string, string>;

/** What a form shows back after a refusal: the values sent and the problem of each field. */
export interface FormState {
  values: Record<string, string>;
  problems: FieldProblems;
}

/** The campaign a form changes, sent with it. */
export const CampaignIdField = ({ id }: { id: string }) => <input type="hidden" name="id" value={id} />;

/** A text field or select with its label and, after a refusal, its problem (linked for screen readers). */
export function Field({ id, label, problem, hint, children }: { id: string; label: string; problem?: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {problem && (
        <p className="notice problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
    </div>
  );
}

/** The attributes linking an input to its hint and problem. */
export function describeField(id: string, problem: string | undefined, hint?: boolean) {
  const by = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': problem ? true : undefined, 'aria-describedby': by || undefined };
}

/** A notice above a form: a change done, or why it was refused. */
export function Notice({ kind, text }: { kind: 'done' | 'problem'; text: string }) {
  return (
    <p className={kind === 'problem' ? 'notice problem' : 'notice'} role={kind === 'problem' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

/** The options of a select: each value with its label in the manager's locale. */
export function Options({ values, label }: { values: readonly string[]; label: (value: string) => string }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}
