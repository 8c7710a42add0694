import { sql, type Kysely } from 'kysely';

interface DeliveryRow {
  id: string;
  last_status_code: number | string | null;
  last_error: string | null;
  attempt_log: string;
}

interface StoredAttempt {
  statusCode?: number | null;
  error?: string | null;
}

/** The words earlier releases wrote that stay meaningful, as the codes of WEBHOOK_ATTEMPT_ERRORS. */
const KEPT: Readonly<Record<string, string>> = {
  'endpoint deactivated': 'endpoint_deactivated',
  'endpoint deleted': 'endpoint_deleted',
  'server shut down': 'server_shutdown',
};

/**
 * An attempt's error as this release writes it: none beside a status code (earlier releases kept
 * "HTTP 500: " and up to 300 characters of the answer there), and `unreachable` for every
 * network failure they named by its cause (ECONNREFUSED, a timeout, ...).
 */
function errorWithoutAnswer(error: string | null | undefined, statusCode: unknown): string | null {
  if (error === null || error === undefined || (statusCode !== null && statusCode !== undefined)) {
    return null;
  }
  if (error.startsWith('HTTP ')) return null;
  return KEPT[error] ?? (Object.values(KEPT).includes(error) ? error : 'unreachable');
}

/**
 * Issue 35.3 (decision 79): the delivery log no longer keeps what a receiver answered, nor which
 * network failure an attempt met, so it cannot be used to read internal services or to tell open
 * ports from closed ones. Rewrites the logs stored by earlier releases the same way; status codes
 * and timings stay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<DeliveryRow>`
    select id, last_status_code, last_error, attempt_log from webhook_deliveries
    where last_error is not null or attempt_log like ${'%"error":"%'}`.execute(db);
  for (const row of rows) {
    const lastError = errorWithoutAnswer(row.last_error, row.last_status_code);
    let attempts: StoredAttempt[];
    try {
      attempts = JSON.parse(row.attempt_log) as StoredAttempt[];
    } catch {
      attempts = [];
    }
    const log = JSON.stringify(
      Array.isArray(attempts)
        ? attempts.map((attempt) => ({
            ...attempt,
            error: errorWithoutAnswer(attempt.error, attempt.statusCode),
          }))
        : [],
    );
    if (lastError === row.last_error && log === row.attempt_log) continue;
    await sql`
      update webhook_deliveries set last_error = ${lastError}, attempt_log = ${log}
      where id = ${row.id}`.execute(db);
  }
}
