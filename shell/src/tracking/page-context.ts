import { isJsonObject } from '@reelkeep/shared-contracts';
import type { ClientTrackingSettings } from '@reelkeep/shared-contracts/tracking';

/** The id of the hydration state's element (document.server.tsx). */
const STATE_ELEMENT_ID = '__RK_STATE__';

/** What the tracker reads of the page it runs on: the configured third parties and the assigned experiment variants. */
export interface TrackerPageContext {
  settings: ClientTrackingSettings;
  abValues: Record<string, string>;
}

const NOTHING: TrackerPageContext = { settings: {}, abValues: {} };

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isStringRecord = (value: unknown): value is Record<string, string> => isJsonObject(value) && Object.values(value).every(isString);

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
  if (!isJsonObject(state) || !isJsonObject(state.store) || !isJsonObject(state.store.ab)) return NOTHING;
  const { values } = state.store.ab;
  const tracking = state.tracking ?? {};
  if (!isStringRecord(values) || !isJsonObject(tracking)) return NOTHING;
  const { outboundDomains, tagAnalyticsUrl, fingerprint } = tracking;
  if (
    (outboundDomains !== undefined && !isStringList(outboundDomains)) ||
    (tagAnalyticsUrl !== undefined && !isString(tagAnalyticsUrl)) ||
    (fingerprint !== undefined && typeof fingerprint !== 'boolean')
  )
    return NOTHING;
  return {
    settings: {
      ...(outboundDomains ? { outboundDomains } : {}),
      ...(tagAnalyticsUrl ? { tagAnalyticsUrl } : {}),
      ...(fingerprint === true ? { fingerprint: true } : {}),
    },
    abValues: { ...values },
  };
}
