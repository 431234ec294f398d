import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import type { ExperimentDefinition } from '../experiments.ts';

/** Weights are given in thousandths at most (docs/experiments.md "The registry"). */
const hasAtMostThreeDecimals = (weight: number) => Math.abs(weight * 1000 - Math.round(weight * 1000)) < 1e-9;

const variantSchema = z.object({
  value: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'a variant value is 1 to 32 lower-case letters, digits or _'),
  weight: z.number().gt(0).max(1).refine(hasAtMostThreeDecimals, 'a weight has at most 3 decimals'),
});

const experimentSchema = z
  .object({
    key: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/),
    cookie: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/),
    version: z.string().regex(/^v\d{1,4}$/),
    open: z.boolean(),
    site: z.boolean(),
    routes: z.array(z.string().min(1)),
    languages: z.union([z.literal('all'), z.array(z.enum(LOCALES)).min(1)]),
    method: z.enum(['address', 'email', 'random']),
    variants: z.array(variantSchema).min(2),
    marksReturningVisitorsOld: z.boolean(),
    changesHtml: z.boolean(),
    readableByScripts: z.boolean(),
  })
  .refine((experiment) => Math.round(experiment.variants.reduce((sum, variant) => sum + variant.weight * 1000, 0)) === 1000, {
    message: 'the weights must sum to 1',
    path: ['variants'],
  })
  .refine((experiment) => new Set(experiment.variants.map((variant) => variant.value)).size === experiment.variants.length, {
    message: 'two variants have the same value',
    path: ['variants'],
  })
  .refine((experiment) => experiment.site === (experiment.routes.length === 0), {
    message: 'a site-wide experiment has no routes, any other has at least one',
    path: ['routes'],
  });

/** The registry's schema (docs/experiments.md "The registry"). */
export const experimentRegistrySchema = z.array(experimentSchema);

/**
 * The registry, checked: throws one message naming each refused experiment and what is wrong with it
 * (`experiment "sidebar": variants: the weights must sum to 1`), and for a key or cookie used twice.
 */
export function validateExperimentRegistry(registry: unknown): ExperimentDefinition[] {
  const problems: string[] = [];
  const list: unknown[] = Array.isArray(registry) ? registry : [];
  if (!Array.isArray(registry)) problems.push('the experiment registry is not a list');
  list.forEach((entry, index) => {
    const parsed = experimentSchema.safeParse(entry);
    if (parsed.success) return;
    const name = typeof (entry as { key?: unknown })?.key === 'string' ? (entry as { key: string }).key : `#${index + 1}`;
    for (const issue of parsed.error.issues) problems.push(`experiment "${name}": ${issue.path.join('.') || 'entry'}: ${issue.message}`);
  });
  for (const field of ['key', 'cookie'] as const) {
    const seen = new Set<unknown>();
    for (const entry of list) {
      const value = (entry as Record<string, unknown> | null)?.[field];
      if (seen.has(value)) problems.push(`experiment "${String((entry as { key?: unknown }).key)}": ${field} "${String(value)}" is used twice`);
      seen.add(value);
    }
  }
  if (problems.length > 0) throw new Error(`invalid experiment registry:\n${problems.join('\n')}`);
  return list as ExperimentDefinition[];
}

/**
 * `POST /api/site/experiments/exposure` (docs/experiments.md "Exposure"): the page shows this variant of this
 * experiment; `page` is the page view's own id, so one page reports an experiment once.
 */
export const experimentExposureInput = z.object({
  experiment: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/),
  variant: z.string().regex(/^[a-z][a-z0-9_]{0,31}$/),
  page: z.string().regex(/^[\w-]{8,64}$/),
  path: z
    .string()
    .max(512)
    .regex(/^\/[^\s]*$/),
});

/** `GET /api/site/admin/experiments` (docs/experiments.md "Readout"): JSON by default, `format=csv` for a spreadsheet. */
export const experimentReadoutQuery = z.object({ format: z.enum(['json', 'csv']).optional() });

const countsFields = { checkouts: z.number().int().min(0), orders: z.number().int().min(0), revenueCents: z.number().int().min(0) };

/**
 * `GET /api/checkout/internal/attribution` (docs/experiments.md "Readout"): the checkout's side of the readout.
 * `checkouts` are orders made (any status), `orders` the paid ones, `revenueCents` what they paid; per
 * experiment variant, per (last-touch) affiliate and per ad; and the latest attributed orders.
 */
export const checkoutAttributionAnswerSchema = z.object({
  cscode: z.literal(200),
  experiments: z.array(z.object({ experiment: z.string(), variant: z.string(), ...countsFields })),
  affiliates: z.array(z.object({ affiliate: z.string(), ...countsFields })),
  ads: z.array(z.object({ ad: z.string(), ...countsFields })),
  recentOrders: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      amountCents: z.number().int(),
      createdAt: z.string(),
      affiliate: z.nullable(z.string()),
      ad: z.nullable(z.string()),
      ad1: z.nullable(z.string()),
      firstTouch: z.nullable(z.string()),
      experiments: z.record(z.string(), z.string()),
    }),
  ),
});
/** The checkout's side of the readout. */
export type CheckoutAttributionAnswer = z.infer<typeof checkoutAttributionAnswerSchema>;
