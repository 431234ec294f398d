import { z } from 'zod';
import { optional, singleLine } from '../input-fields.ts';
import { LOCALES, type Locale } from '../locales.ts';
import { pushProgressAnswerSchema } from './push.ts';

/**
 * A push message an operator writes in the console (docs/push.md "Composed messages"): a title and body per locale
 * (English required: it is what a subscriber whose locale has none gets), a same-site path a click opens (the
 * subscriber's locale is added), and the audience. The shell's internal route `POST /api/site/internal/push/compose`
 * takes it as JSON.
 */
const sitePath = singleLine(512, 1).refine((value) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\'), 'not a site path');
const localisedText = z.object({ title: singleLine(120, 1), body: singleLine(400, 1) });

export const pushComposeInput = z.object({
  texts: z.partialRecord(z.enum(LOCALES), localisedText).refine((texts) => texts.en !== undefined, { message: 'English is required', path: ['en'] }),
  path: sitePath,
  locale: z.enum(LOCALES).optional(),
  os: z.enum(['win', 'mac', 'other']).optional(),
  campaign: optional(singleLine(64, 1)),
});
/** A composed push message. */
export type PushComposeInput = z.output<typeof pushComposeInput>;
/** A composed message's texts by locale. */
export type PushComposedTexts = Partial<Record<Locale, { title: string; body: string }>>;

/** One send as the console lists it, with its counts (docs/push.md "Sending"). */
export const pushSendSummarySchema = pushProgressAnswerSchema.extend({
  // A named message's name, or the composed kind; a composed message's English title.
  message: z.string(),
  title: z.string().nullable(),
});
/** `GET /api/site/internal/push/sends`: the latest sends. */
export const pushSendsAnswerSchema = z.object({ sends: z.array(pushSendSummarySchema) });
/** One send's summary. */
export type PushSendSummary = z.infer<typeof pushSendSummarySchema>;
