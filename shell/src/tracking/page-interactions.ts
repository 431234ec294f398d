import { redactTrackedUrl, type ClientTrackingSettings, type TrackingData, type TrackingEventName } from '@reelkeep/shared-contracts/tracking';
import { onSiteEvent } from '@reelkeep/shared-contracts';
import { isClickCounted, isExposed, isHoverCounted, EXPOSURE_VISIBLE_RATIO, HOVER_DWELL_MS } from './interaction-rules.ts';
import { decorateOutboundUrl } from './outbound-links.ts';
import { describeClick, describeShown, TRACK_EXPOSURE_ATTRIBUTE, TRACK_HOVER_ATTRIBUTE } from './tracked-elements.ts';
import type { TrackerEnvironment } from './tracker-environment.ts';
import type { VisitorIdentity } from './visitor-identity.ts';

/** docs/constants.md "Counts". */
export const SCROLL_THRESHOLDS = [20, 40, 60, 80, 100] as const;
/** A TypeError's message is cut to this length in its `page_type_error` event. */
const ERROR_LABEL_MAX_CHARS = 200;

export interface PageInteractionsOptions {
  env: TrackerEnvironment;
  visitor: VisitorIdentity;
  settings: ClientTrackingSettings;
  track(event: TrackingEventName, fields?: Partial<TrackingData>): void;
}

export interface PageInteractions {
  /** Starts listening to scrolls, clicks, hovers, exposures, TypeErrors and `trackRequested`; returns the stop function. */
  start(): () => void;
  /** A page view: the scroll depth counts again from the top. */
  pageShown(): void;
  /** Another page is on screen: its elements may count again, and its tracked elements are watched anew. */
  pageChanged(): void;
}

/** What a visitor does on a page, as events (docs/tracking.md "Events"): each interaction counted as its rule says. */
export function createPageInteractions({ env, visitor, settings, track }: PageInteractionsOptions): PageInteractions {
  const doc = env.document;
  let highestScroll = 0;
  const lastCounted = new Map<Element | string, number>();
  const exposed = new Set<Element>();
  const reportedErrors = new Set<string>();
  let exposureObserver: IntersectionObserver | null = null;
  const observed = new Set<Element>();
  const hoverTimers = new Map<Element, { enteredAt: number; timer: number }>();
  const pageUrl = () => new URL(env.window.location.href);

  /** Watches the page's tracked elements for exposure (each once per page). */
  function observeExposures(): void {
    for (const element of doc.querySelectorAll(`[${TRACK_EXPOSURE_ATTRIBUTE}]`))
      if (!observed.has(element)) {
        observed.add(element);
        exposureObserver?.observe(element);
      }
  }

  function onScroll(): void {
    const root = doc.documentElement;
    const viewed = root.scrollHeight > 0 ? ((env.window.scrollY + env.window.innerHeight) / root.scrollHeight) * 100 : 100;
    const reached = SCROLL_THRESHOLDS.filter((threshold) => viewed >= threshold - 0.5).at(-1) ?? 0;
    if (reached <= highestScroll) return;
    highestScroll = reached;
    track('page_scroll', { highest_page_viewed_percent: reached });
  }

  /** docs/tracking.md "Outbound links": a link to a configured domain carries the visit along. */
  function decorateOutbound(anchor: HTMLAnchorElement): void {
    if (!settings.outboundDomains?.length) return;
    const decorated = decorateOutboundUrl(anchor.href, {
      pageUrl: pageUrl(),
      domains: settings.outboundDomains,
      source: redactTrackedUrl(env.window.location.pathname + env.window.location.search),
      visitorId: visitor.consented() ? visitor.visitorId() : undefined,
      sessionId: visitor.consented() ? visitor.readOwn('SID') : undefined,
    });
    if (decorated) anchor.href = decorated;
  }

  /** Counts an interaction unless the same element (or link) counted one less than 2 s ago. */
  function countThrottled(key: Element | string, send: () => void): void {
    const now = Date.now();
    if (!isClickCounted(lastCounted.get(key), now)) return;
    lastCounted.set(key, now);
    send();
  }

  function onClick(event: MouseEvent): void {
    const target = event.target as Element | null;
    if (typeof target?.closest !== 'function') return;
    const anchor = target.closest('a');
    if (anchor?.href) decorateOutbound(anchor);
    const interaction = describeClick(target, pageUrl());
    if (!interaction) return;
    const { event: name, label, category, target: linkTarget, install, key } = interaction;
    countThrottled(key, () => track(name, { event_label: label, event_category: category, event_target: linkTarget, install }));
  }

  function onPointerOver(event: MouseEvent): void {
    const element = (event.target as Element | null)?.closest?.(`[${TRACK_HOVER_ATTRIBUTE}]`);
    if (!element || hoverTimers.has(element)) return;
    const enteredAt = Date.now();
    const timer = env.window.setTimeout(() => {
      hoverTimers.delete(element);
      if (!element.isConnected || !isHoverCounted(enteredAt, Date.now())) return;
      const { label, category, target } = describeShown(element, TRACK_HOVER_ATTRIBUTE, pageUrl());
      countThrottled(element, () => track('hover', { event_label: label, event_category: category, event_target: target }));
    }, HOVER_DWELL_MS);
    hoverTimers.set(element, { enteredAt, timer });
  }

  function onPointerOut(event: MouseEvent): void {
    for (const [element, { timer }] of hoverTimers) {
      // Moving between the element's own children is not leaving it.
      if (element.contains(event.relatedTarget as Node | null) || !element.contains(event.target as Node | null)) continue;
      env.window.clearTimeout(timer);
      hoverTimers.delete(element);
    }
  }

  function onExposures(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      if (!isExposed(entry.intersectionRatio) || exposed.has(entry.target)) continue;
      exposed.add(entry.target);
      const { label, category, target } = describeShown(entry.target, TRACK_EXPOSURE_ATTRIBUTE, pageUrl());
      track('exposure', { event_label: label, event_category: category, event_target: target });
    }
  }

  /** docs/tracking.md "Errors": a client TypeError is an event, once per message and page. */
  function reportTypeError(error: unknown, source?: string): void {
    if (!(error instanceof TypeError)) return;
    const message = error.message.slice(0, ERROR_LABEL_MAX_CHARS);
    if (reportedErrors.has(message)) return;
    reportedErrors.add(message);
    track('page_type_error', { event_label: message, event_target: source ? redactTrackedUrl(source) : undefined });
  }

  function start(): () => void {
    let frame = 0;
    const scrolled = () => {
      if (frame) return;
      frame = env.window.requestAnimationFrame(() => {
        frame = 0;
        onScroll();
      });
    };
    const onError = (event: ErrorEvent) => reportTypeError(event.error, event.filename);
    const onRejection = (event: PromiseRejectionEvent) => reportTypeError(event.reason);
    env.window.addEventListener('scroll', scrolled, { passive: true });
    env.window.addEventListener('error', onError);
    env.window.addEventListener('unhandledrejection', onRejection);
    doc.addEventListener('click', onClick, true);
    // A middle click opens an outbound link too.
    doc.addEventListener('auxclick', onClick, true);
    doc.addEventListener('mouseover', onPointerOver, true);
    doc.addEventListener('mouseout', onPointerOut, true);
    exposureObserver = env.IntersectionObserver ? new env.IntersectionObserver(onExposures, { threshold: [EXPOSURE_VISIBLE_RATIO] }) : null;
    observeExposures();
    // Pages change under the tracker (client navigations, late regions): new tracked elements are watched too.
    const mutations = env.MutationObserver ? new env.MutationObserver(observeExposures) : null;
    mutations?.observe(doc.body, { childList: true, subtree: true });
    const offRequested = onSiteEvent('trackRequested', ({ event, ...fields }) => track(event, fields));
    // A TypeError an error boundary caught never reaches `error` listeners: the boundaries log it (React's own
    // default does too), so the log is read, as error-reporting SDKs read it, and passed on untouched.
    const logger = env.console;
    const logError = logger?.error;
    if (logger && logError)
      logger.error = (...args: unknown[]) => {
        reportTypeError(args.find((arg) => arg instanceof TypeError));
        logError.apply(logger, args);
      };
    return () => {
      env.window.removeEventListener('scroll', scrolled);
      env.window.removeEventListener('error', onError);
      env.window.removeEventListener('unhandledrejection', onRejection);
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('auxclick', onClick, true);
      doc.removeEventListener('mouseover', onPointerOver, true);
      doc.removeEventListener('mouseout', onPointerOut, true);
      for (const { timer } of hoverTimers.values()) env.window.clearTimeout(timer);
      hoverTimers.clear();
      exposureObserver?.disconnect();
      exposureObserver = null;
      observed.clear();
      mutations?.disconnect();
      offRequested();
      if (logger && logError) logger.error = logError;
    };
  }

  return {
    start,
    pageShown: () => {
      highestScroll = 0;
    },
    pageChanged() {
      lastCounted.clear();
      exposed.clear();
      reportedErrors.clear();
      for (const element of observed) exposureObserver?.unobserve(element);
      observed.clear();
      observeExposures();
    },
  };
}
