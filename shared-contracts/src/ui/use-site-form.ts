import { startTransition, useActionState, type FormEvent } from 'react';

/** What a form's submission gives the page: its latest result, whether one is under way, and the submit handler. */
export interface SiteForm<State> {
  state: State;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A site form with JavaScript (docs/forms.md "Without JavaScript"): React's `useActionState` runs `submit`
 * with the form's fields and keeps its result and whether it is under way. The form itself keeps its real
 * `action` and `method="post"`, so before the page's script has run, or without it, the browser posts it and
 * the server answers with a 303 to the page that shows the outcome.
 */
export function useSiteForm<State>(
  submit: (previous: Awaited<State>, fields: FormData) => Promise<State>,
  initial: Awaited<State>,
): SiteForm<Awaited<State>> {
  const [state, dispatch, pending] = useActionState<State, FormData>(submit, initial);
  return {
    state,
    pending,
    onSubmit: (event) => {
      event.preventDefault();
      const fields = new FormData(event.currentTarget);
      startTransition(() => dispatch(fields));
    },
  };
}
