import { useEffect, useRef, type RefObject } from 'react';

/** The exposure endpoint (docs/experiments.md "Exposure"). */
const EXPOSURE_ENDPOINT = '/api/site/experiments/exposure';
/** Seen means at least half of it on screen (docs/experiments.md "Exposure"). */
const EXPOSURE_VISIBLE_SHARE = 0.5;

/** What the beacon says: the experiment, the variant shown, this page view's id and the path without its query. */
export interface ExposureReport {
  experiment: string;
  variant: string;
  page: string;
  path: string;
}

/** The browser parts the exposure uses, injectable for tests. */
export interface ExposureEnvironment {
  sendBeacon?: (url: string, body: Blob) => boolean;
  fetch: typeof fetch;
  IntersectionObserver?: typeof IntersectionObserver;
}

/** Sends one exposure: a beacon, or a keep-alive POST where beacons are missing or refused. Failures are ignored. */
export function sendExposure(report: ExposureReport, environment: ExposureEnvironment): void {
  const body = JSON.stringify(report);
  if (environment.sendBeacon?.(EXPOSURE_ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
  void environment
    .fetch(EXPOSURE_ENDPOINT, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'application/json' } })
    .catch(() => undefined);
}

const browserEnvironment = (): ExposureEnvironment => ({
  sendBeacon: typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon.bind(navigator) : undefined,
  fetch: window.fetch.bind(window),
  IntersectionObserver: window.IntersectionObserver,
});

/**
 * docs/experiments.md "Exposure": reports the variant once the element is at least half visible, once per
 * page view (`pageKey`: the page on screen, so a client navigation to another article reports again); without
 * IntersectionObserver it counts as seen on mount. Nothing without a variant.
 */
export function useExposure(
  element: RefObject<HTMLElement | null>,
  exposure: { experiment: string; variant: string | undefined; pageKey: string },
  environment: () => ExposureEnvironment = browserEnvironment,
): void {
  const reportedFor = useRef<string | null>(null);
  const { experiment, variant, pageKey } = exposure;
  useEffect(() => {
    const target = element.current;
    if (!variant || !target || reportedFor.current === pageKey) return;
    const env = environment();
    const report = () => {
      if (reportedFor.current === pageKey) return;
      reportedFor.current = pageKey;
      sendExposure({ experiment, variant, page: crypto.randomUUID(), path: window.location.pathname }, env);
    };
    if (!env.IntersectionObserver) return report();
    const observer = new env.IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= EXPOSURE_VISIBLE_SHARE)) return;
        observer.disconnect();
        report();
      },
      { threshold: EXPOSURE_VISIBLE_SHARE },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, experiment, variant, pageKey, environment]);
}
