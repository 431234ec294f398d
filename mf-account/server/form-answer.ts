import { respondJson } from '@reelkeep/shared-contracts';

/** How a form endpoint answers one submission. */
export interface FormOutcome {
  status: number;
  /** Problems by field, as the page shows them (`{form: 'rate_limited'}`, `{email: 'invalid'}`). */
  problems?: Record<string, string>;
  /** Further fields of the JSON answer (`return`, `email`). */
  json?: Record<string, unknown>;
  /** Where a form post without JavaScript goes next (a same-site path). */
  location: string;
  /** A library answer whose cookies (a new session, a cleared one) go to the visitor. */
  cookiesFrom?: Response;
}

/**
 * The one responder of the account forms (docs/forms.md "Without JavaScript"): a script gets JSON with
 * `cscode` and the problems; a plain form post gets a 303 to the page that shows the outcome. Either way
 * the cookies of the outcome are kept.
 */
export function answerForm(isForm: boolean, outcome: FormOutcome): Response {
  const response = isForm
    ? new Response(null, { status: 303, headers: { location: outcome.location, 'cache-control': 'no-store' } })
    : respondJson({ cscode: outcome.status, problems: outcome.problems ?? {}, ...outcome.json }, outcome.status, { 'cache-control': 'no-store' });
  for (const cookie of outcome.cookiesFrom?.headers.getSetCookie() ?? []) response.headers.append('set-cookie', cookie);
  return response;
}
