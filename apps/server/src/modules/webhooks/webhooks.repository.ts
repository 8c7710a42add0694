import type { WebhookAttemptError } from '@qa/domain';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** A delivery to insert (the outbox row of one event for one endpoint). */
export interface NewDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: string;
  createdAt: string;
  expiresAt: string;
}

/** What an attempt ended with, written by the deliverer that holds the lease. */
export interface AttemptOutcome {
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  statusCode: number | null;
  error: string | null;
  attemptLog: string;
}

/**
 * The webhook tables (0013-webhooks). Runs inside the caller's transaction if one is open (the
 * outbox inserts run in the command's).
 */
export class WebhooksRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db.executor;
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute(() => work());
  }

  // Endpoints

  async endpoints(): Promise<EndpointRow[]> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The active endpoints (the outbox's question on every command that raised an event). */
  async activeEndpoints(): Promise<Pick<EndpointRow, 'id' | 'events'>[]> {
    return this.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'events'])
      .where('active', '=', 1)
      .execute();
  }

  async endpoint(id: string): Promise<EndpointRow | undefined> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async endpointsByIds(ids: readonly string[]): Promise<EndpointRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('webhook_endpoints').selectAll().where('id', 'in', ids).execute();
  }

  async countEndpoints(): Promise<number> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insertEndpoint(row: EndpointRow): Promise<void> {
    await this.db.insertInto('webhook_endpoints').values(row).execute();
  }

  async updateEndpoint(
    id: string,
    changes: Partial<Omit<EndpointRow, 'id' | 'created_at' | 'created_by'>>,
  ): Promise<void> {
    await this.db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
  }

  /** Deletes the endpoint and (foreign key cascade) its deliveries; false if there was none. */
  async deleteEndpoint(id: string): Promise<boolean> {
    // Deleted explicitly too: a SQLite opened without foreign keys would leave them.
    await this.db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
    const result = await this.db
      .deleteFrom('webhook_endpoints')
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // Deliveries

  async insertDeliveries(deliveries: readonly NewDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await this.db
      .insertInto('webhook_deliveries')
      .values(
        deliveries.map((d) => ({
          id: d.id,
          endpoint_id: d.endpointId,
          event_id: d.eventId,
          event_type: d.eventType,
          payload: d.payload,
          created_at: d.createdAt,
          status: 'pending',
          next_attempt_at: d.createdAt,
          expires_at: d.expiresAt,
          attempts: 0,
          last_status_code: null,
          last_error: null,
          delivered_at: null,
          attempt_log: '[]',
          lease_owner: null,
          lease_until: null,
        })),
      )
      .onConflict((conflict) => conflict.columns(['endpoint_id', 'event_id']).doNothing())
      .execute();
  }

  async delivery(id: string): Promise<DeliveryRow | undefined> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Claims up to `limit` due deliveries for `owner` until `until`, in one statement: pending,
   * due, and not leased by another deliverer (or its lease ran out: it died). PostgreSQL skips
   * rows another instance is claiming right now (`FOR UPDATE SKIP LOCKED`); SQLite has one
   * writer, so the statement is atomic anyway.
   */
  async claimDue(owner: string, now: string, until: string, limit: number): Promise<DeliveryRow[]> {
    let due = this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit);
    if (this.database.dialect === 'postgres') due = due.forUpdate().skipLocked();
    return this.db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: owner, lease_until: until })
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  /** The earliest due time of a pending delivery (the deliverer's next wake-up), if any. */
  async nextDue(): Promise<string | null> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.min('next_attempt_at').as('next'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return (row?.next as string | null | undefined) ?? null;
  }

  /** Records an attempt, if `owner` still holds the lease; false if it lost it. */
  async finishAttempt(id: string, owner: string, outcome: AttemptOutcome): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        status: outcome.status,
        next_attempt_at: outcome.nextAttemptAt,
        delivered_at: outcome.deliveredAt,
        last_status_code: outcome.statusCode,
        last_error: outcome.error,
        attempt_log: outcome.attemptLog,
        attempts: eb('attempts', '+', 1),
        lease_owner: null,
        lease_until: null,
      }))
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Pending again, due `now`, with a new deadline (resend). */
  async reschedule(id: string, now: string, expiresAt: string): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: now, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Fails the endpoint's pending deliveries (it was deactivated). The lease is taken away too, so
   * an attempt in flight cannot put its delivery back to pending (its result is dropped).
   */
  async failPending(endpointId: string, error: WebhookAttemptError): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        status: 'failed',
        next_attempt_at: null,
        last_error: error,
        lease_owner: null,
        lease_until: null,
      })
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** A page of an endpoint's deliveries, newest first, after the cursor's (created_at, id). */
  async deliveryPage(
    endpointId: string,
    options: { limit: number; after?: { createdAt: string; id: string }; status?: string },
  ): Promise<DeliveryRow[]> {
    let query = this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit);
    if (options.status) query = query.where('status', '=', options.status);
    const after = options.after;
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
        ]),
      );
    }
    return query.execute();
  }

  /** Forgets deliveries that ended (delivered or failed) and expired before `before`. */
  async pruneEnded(before: string): Promise<void> {
    await this.db
      .deleteFrom('webhook_deliveries')
      .where('status', '!=', 'pending')
      .where('expires_at', '<', before)
      .execute();
  }

  // measure.overdue

  /** The (measure, due date) pairs of these measures whose overdue event was raised. */
  async overdueRaised(measureIds: readonly string[]): Promise<Set<string>> {
    const raised = new Set<string>();
    for (let i = 0; i < measureIds.length; i += 500) {
      const rows = await this.db
        .selectFrom('webhook_overdue_events')
        .select(['measure_id', 'due_date'])
        .where('measure_id', 'in', measureIds.slice(i, i + 500))
        .execute();
      for (const row of rows) raised.add(`${row.measure_id}\n${row.due_date}`);
    }
    return raised;
  }

  /** Claims the overdue event of a measure and due date: true when this caller raises it. */
  async claimOverdue(measureId: string, dueDate: string, eventId: string, now: string) {
    const inserted = await this.db
      .insertInto('webhook_overdue_events')
      .values({ measure_id: measureId, due_date: dueDate, event_id: eventId, raised_at: now })
      .onConflict((conflict) => conflict.columns(['measure_id', 'due_date']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
