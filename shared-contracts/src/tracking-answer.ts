import * as z from 'zod/mini';

/** The tracking endpoint's answer: `cscode` 0 on success; identifiers only for visitors who consented (docs/tracking.md "Envelope"). */
export const trackingAnswerSchema = z.object({
  cscode: z.number(),
  message: z.optional(z.string()),
  data: z.optional(
    z.object({
      doc_id: z.string(),
      visit_timestamp: z.number(),
      tmp_token_id: z.optional(z.string()),
      token_id: z.optional(z.string()),
      s_id: z.optional(z.string()),
      s_expiration: z.optional(z.number()),
    }),
  ),
});
/** What the tracking endpoint answers. */
export type TrackingAnswer = z.infer<typeof trackingAnswerSchema>;
