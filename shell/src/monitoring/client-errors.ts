/** Error reporting settings handed to the browser; absent when no DSN is configured (off until keyed: docs/tracking.md "Third parties"). */
export interface ClientMonitoring {
  sentryDsn: string;
  environment: string;
}

type Reporter = (error: unknown, context: Record<string, unknown>) => void;
let reporter: Reporter | undefined;

/**
 * Starts browser error reporting, loaded only when configured: the SDK and its settings are a chunk of their
 * own, never part of the first load (docs/tracking.md "Error reporting").
 */
export async function startClientMonitoring(monitoring: ClientMonitoring | undefined): Promise<void> {
  if (!monitoring) return;
  const { startSentry } = await import('./sentry-start.ts');
  reporter = startSentry(monitoring);
}

/**
 * Logs a browser-side failure and reports it when error reporting is on. The tracker reads the log: a
 * TypeError logged here becomes a `page_type_error` event (docs/tracking.md "Errors").
 */
export function reportClientError(error: unknown, context: Record<string, unknown>): void {
  console.error(error);
  reporter?.(error, context);
}
