import * as z from 'zod/mini';
import { parseJsonAnswer, trackingAnswerSchema, type TrackingAnswer } from '@reelkeep/shared-contracts';

/**
 * The answers the tracker reads, in a module of their own: the tracker loads it (and zod with it) when an
 * answer arrives, so starting the tracker on an idle page does not parse and run the schema library
 * (docs/tracking.md "Loading").
 */
const categoryListAnswerSchema = z.object({
  cscode: z.number(),
  data: z.optional(z.array(z.object({ uid: z.string(), children: z.array(z.object({ uid: z.string() })) }))),
});

export type CategoryListAnswer = z.infer<typeof categoryListAnswerSchema>;

export function parseTrackingAnswer(body: unknown): TrackingAnswer | null {
  return parseJsonAnswer(trackingAnswerSchema, body);
}

export function parseCategoryListAnswer(body: unknown): CategoryListAnswer | null {
  return parseJsonAnswer(categoryListAnswerSchema, body);
}
