import type { Kysely } from 'kysely';

/**
 * Webhooks (issue 16, docs/webhooks.md). `webhook_endpoints`: what an admin registered; the
 * secret is kept as is because it signs every request (shown once, never answered again).
 *
 * `webhook_deliveries` is the outbox: one row per event and endpoint, inserted in the
 * transaction of the command that raised the event, so it exists exactly when the command
 * committed. The unique (endpoint_id, event_id) makes a second insert of the same event a no-op.
 * A deliverer claims a due row by setting `lease_owner`/`lease_until` in one statement; the
 * lease outlives an attempt, so no other instance takes the row meanwhile. `attempt_log` keeps
 * the newest attempts as JSON (the delivery log), so an attempt is one update of one row.
 *
 * `webhook_overdue_events`: one row per measure and due date whose `measure.overdue` was raised;
 * its primary key lets exactly one instance raise it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('attempt_log', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addUniqueConstraint('webhook_deliveries_event', ['endpoint_id', 'event_id'])
    .execute();
  // The deliverer's claim: pending rows by due time.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  // The delivery log of one endpoint, newest first.
  await db.schema
    .createIndex('webhook_deliveries_log')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_overdue_events')
    .addColumn('measure_id', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('raised_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_overdue_events_pk', ['measure_id', 'due_date'])
    .execute();
}
