import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appliedMigrations } from '../src/db/migrate';
import { up } from '../src/db/migrations/0018-webhook-log-without-bodies.migration';
import { describeEachDialect } from './support/dialects';
import { startApp, type TestApp } from './support/start-app';

/** Delivery logs as releases before issue 35 wrote them: the answer's body, the network cause. */
const BEFORE = [
  {
    id: 'answered',
    last_status_code: 500,
    last_error: 'HTTP 500: <html>internal admin console</html>',
    attempt_log: [
      {
        at: '2026-11-01T10:00:02.000Z',
        statusCode: 500,
        error: 'HTTP 500: <html>…',
        durationMs: 9,
      },
      { at: '2026-11-01T10:00:01.000Z', statusCode: null, error: 'ECONNREFUSED', durationMs: 2 },
      {
        at: '2026-11-01T10:00:00.000Z',
        statusCode: null,
        error: 'timeout after 10000 ms',
        durationMs: 10000,
      },
    ],
  },
  {
    id: 'refused',
    last_status_code: null,
    last_error: 'ECONNREFUSED',
    attempt_log: [
      { at: '2026-11-01T10:00:00.000Z', statusCode: null, error: 'ECONNREFUSED', durationMs: 1 },
    ],
  },
  {
    id: 'deactivated',
    last_status_code: null,
    last_error: 'endpoint deactivated',
    attempt_log: [{ at: '2026-11-01T10:00:00.000Z', statusCode: 200, error: null, durationMs: 4 }],
  },
];

describeEachDialect('migration 0018: webhook delivery logs without answers', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ dialect });
  });
  afterAll(() => app?.stop());

  const db = () => app.server.database.db as unknown as Kysely<unknown>;

  it('drops stored answer bodies and network causes, keeps status codes and timings', async () => {
    expect(await appliedMigrations(app.server.database)).toContain(
      '0018-webhook-log-without-bodies',
    );
    const now = '2026-11-01T10:00:00.000Z';
    // Far from expiry: the app's periodic clean-up forgets ended deliveries that expired long
    // ago, and ran into this test on a busy machine.
    const LATER = '2099-01-01T00:00:00.000Z';
    await sql`insert into webhook_endpoints
      (id, url, description, events, secret, active, created_by, created_at, updated_at)
      values ('e1', 'https://erp.example/hook', '', '["audit.created"]', 'whsec_x', 1, null,
        ${now}, ${now})`.execute(db());
    for (const row of BEFORE) {
      await sql`insert into webhook_deliveries
        (id, endpoint_id, event_id, event_type, payload, created_at, status, next_attempt_at,
         expires_at, attempts, last_status_code, last_error, delivered_at, attempt_log,
         lease_owner, lease_until)
        values (${row.id}, 'e1', ${`ev-${row.id}`}, 'audit.created', '{}', ${now}, 'failed', null,
          ${LATER}, ${row.attempt_log.length}, ${row.last_status_code}, ${row.last_error}, null,
          ${JSON.stringify(row.attempt_log)}, null, null)`.execute(db());
    }

    await up(db());
    await up(db());
    const { rows } = await sql<{
      id: string;
      last_status_code: number | null;
      last_error: string | null;
      attempt_log: string;
    }>`
      select id, last_status_code, last_error, attempt_log from webhook_deliveries order by id`.execute(
      db(),
    );
    const after = Object.fromEntries(
      rows.map((row) => [
        row.id,
        {
          lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
          lastError: row.last_error,
          attempts: (
            JSON.parse(row.attempt_log) as {
              statusCode: number | null;
              error: string | null;
              durationMs: number;
            }[]
          ).map((attempt) => [attempt.statusCode, attempt.error, attempt.durationMs]),
        },
      ]),
    );
    expect(after).toEqual({
      answered: {
        lastStatusCode: 500,
        lastError: null,
        attempts: [
          [500, null, 9],
          [null, 'unreachable', 2],
          [null, 'unreachable', 10000],
        ],
      },
      refused: {
        lastStatusCode: null,
        lastError: 'unreachable',
        attempts: [[null, 'unreachable', 1]],
      },
      deactivated: {
        lastStatusCode: null,
        lastError: 'endpoint_deactivated',
        attempts: [[200, null, 4]],
      },
    });
  });
});
