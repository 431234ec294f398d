import { emitSiteEvent } from '@reelkeep/shared-contracts';
import { dropHealthChecks, isHealthCheckUrl, SENTRY_SETTINGS } from './sentry-options.ts';

/** Error reporting settings handed to the browser; absent when no DSN is configured (off until keyed: docs/tracking.md "Third parties"). */
export interface ClientMonitoring {
  sentryDsn: string;
  environment: string;
}

type Reporter = (error: unknown, context: Record<string, unknown>) => void;
let reporter: Reporter | undefined;

/**
 * Starts browser error reporting with the error service's SDK, loaded only when configured (its code is a
 * chunk of its own, never part of the first load), with the product's settings (docs/tracking.md "Error
 * reporting"): tracing and session replay on errors, duplicates and health probes filtered, 30 reports
 * buffered, linked errors 5 deep, values cut at 1024 characters. On a 429 the SDK's transport backs off for
 * the time the service names (`Retry-After`, `X-Sentry-Rate-Limits`) and drops what comes meanwhile.
 */
export async function startClientMonitoring(monitoring: ClientMonitoring | undefined): Promise<void> {
  if (!monitoring) return;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: monitoring.sentryDsn,
    environment: monitoring.environment,
    tracesSampleRate: SENTRY_SETTINGS.tracesSampleRate,
    replaysSessionSampleRate: SENTRY_SETTINGS.replaysSessionSampleRate,
    replaysOnErrorSampleRate: SENTRY_SETTINGS.replaysOnErrorSampleRate,
    maxValueLength: SENTRY_SETTINGS.maxValueLength,
    transportOptions: { bufferSize: SENTRY_SETTINGS.transportBufferSize },
    integrations: (defaults) => [
      // The defaults' own linked-errors and dedupe integrations, replaced by configured ones.
      ...defaults.filter((integration) => integration.name !== 'LinkedErrors' && integration.name !== 'Dedupe'),
      Sentry.linkedErrorsIntegration({ limit: SENTRY_SETTINGS.linkedErrorDepth }),
      Sentry.dedupeIntegration(),
      Sentry.browserTracingIntegration({ shouldCreateSpanForRequest: (url) => !isHealthCheckUrl(url) }),
      Sentry.replayIntegration(),
    ],
    beforeSend: dropHealthChecks,
    beforeSendTransaction: dropHealthChecks,
  });
  reporter = (error, context) => Sentry.captureException(error, { extra: context });
}

/**
 * Logs a browser-side failure, reports it when error reporting is on, and has the tracker record a
 * TypeError as `page_type_error` (docs/tracking.md "Errors").
 */
export function reportClientError(error: unknown, context: Record<string, unknown>): void {
  console.error(error);
  reporter?.(error, context);
  if (error instanceof TypeError) emitSiteEvent('trackRequested', { event: 'page_type_error', event_label: error.message });
}
