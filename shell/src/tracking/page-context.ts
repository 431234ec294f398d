import type { ClientTrackingSettings } from '@reelkeep/shared-contracts/tracking';

/** The id of the hydration state's element (document.server.tsx). */
const STATE_ELEMENT_ID = '__RK_STATE__';

/** What the tracker reads of the page it runs on: the configured third parties and the assigned experiment variants. */
export interface TrackerPageContext {
  settings: ClientTrackingSettings;
  abValues: Record<string, string>;
}

const NOTHING: TrackerPageContext = { settings: {}, abValues: {} };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isOptional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);
const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * Reads the tracker's part of the hydration state, once, when the tracker loads (so the page's first load
 * carries none of it): nothing configured and no variants when the state is missing or not as expected.
 * Checked by hand rather than with a schema: the tracker starts on an idle page without loading the schema
 * library (docs/tracking.md "Loading").
 */
export function readTrackerPageContext(doc: Document): TrackerPageContext {
  let state: unknown = null;
  try {
    state = JSON.parse(doc.getElementById(STATE_ELEMENT_ID)?.textContent ?? 'null');
  } catch {
    return NOTHING;
  }
  if (!isRecord(state) || !isRecord(state.store) || !isRecord(state.store.ab) || !isRecord(state.store.ab.values)) return NOTHING;
  const values = state.store.ab.values;
  if (!Object.values(values).every(isString)) return NOTHING;
  const tracking = state.tracking ?? {};
  if (
    !isRecord(tracking) ||
    !isOptional(tracking.outboundDomains, (domains) => Array.isArray(domains) && domains.every(isString)) ||
    !isOptional(tracking.tagAnalyticsUrl, isString) ||
    !isOptional(tracking.fingerprint, (fingerprint) => typeof fingerprint === 'boolean')
  )
    return NOTHING;
  const outboundDomains = tracking.outboundDomains as string[] | undefined;
  const tagAnalyticsUrl = tracking.tagAnalyticsUrl as string | undefined;
  return {
    settings: {
      ...(outboundDomains ? { outboundDomains } : {}),
      ...(tagAnalyticsUrl ? { tagAnalyticsUrl } : {}),
      ...(tracking.fingerprint === true ? { fingerprint: true } : {}),
    },
    abValues: { ...(values as Record<string, string>) },
  };
}
