import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { wholeNumber } from '../input-fields.ts';

/** Input of the blog squad's endpoints (docs/security.md "Input"); categories are checked against the content. */
const language = z.enum(LOCALES).default('en');
export const articleListQuery = z.object({
  category_id: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .default('blog'),
  language,
  start: wholeNumber(0, 100_000).default(0),
  len: wholeNumber(1, 50).default(6),
  is_footer: z.enum(['0', '1']).optional(),
});
export const documentQuery = z.object({ id: z.string().regex(/^[a-z0-9-]{1,100}$/), language });
