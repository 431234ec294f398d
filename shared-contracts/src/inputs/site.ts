import { z } from 'zod';
import { flagInput, localeInput, wholeNumber } from '../input-fields.ts';
import { TRACKING_EVENTS } from '../tracking-contract.ts';

/** Input of the shell's own endpoints (docs/security.md "Input"). */

/** spec §7 `POST /email/report`: `{email, type: 2}`; the e-mail's problems (`required`, `format`) are the newsletter's own statuses. */
export const newsletterInput = z.object({ email: z.string().max(512), type: z.literal('2'), locale: localeInput });
export const captchaQuery = z.object({ kind: z.enum(['sum', 'pow']).optional() });
export const newsletterPreferenceInput = z.object({ subscribed: flagInput, locale: localeInput });
export const trackingAdminQuery = z.object({ event: z.enum(TRACKING_EVENTS).optional(), limit: wholeNumber(1, 500).optional() });
