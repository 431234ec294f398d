/** docs/tracking.md "Error reporting": the browser SDK's settings, apart from the SDK so a test reads them. */
export const SENTRY_SETTINGS = Object.freeze({
  tracesSampleRate: 0.2,
  replaysSessionSampleRate: 0,
  replaysOnErrorSampleRate: 1,
  /** Reports waiting to be sent at once; more are dropped, not queued. */
  transportBufferSize: 30,
  /** How deep a chain of `cause`s is followed. */
  linkedErrorDepth: 5,
  /** Longest string kept in a breadcrumb or any other value. */
  maxValueLength: 1024,
});

/** Paths of health probes: their requests make no spans, and nothing about them is reported. */
const HEALTH_CHECK_PATH = /\/(health|healthz|healthcheck|ready|live|heartbeat)\/?$/;

/** Whether a URL (absolute or a path) is a health probe's. */
export function isHealthCheckUrl(url: string): boolean {
  try {
    return HEALTH_CHECK_PATH.test(new URL(url, 'http://localhost').pathname);
  } catch {
    return false;
  }
}

/** An event or transaction as far as the health-check filter reads it. */
interface ReportedEvent {
  transaction?: string | undefined;
  request?: { url?: string | undefined } | undefined;
}

/** Drops what a health probe caused (transactions named after one, errors of its requests); keeps everything else. */
export function dropHealthChecks<Event extends ReportedEvent>(event: Event): Event | null {
  if (event.transaction && isHealthCheckUrl(event.transaction)) return null;
  if (event.request?.url && isHealthCheckUrl(event.request.url)) return null;
  return event;
}
