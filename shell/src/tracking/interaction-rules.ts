/** docs/tracking.md "Clicks, hovers and exposures": a tracked element's clicks count once per 2 s. */
export const CLICK_THROTTLE_MS = 2_000;
/** A hover counts once the pointer has stayed this long on the element. */
export const HOVER_DWELL_MS = 300;
/** An element is exposed once this share of it is on screen. */
export const EXPOSURE_VISIBLE_RATIO = 0.5;

/** Whether a click at `now` counts, the last counted click of the same element being at `lastCountedAt`. */
export function isClickCounted(lastCountedAt: number | undefined, now: number, throttleMs = CLICK_THROTTLE_MS): boolean {
  return lastCountedAt === undefined || now - lastCountedAt >= throttleMs;
}

/** Whether a pointer that entered at `enteredAt` and left (or is still there) at `now` hovered long enough. */
export function isHoverCounted(enteredAt: number, now: number, dwellMs = HOVER_DWELL_MS): boolean {
  return now - enteredAt >= dwellMs;
}

/** Whether an intersection with this ratio exposes the element. */
export function isExposed(intersectionRatio: number, visibleRatio = EXPOSURE_VISIBLE_RATIO): boolean {
  return intersectionRatio >= visibleRatio;
}
