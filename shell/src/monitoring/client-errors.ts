/** Error reporting settings handed to the browser; absent when no DSN is configured (off until keyed: docs/tracking.md "Third parties"). */
export interface ClientMonitoring {
  sentryDsn: string;
  environment: string;
}

type Reporter = (error: unknown, context: Record<string, unknown>) => void;
let reporter: Reporter | undefined;

/**
 * Starts browser error reporting with the error service's SDK, loaded only when configured, with the
 * product's sampling (traces 0.2, session replays 0, replays on error 1: docs/tracking.md "Third parties").
 */
export async function startClientMonitoring(monitoring: ClientMonitoring | undefined): Promise<void> {
  if (!monitoring) return;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: monitoring.sentryDsn,
    environment: monitoring.environment,
    tracesSampleRate: 0.2,
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 1,
  });
  reporter = (error, context) => Sentry.captureException(error, { extra: context });
}

/** Logs a browser-side failure and reports it when error reporting is on. */
export function reportClientError(error: unknown, context: Record<string, unknown>): void {
  console.error(error);
  reporter?.(error, context);
}
