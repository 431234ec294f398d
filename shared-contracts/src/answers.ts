/**
 * The answer schemas the shell and the landing pages read in the browser, loaded with `import()` when an answer
 * comes (a client navigation, a form sent): zod/mini stays out of every page's first load (docs/adr/0007-answer-schemas.md).
 */
export { formAnswerSchema, siteAnswerSchema } from './form-answers.ts';
export { namespaceResourcesSchema, pageDataAnswerSchema } from './hydration.ts';
export { newsletterAnswerSchema, proofOfWorkChallengeSchema } from './site-contract.ts';
