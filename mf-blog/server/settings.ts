import { z } from 'zod';

/** The blog squad's own settings: none (its content ships in the release; the site's values come from `context.site`). */
export const blogSettings = z.object({});

/** The blog squad's settings. */
export type BlogSettings = z.infer<typeof blogSettings>;
