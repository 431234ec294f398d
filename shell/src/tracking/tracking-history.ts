/** docs/tracking.md "Tracking cookies": the tracking history keeps this many values. */
export const TRACKING_HISTORY_LENGTH = 5;

/**
 * The tracking-history cookie's next value: `value` first, then the earlier values without it, at most
 * {@link TRACKING_HISTORY_LENGTH}; comma-separated. An empty value leaves the history as it was.
 */
export function pushTrackingHistory(history: string | undefined, value: string, length = TRACKING_HISTORY_LENGTH): string {
  // A comma inside a value would split it in two.
  const entry = value.replaceAll(',', '%2C');
  const earlier = (history ?? '').split(',').filter((earlierEntry) => earlierEntry && earlierEntry !== entry);
  return (entry ? [entry, ...earlier] : earlier).slice(0, length).join(',');
}
