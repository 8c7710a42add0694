import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { WebhookWithSecret } from '@qa/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commandActors, type Actor } from './support/command-actors';
import {
  createTestDatabase,
  REQUIRE_PG,
  TEST_DATABASE_URL,
  type TestDatabase,
} from './support/pg-database';
import { startApp, type TestApp } from './support/start-app';
import { eventually, validSignature, WebhookReceiver } from './support/webhook-receiver';

/**
 * Two server instances on one PostgreSQL (issue 16): both deliverers poll the one outbox at a
 * high rate and are woken by each other's commits, yet every event reaches the receiver once,
 * and `measure.overdue` checked by both at the same moment is raised once.
 */

const enabled = Boolean(TEST_DATABASE_URL) || REQUIRE_PG;
const FAST = {
  pollIntervalMs: 20,
  retryBaseMs: 50,
  retryCapMs: 200,
  requestTimeoutMs: 2_000,
  leaseMs: 5_000,
  // Small batches: the instances claim in many rounds, side by side.
  batchSize: 3,
};

let database: TestDatabase;
const dirs: string[] = [];
const apps: TestApp[] = [];
let receiver: WebhookReceiver;

beforeAll(async () => {
  if (!enabled) return;
  database = await createTestDatabase();
  for (let i = 0; i < 2; i += 1) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'qa-webhook-instance-'));
    dirs.push(dir);
    apps.push(
      await startApp({
        dialect: 'postgres',
        reuse: { dataDir: dir, database },
        env: { AUTH_RATE_LIMIT_SIGNIN: '100/60', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
        build: { webhooks: FAST },
      }),
    );
  }
  receiver = await WebhookReceiver.start();
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.stop({ keepData: true });
  await receiver?.close();
  await database?.drop();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

it.skipIf(!enabled)(
  'two instances on one PostgreSQL deliver each event once',
  async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const onA = commandActors(() => a, 'wh-a');
    const onB = commandActors(() => b, 'wh-b');
    try {
      const admin = await onA.actor('admin.instances@example.com', ['admin']);
      const qmA: Actor = await onA.actor('qm.a@example.com', ['qm']);
      const qmB: Actor = await onB.actor('qm.b@example.com', ['qm']);
      const created = await fetch(`${a.url}/api/v1/webhooks`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, events: ['audit.created', 'measure.overdue'] }),
      });
      expect(created.status).toBe(201);
      const hook = (await created.json()) as WebhookWithSecret;

      // Every claim of either instance, counted: each delivery is claimed once in all.
      let claims = 0;
      for (const app of [a, b]) {
        const repository = app.server.webhooks.repository;
        const claimDue = repository.claimDue.bind(repository);
        repository.claimDue = async (...args) => {
          const rows = await claimDue(...args);
          claims += rows.length;
          return rows;
        };
      }

      const perInstance = 15;
      const create = (qm: Actor, prefix: string, i: number) =>
        onA.accepted(qm, 'audit.create', {
          id: `${prefix}-${i}`,
          name: `Audit ${prefix} ${i}`,
          leadauditor: qm.personId,
          planning_year: 2024,
          planning_date: '2024-03-01',
        });
      // Both write at once, so both deliverers are woken by fresh work all the time.
      await Promise.all([
        (async () => {
          for (let i = 0; i < perInstance; i += 1) await create(qmA, 'via-a', i);
        })(),
        (async () => {
          for (let i = 0; i < perInstance; i += 1) await create(qmB, 'via-b', i);
        })(),
      ]);
      await eventually(
        () => receiver.ofType('audit.created').length >= 2 * perInstance,
        15_000,
        'all audit.created events',
      );
      // Time for a second delivery to show up, if there were one.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ids = receiver.ofType('audit.created').map((hookCall) => hookCall.id);
      expect(ids).toHaveLength(2 * perInstance);
      expect(new Set(ids).size).toBe(2 * perInstance);
      for (const received of receiver.received) {
        expect(validSignature(hook.secret, received)).toBe(true);
      }
      const rows = await a.server.database.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempts'])
        .execute();
      expect(rows).toHaveLength(2 * perInstance);
      expect(rows.every((row) => row.status === 'delivered' && Number(row.attempts) === 1)).toBe(
        true,
      );

      expect(claims).toBe(2 * perInstance);

      // An instance died holding a lease: the delivery waits for the lease to run out, then the
      // others deliver it (the at-least-once case: the dead one may have POSTed it already).
      const repository = b.server.webhooks.repository;
      const now = new Date();
      await repository.transaction(async () => {
        await repository.insertDeliveries([
          {
            id: 'orphan',
            endpointId: hook.webhook.id,
            eventId: 'orphan-event',
            eventType: 'audit.created',
            payload: JSON.stringify({ id: 'orphan-event', type: 'audit.created', data: {} }),
            createdAt: now.toISOString(),
            expiresAt: new Date(now.getTime() + 60_000).toISOString(),
          },
        ]);
        // `executor`: inside the transaction, so no deliverer sees the row unleased.
        await b.server.database.db.executor
          .updateTable('webhook_deliveries')
          .set({
            lease_owner: 'dead-instance',
            lease_until: new Date(now.getTime() + 1_000).toISOString(),
          })
          .where('id', '=', 'orphan')
          .execute();
      });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(receiver.received.some((h) => h.id === 'orphan-event')).toBe(false);
      await eventually(
        () => receiver.received.some((h) => h.id === 'orphan-event'),
        5_000,
        'orphan',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received.filter((h) => h.id === 'orphan-event')).toHaveLength(1);

      // measure.overdue, checked by both instances at the same moment: raised once.
      await onA.accepted(qmA, 'measure.create', {
        id: 'late-1',
        text: 'Late',
        dueDate: '2024-01-31',
      });
      const raised = await Promise.all([
        a.server.webhooks.deliverer.checkOverdue(),
        b.server.webhooks.deliverer.checkOverdue(),
        a.server.webhooks.deliverer.checkOverdue(),
        b.server.webhooks.deliverer.checkOverdue(),
      ]);
      expect(raised.reduce((x, y) => x + y, 0)).toBe(1);
      await eventually(() => receiver.ofType('measure.overdue').length === 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.ofType('measure.overdue')).toHaveLength(1);
    } finally {
      onA.closeAll();
      onB.closeAll();
    }
  },
  60_000,
);
