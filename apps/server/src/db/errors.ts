/** Whether a driver error is a unique-key violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/** Socket errors of a database that cannot be reached (refused, reset, timed out, unknown host). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** PostgreSQL: shutting down, starting up, out of connections (class 08 is checked apart). */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg's own errors for a lost or unobtainable connection carry no code, only these texts. */
const PG_CONNECTION_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

/**
 * Whether a failure says the database cannot be reached right now (PostgreSQL down, restarting or
 * out of connections, the network in between; SQLite locked by another process past its busy
 * timeout), as opposed to a bug: the request changed nothing and may be sent again, so it
 * answers 503 with Retry-After instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (typeof cause !== 'object') return false;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.has(code) || /^08/.test(code)) return true;
      if (code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT') return true;
    }
    if (typeof message === 'string' && PG_CONNECTION_TEXT.test(message)) return true;
    if (cause instanceof AggregateError && cause.errors.some(isDatabaseUnavailable)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
