import { z } from 'zod';
import { localeInput, optional, singleLine } from '../input-fields.ts';
import {
  CONTACT_LIMITS,
  CONTACT_PROBLEMS,
  CONTACT_TOPICS,
  UNINSTALL_COMMENT_MAX_LENGTH,
  UNINSTALL_REASONS,
  type ContactProblems,
} from './landing-fields.ts';

/**
 * Input schemas of the landing squad's endpoints (docs/forms.md, docs/security.md "Input"). The server reads
 * each request with its schema before anything else; pages and loaders use the same constants.
 */

// The constants live in a module of their own, so a page importing them does not pull zod into the browser.
export * from './landing-fields.ts';

// C0 controls and DEL, except tab, line feed and carriage return.
const CONTROLS_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
// Longest raw contact field read at all: the route's body limit already bounds it; this bounds a JSON call too.
const CONTACT_RAW_MAX_LENGTH = 4 * CONTACT_LIMITS.message;

/**
 * A contact field as typed: no control characters (tab and line breaks only in multi-line text), line
 * breaks as `\n` (a form posts `\r\n`, which `maxlength` counted as one), trimmed, absent as empty. Its
 * length is the contact rule's to judge (docs/forms.md "Drafts": an over-long field comes back cut, flagged).
 */
const contactText = (multiLineText: boolean) =>
  z
    .string()
    .max(CONTACT_RAW_MAX_LENGTH)
    .refine((value) => !(multiLineText ? CONTROLS_EXCEPT_WHITESPACE : ANY_CONTROL).test(value), 'control characters')
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .default('');

/** `POST /api/landing/contact`: the contact form (JSON from the page's script, or a form post without JavaScript). */
export const contactInput = z.object({
  name: contactText(false),
  email: contactText(false),
  topic: singleLine(40).default(''),
  message: contactText(true),
  locale: localeInput,
  /** The proof-of-work payload (base64 JSON) of a browser with JavaScript. */
  altcha: optional(singleLine(4000)),
  /** The signed arithmetic question and its answer, for a browser without JavaScript. */
  captcha_token: optional(singleLine(400)),
  captcha_answer: optional(singleLine(40)),
});
/** The contact form as read. */
export type ContactInput = z.output<typeof contactInput>;

/** `GET /api/landing/contact/draft?id=`: a draft's id as the contact route handed it out. */
export const contactDraftQuery = z.object({ id: z.uuid() });

/** A kept contact draft (docs/forms.md "Drafts"), as stored and as the draft route answers it in `data`. */
export const contactDraftSchema = z.object({
  fields: z.object({
    name: z.string().max(CONTACT_LIMITS.name),
    email: z.string().max(CONTACT_LIMITS.email),
    topic: z.union([z.enum(CONTACT_TOPICS), z.literal('')]),
    message: z.string().max(CONTACT_LIMITS.message),
  }),
  problems: z.record(z.string(), z.string().max(20)),
});
/** A kept contact draft. */
export type ContactDraft = z.output<typeof contactDraftSchema>;

/** The query key that carries one field's problem back to the contact page when no draft could be kept. */
const toProblemKey = (field: string) => `problem_${field}`;

const returnedProblem = <const Values extends readonly [string, ...string[]]>(values: Values) => z.enum(values).optional().catch(undefined);

/**
 * The contact page's query after a post (docs/forms.md "Drafts"): `sent=1`, or the draft's id, or, when no
 * draft could be kept, the problems and the topic (never the name, address or message: URLs end up in logs).
 * Anything unexpected is dropped, so a hand-made link shows nothing it should not.
 */
export const contactReturnQuery = z.object({
  sent: z.literal('1').optional().catch(undefined),
  draft: z.uuid().optional().catch(undefined),
  topic: z.enum(CONTACT_TOPICS).optional().catch(undefined),
  problem_name: returnedProblem(CONTACT_PROBLEMS.name),
  problem_email: returnedProblem(CONTACT_PROBLEMS.email),
  problem_topic: returnedProblem(CONTACT_PROBLEMS.topic),
  problem_message: returnedProblem(CONTACT_PROBLEMS.message),
  problem_captcha: returnedProblem(CONTACT_PROBLEMS.captcha),
  problem_form: returnedProblem(CONTACT_PROBLEMS.form),
});

/** Reads the problems out of a contact page's returned query (see contactReturnQuery). */
export function readReturnedProblems(query: z.output<typeof contactReturnQuery>): ContactProblems {
  const problems: Record<string, string> = {};
  for (const field of Object.keys(CONTACT_PROBLEMS)) {
    const problem = (query as Record<string, string | undefined>)[toProblemKey(field)];
    if (problem !== undefined) problems[field] = problem;
  }
  return problems as ContactProblems;
}

/** Writes the query that carries problems (and the topic) back to the contact page; unknown problems are left out. */
export function toContactReturnSearch(problems: Readonly<Record<string, string>>, topic: string): string {
  const params = new URLSearchParams();
  for (const [field, allowed] of Object.entries(CONTACT_PROBLEMS) as [string, readonly string[]][]) {
    const problem = problems[field];
    if (problem !== undefined && allowed.includes(problem)) params.set(toProblemKey(field), problem);
  }
  if ((CONTACT_TOPICS as readonly string[]).includes(topic)) params.set('topic', topic);
  return params.size > 0 ? `?${params}` : '';
}

/** `POST /api/landing/uninstall-feedback`: a reason of the list (the route requires one); the comment is cut to its limit. */
export const uninstallFeedbackInput = z.object({
  // Empty (nothing chosen) is the route's to answer, in the form's language; anything else off the list is refused here.
  reason: z.union([z.enum(UNINSTALL_REASONS), z.literal('')]).default(''),
  comment: z
    .string()
    .max(4 * UNINSTALL_COMMENT_MAX_LENGTH)
    .refine((value) => !CONTROLS_EXCEPT_WHITESPACE.test(value), 'control characters')
    .transform((value) => value.replace(/\r\n?/g, '\n').trim().slice(0, UNINSTALL_COMMENT_MAX_LENGTH))
    .default(''),
  product: optional(z.string().regex(/^[a-z0-9-]{1,60}$/)),
  locale: localeInput,
});

/** `GET /product/info?product_id=`: a product id or one of its option ids, digits only. */
export const productInfoQuery = z.object({
  product_id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

/** `GET /mlink?p=`: an installer's file name (whether it is one is the route's to say: 404). */
export const downloadLinkQuery = z.object({ p: singleLine(100, 1) });

/** `GET /api/landing/catalogue`: no input; other query parameters (cache busters) are ignored. */
export const catalogueQuery = z.object({});

/** `GET /category/list?language=&origin_url=`: the page's language and address, both informative only. */
export const categoryListQuery = z.object({
  language: localeInput,
  origin_url: optional(singleLine(2048)),
});

/** docs/routing.md "Site cookies": a category cookie holds at most this many category uids. */
export const CATEGORY_COOKIE_MAX_ENTRIES = 20;

const CATEGORY_UID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// Ad and affiliate ids: letters, digits, dot, underscore and hyphen.
const CAMPAIGN_VALUE = /^[A-Za-z0-9._-]{1,64}$/;

const siteCookieFields = {
  review_category_page_new: optional(
    singleLine(CATEGORY_COOKIE_MAX_ENTRIES * 41, 1)
      .transform((value) => value.split(',').map((uid) => uid.trim()))
      .pipe(z.array(z.string().regex(CATEGORY_UID).max(40)).min(1).max(CATEGORY_COOKIE_MAX_ENTRIES)),
  ),
  ad: optional(z.string().regex(CAMPAIGN_VALUE)),
  ad1: optional(z.string().regex(CAMPAIGN_VALUE)),
  affiliate: optional(z.string().regex(CAMPAIGN_VALUE)),
  return: optional(singleLine(2048, 1)),
};

/**
 * `GET /cookie_set?<name>=<value>…[&return=<path>]` (docs/routing.md "Site cookies"): only the names listed
 * here, each value in its own format; any other parameter is refused by its name (never silently ignored),
 * and at least one cookie is required. Whether category uids name real categories, and whether `return`
 * stays on the site, is the route's check.
 */
export const cookieSetQuery = z.looseObject(siteCookieFields).superRefine((query, context) => {
  for (const key of Object.keys(query))
    if (!Object.hasOwn(siteCookieFields, key)) context.addIssue({ code: 'custom', path: [key], message: 'not a cookie of the site' });
  if ([query.review_category_page_new, query.ad, query.ad1, query.affiliate].every((value) => value === undefined)) {
    context.addIssue({ code: 'custom', path: [], message: 'no cookie to set' });
  }
});
/** A `/cookie_set` query as read. */
export type CookieSetQuery = z.output<typeof cookieSetQuery>;
