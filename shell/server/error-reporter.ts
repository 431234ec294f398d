import type { Config } from '@reelkeep/platform/config';
import type { Logger } from '@reelkeep/platform/logger';

/**
 * Logs failures and, when SENTRY_DSN is set, reports them to the error service. The Sentry SDK is loaded
 * only then, so a site without a DSN never loads it.
 */
export async function createErrorReporter(config: Config, logger: Logger) {
  let capture: ((error: unknown, extra: Record<string, unknown>) => void) | undefined;
  if (config.SENTRY_DSN) {
    const Sentry = await import('@sentry/node');
    Sentry.init({ dsn: config.SENTRY_DSN, environment: config.NODE_ENV, tracesSampleRate: 0.2 });
    capture = (error, extra) => Sentry.captureException(error, { extra });
  }
  return (message: string, error: unknown, extra: Record<string, unknown> = {}) => {
    logger.error(message, { ...extra, error });
    capture?.(error, { message, ...extra });
  };
}
