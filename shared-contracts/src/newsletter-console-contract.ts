import { z } from 'zod';

/**
 * Server-only (`@reelkeep/shared-contracts/newsletter-console`): what the Newsletter section (mf-landing's `./console`) and the site squad's internal newsletter routes exchange
 * (docs/console.md "Newsletter"). The subscriptions are the site squad's (`site.newsletter_subscriptions`, signed
 * up through the footer it serves); the landing squad's section shows them and acts through those routes only.
 */

export const NEWSLETTER_STATES = ['pending', 'confirmed', 'unsubscribed'] as const;
export const NEWSLETTER_SORTS = ['email', 'locale', 'state', 'subscribed'] as const;
export const NEWSLETTER_PAGE_SIZE = 50;

/** A page of the list: sorted by a column, either way, optionally of one state. */
export const subscriberListInput = z.object({
  sort: z.enum(NEWSLETTER_SORTS).default('subscribed'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  state: z.enum(NEWSLETTER_STATES).optional(),
});
export type SubscriberListInput = z.output<typeof subscriberListInput>;

export const subscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  locale: z.string(),
  source: z.string(),
  state: z.enum(NEWSLETTER_STATES),
  subscribedAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberPageSchema = z.object({
  subscribers: z.array(subscriberSchema),
  total: z.number().int(),
  counts: z.object({ pending: z.number(), confirmed: z.number(), unsubscribed: z.number() }),
});
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;

/** One subscriber by id. */
export const subscriberRefInput = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** The unsubscribe's answer: before and after for the audit log, or why not. */
export const subscriberActionSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    email: z.string(),
    before: z.object({ state: z.enum(NEWSLETTER_STATES) }),
    after: z.object({ state: z.enum(NEWSLETTER_STATES) }),
  }),
  z.object({ ok: z.literal(false), problem: z.enum(['not_found', 'already_unsubscribed']) }),
]);
export type SubscriberActionAnswer = z.infer<typeof subscriberActionSchema>;
