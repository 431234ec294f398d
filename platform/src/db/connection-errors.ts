/**
 * docs/operations.md "When PostgreSQL is down": the errors that mean the database server cannot be reached
 * or dropped the connection (a restart, a failover, `pg_terminate_backend`, `idle_session_timeout`), as opposed
 * to an error of the query itself. The host answers the first kind with a 503 of the squad and retries what it
 * was starting; the second kind is a bug or a refused value.
 */

/** SQLSTATE codes of a server going away or not accepting connections yet. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  '57014', // query_canceled: the statement time-out (database.ts STATEMENT_TIMEOUT_MS), a server too slow to answer
]);

/** Socket errors of a server that is not there (or no longer). */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** The pg driver's own messages for a connection that ended or never came. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
];

/** How deep a chain of causes is followed (Drizzle wraps the driver's error in its own). */
const MAX_CAUSE_DEPTH = 5;

/** Whether `error`, or an error it wraps, says the database server is unreachable or dropped the connection. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_CAUSE_DEPTH) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Node reports a refused connection to every address of a name as one AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
