import * as z from 'zod/mini';

/** Problems by field, as a form shows them (`{ form: 'rate_limited' }`, `{ email: 'invalid' }`): docs/security.md "Input". */
export type FormProblems = Record<string, string>;

/** What every endpoint of the site answers a script, whatever it adds: its `cscode` (docs/forms.md "Answers"). */
export const siteAnswerSchema = z.object({ cscode: z.number() });

/** What a form endpoint of the site answers a script: its `cscode` and its problems by field (docs/forms.md "Answers"). */
export const formAnswerSchema = z.object({ cscode: z.number(), problems: z.optional(z.record(z.string(), z.string())) });
/** What a form endpoint answers. */
export type FormAnswer = z.infer<typeof formAnswerSchema>;
