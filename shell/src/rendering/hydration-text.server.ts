import type { HydrationState } from '@reelkeep/shared-contracts';
import { serialiseForScript } from './html-text.ts';

/**
 * Dictionaries and frame data are shared, read-only objects (the locale store's merged dictionaries, the
 * frame loader's cached data): each is serialised once, not once per page.
 */
const SERIALISED_SHARED = new WeakMap<object, string>();

function serialiseShared(value: object): string {
  let text = SERIALISED_SHARED.get(value);
  if (text === undefined) {
    text = serialiseForScript(value);
    SERIALISED_SHARED.set(value, text);
  }
  return text;
}

/**
 * The hydration state as the text of its `<script type="application/json">` block: the same JSON as
 * `serialiseForScript(state)`, with the shared parts (translations, frame data) taken from their first
 * serialisation. They must not be changed after a page used them.
 */
export function serialiseHydrationState(state: HydrationState): string {
  const { resources, frame, ...perRequest } = state;
  const resourcesText = Object.entries(resources)
    .map(([namespace, dictionary]) => `${serialiseForScript(namespace)}:${serialiseShared(dictionary)}`)
    .join(',');
  const perRequestText = serialiseForScript(perRequest);
  const separator = perRequestText === '{}' ? '' : ',';
  return `${perRequestText.slice(0, -1)}${separator}"resources":{${resourcesText}},"frame":${serialiseShared(frame)}}`;
}
