import { z } from 'zod';
import { wholeNumber } from '../input-fields.ts';

/**
 * The checkout's daily figures for the console's Experiments section (docs/console.md "Experiments"):
 * `GET /api/checkout/internal/funnel?days=` (internal: the gateway answers 404 from outside).
 */
export const checkoutFunnelQuery = z.object({ days: wholeNumber(1, 366).optional() });

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Per UTC day: orders made (`checkouts`, any status), paid (`orders`, refunds not counted) and licences first
 * activated on a device (`activations`); and per experiment variant and day, the checkouts and paid orders.
 */
export const checkoutFunnelAnswerSchema = z.object({
  days: z.array(z.object({ day: DAY, checkouts: z.number().int(), orders: z.number().int(), activations: z.number().int() })),
  variants: z.array(z.object({ experiment: z.string(), variant: z.string(), day: DAY, checkouts: z.number().int(), orders: z.number().int() })),
});
/** The checkout's daily figures. */
export type CheckoutFunnelAnswer = z.infer<typeof checkoutFunnelAnswerSchema>;
