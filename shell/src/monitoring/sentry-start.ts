import * as Sentry from '@sentry/react';
import type { ClientMonitoring } from './client-errors.ts';
import { dropHealthChecks, isHealthCheckUrl, SENTRY_SETTINGS } from './sentry-options.ts';

/**
 * Starts the error service's SDK with the product's settings (docs/tracking.md "Error reporting"): tracing and
 * session replay on errors, duplicates and health probes filtered, 30 reports buffered, linked errors 5 deep,
 * values cut at 1024 characters. On a 429 the SDK's transport backs off for the time the service names
 * (`Retry-After`, `X-Sentry-Rate-Limits`) and drops what comes meanwhile. Returns how to report an error.
 */
export function startSentry(monitoring: ClientMonitoring): (error: unknown, context: Record<string, unknown>) => void {
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
  return (error, context) => Sentry.captureException(error, { extra: context });
}
