/** Log levels in increasing severity. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
/** A log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A structured logger writing one JSON object a line. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function describeError(value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
}

/** Creates a logger that drops lines below `level` and writes to `write` (stdout by default). */
export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (line) => process.stdout.write(line + '\n')): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const log =
    (at: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (LOG_LEVELS.indexOf(at) < threshold) return;
      const entry: Record<string, unknown> = { time: new Date().toISOString(), level: at, msg: message };
      for (const [key, value] of Object.entries(fields)) entry[key] = describeError(value);
      write(JSON.stringify(entry));
    };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
