import * as z from 'zod/mini';
import type { ClientTrackingSettings } from '@reelkeep/shared-contracts/tracking';

/** The id of the hydration state's element (document.server.tsx). */
const STATE_ELEMENT_ID = '__RK_STATE__';

const pageContextSchema = z.object({
  store: z.object({ ab: z.object({ values: z.record(z.string(), z.string()) }) }),
  tracking: z.optional(
    z.object({
      outboundDomains: z.optional(z.array(z.string())),
      tagAnalyticsUrl: z.optional(z.string()),
      fingerprint: z.optional(z.boolean()),
    }),
  ),
});

/** What the tracker reads of the page it runs on: the configured third parties and the assigned experiment variants. */
export interface TrackerPageContext {
  settings: ClientTrackingSettings;
  abValues: Record<string, string>;
}

/**
 * Reads the tracker's part of the hydration state, once, when the tracker loads (so the page's first load
 * carries none of it): nothing configured and no variants when the state is missing or not as expected.
 */
export function readTrackerPageContext(doc: Document): TrackerPageContext {
  let state: unknown = null;
  try {
    state = JSON.parse(doc.getElementById(STATE_ELEMENT_ID)?.textContent ?? 'null');
  } catch {
    state = null;
  }
  const parsed = pageContextSchema.safeParse(state);
  if (!parsed.success) return { settings: {}, abValues: {} };
  const { tracking = {} } = parsed.data;
  return {
    settings: {
      ...(tracking.outboundDomains ? { outboundDomains: tracking.outboundDomains } : {}),
      ...(tracking.tagAnalyticsUrl ? { tagAnalyticsUrl: tracking.tagAnalyticsUrl } : {}),
      ...(tracking.fingerprint ? { fingerprint: true } : {}),
    },
    abValues: parsed.data.store.ab.values,
  };
}
