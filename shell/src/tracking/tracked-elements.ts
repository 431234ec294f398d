import type { TrackingData, TrackingEventName } from '@reelkeep/shared-contracts/tracking';

/**
 * docs/tracking.md "Clicks, hovers and exposures": the attributes that mark an element (or a container of
 * links) as tracked. The value is the event's label.
 */
export const TRACK_CLICK_ATTRIBUTE = 'data-track-click';
export const TRACK_HOVER_ATTRIBUTE = 'data-track-hover';
export const TRACK_EXPOSURE_ATTRIBUTE = 'data-track-exposure';
/** Names the event a tracked click sends, when it is not `click`. */
export const TRACK_EVENT_ATTRIBUTE = 'data-track-event';
/** The event's category. */
export const TRACK_CATEGORY_ATTRIBUTE = 'data-track-category';
/**
 * On a download link: the build it installs, as JSON `{package_name, app_id, pid}` (docs/tracking.md "Downloads");
 * the tracker adds the link as `download_url` and sends it as the download event's `install`.
 */
export const TRACK_INSTALL_ATTRIBUTE = 'data-track-install';

/** The events a tracked element's click may name with {@link TRACK_EVENT_ATTRIBUTE}. */
const CLICK_EVENTS = new Set<TrackingEventName>(['click', 'download', 'buy_now', 'subscribe', 'guide_jump', 'custom']);
const LABEL_MAX_CHARS = 100;

/** Links whose clicks are events of their own, tracked or not (docs/tracking.md "Events"). */
const EVENT_BY_PATH: [RegExp, TrackingEventName][] = [
  [/^\/mlink(\/|$)/, 'download'],
  [/^(\/[a-z]{2})?\/checkout(\.htm)?$/, 'buy_now'],
  [/^(\/[a-z]{2})?\/order\/subscribe\.php$/, 'subscribe'],
];

/** One event an interaction sends, and what its throttle is keyed by (the element, or a link's address). */
export interface TrackedInteraction {
  event: TrackingEventName;
  label?: string;
  category?: string;
  /** The link's path, query and fragment (same site: a jump within the page too), or its origin and path (another site). */
  target?: string;
  /** A download's build and link (docs/tracking.md "Downloads"). */
  install?: NonNullable<TrackingData['install']>;
  key: Element | string;
}

const INSTALL_TEXT = /^[\w.-]{1,100}$/;

/**
 * docs/tracking.md "Downloads": the `install` data of a download link: the build its page names (each field only
 * when it has the expected form, so a page cannot put anything else in an event) and the link itself.
 */
export function readInstall(anchor: HTMLAnchorElement, url: URL): NonNullable<TrackingData['install']> {
  const install: NonNullable<TrackingData['install']> = { download_url: url.pathname + url.search };
  let named: unknown = null;
  try {
    named = JSON.parse(anchor.getAttribute(TRACK_INSTALL_ATTRIBUTE) ?? 'null');
  } catch {
    // A malformed attribute names no build; the link still counts.
  }
  if (typeof named !== 'object' || named === null) return install;
  const { package_name: packageName, app_id: appId, pid } = named as Record<string, unknown>;
  if (typeof packageName === 'string' && INSTALL_TEXT.test(packageName)) install.package_name = packageName;
  if (typeof appId === 'string' && INSTALL_TEXT.test(appId)) install.app_id = appId;
  if (typeof pid === 'number' && Number.isSafeInteger(pid) && pid >= 0) install.pid = pid;
  return install;
}

/** The event a same-site link's path stands for, if any. */
export function findLinkEvent(pathname: string): TrackingEventName | undefined {
  return EVENT_BY_PATH.find(([pattern]) => pattern.test(pathname))?.[1];
}

function describeTarget(anchor: HTMLAnchorElement | null, pageUrl: URL): string | undefined {
  const href = anchor?.getAttribute('href');
  if (!anchor || !href) return undefined;
  const url = new URL(href, pageUrl);
  return url.origin === pageUrl.origin ? url.pathname + url.search + url.hash : url.origin + url.pathname;
}

function readLabel(element: Element, attribute: string): string | undefined {
  return (element.getAttribute(attribute) || element.textContent?.trim() || '').slice(0, LABEL_MAX_CHARS) || undefined;
}

/**
 * What a click on `target` sends: the event of the nearest tracked element (its `data-track-event`, or
 * `click`), else the event of a recognised same-site link (`/mlink`, the checkout, the subscribe page), else
 * nothing. A recognised link counts by its address, a tracked element by itself.
 */
export function describeClick(target: Element, pageUrl: URL): TrackedInteraction | null {
  const anchor = target.closest('a');
  const tracked = target.closest(`[${TRACK_CLICK_ATTRIBUTE}]`);
  if (tracked) {
    const named = tracked.getAttribute(TRACK_EVENT_ATTRIBUTE) as TrackingEventName | null;
    const linkUrl = anchor?.href ? new URL(anchor.href, pageUrl) : null;
    const linkEvent = linkUrl ? findLinkEvent(linkUrl.pathname) : undefined;
    const event = named && CLICK_EVENTS.has(named) ? named : (linkEvent ?? 'click');
    return {
      event,
      label: readLabel(tracked, TRACK_CLICK_ATTRIBUTE),
      category: tracked.getAttribute(TRACK_CATEGORY_ATTRIBUTE) || undefined,
      target: describeTarget(anchor && tracked.contains(anchor) ? anchor : null, pageUrl),
      ...(event === 'download' && anchor && linkUrl ? { install: readInstall(anchor, linkUrl) } : {}),
      key: anchor && tracked.contains(anchor) && anchor !== tracked ? anchor : tracked,
    };
  }
  if (!anchor?.href) return null;
  const url = new URL(anchor.href, pageUrl);
  const event = url.origin === pageUrl.origin ? findLinkEvent(url.pathname) : undefined;
  if (!event) return null;
  return {
    event,
    label: anchor.textContent?.trim().slice(0, LABEL_MAX_CHARS) || undefined,
    target: url.pathname + url.search,
    ...(event === 'download' ? { install: readInstall(anchor, url) } : {}),
    key: url.href,
  };
}

/** What a hover or an exposure of a tracked element sends. */
export function describeShown(element: Element, attribute: typeof TRACK_HOVER_ATTRIBUTE | typeof TRACK_EXPOSURE_ATTRIBUTE, pageUrl: URL) {
  const anchor = element.closest('a') ?? element.querySelector('a');
  return {
    label: readLabel(element, attribute),
    category: element.getAttribute(TRACK_CATEGORY_ATTRIBUTE) || undefined,
    target: describeTarget(anchor, pageUrl),
  };
}
