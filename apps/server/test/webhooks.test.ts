import type { Webhook, WebhookDelivery, WebhookDeliveryPage, WebhookWithSecret } from '@qa/domain';
import { WEBHOOK_EVENT_TYPES } from '@qa/domain';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ApiContract } from './api/api-contract';
import { commandActors, type Actor } from './support/command-actors';
import { describeEachDialect } from './support/dialects';
import { pushCommand } from './support/sync-socket';
import { countRows, startApp, type TestApp } from './support/start-app';
import { eventually, validSignature, WebhookReceiver } from './support/webhook-receiver';

/**
 * Webhooks (issue 16, docs/webhooks.md) through the real server on both databases: the admin API
 * and who may use it, every event raised by real commands arriving once with a valid signature,
 * retries while the receiver is down, the delivery log, resend, test pings, deactivation, no
 * delivery for a rejected command, and `measure.overdue` raised once.
 */

/** Short retries and polls, so a test waits milliseconds where the server waits minutes. */
const FAST = {
  pollIntervalMs: 100,
  retryBaseMs: 50,
  retryCapMs: 200,
  requestTimeoutMs: 2_000,
  leaseMs: 5_000,
};

describeEachDialect('webhooks', (dialect) => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  const { actor, accepted, rejected, closeAll } = commandActors(() => app, `wh-${dialect}`);
  let admin: Actor;
  let qm: Actor;
  let user: Actor;
  let hook: WebhookWithSecret;
  /** Every answer of the admin API is checked against the OpenAPI document. */
  let contract: ApiContract;

  async function api(
    who: Actor | null,
    method: string,
    path: string,
    body?: unknown,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read by expect
  ): Promise<{ status: number; body: any; headers: Headers }> {
    const response = await contract.fetch(`${app.url}${path}`, {
      method,
      headers: {
        ...(who ? { cookie: who.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      headers: response.headers,
    };
  }

  async function deliveries(webhookId: string, query = ''): Promise<WebhookDelivery[]> {
    const answer = await api(admin, 'GET', `/api/v1/webhooks/${webhookId}/deliveries${query}`);
    expect(answer.status).toBe(200);
    return (answer.body as WebhookDeliveryPage).deliveries;
  }

  let counter = 0;
  async function newAudit() {
    const id = `wh-audit-${dialect}-${++counter}`;
    await accepted(qm, 'audit.create', {
      id,
      name: `Webhook audit ${counter}`,
      leadauditor: qm.personId,
      planning_year: 2024,
      planning_date: '2024-03-01',
    });
    return id;
  }

  beforeAll(async () => {
    app = await startApp({
      dialect,
      // The receiver listens on loopback, which webhooks may reach only when allowed.
      env: { AUTH_RATE_LIMIT_SIGNIN: '100/60', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
      build: { webhooks: FAST },
    });
    receiver = await WebhookReceiver.start();
    contract = new ApiContract(await (await fetch(`${app.url}/api/v1/openapi.json`)).json());
    admin = await actor(`admin.wh.${dialect}@example.com`, ['admin']);
    qm = await actor(`qm.wh.${dialect}@example.com`, ['qm']);
    user = await actor(`user.wh.${dialect}@example.com`, ['user']);
    const created = await api(admin, 'POST', '/api/v1/webhooks', {
      url: receiver.url,
      events: [...WEBHOOK_EVENT_TYPES],
      description: 'Every event',
    });
    expect(created.status).toBe(201);
    hook = created.body as WebhookWithSecret;
  });
  afterAll(async () => {
    closeAll();
    await app?.stop();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.status = 200;
  });

  it('admin API: strangers 401, non-admins 403, secret shown once, URL checked', async () => {
    expect((await api(null, 'GET', '/api/v1/webhooks')).status).toBe(401);
    const foreign = await fetch(`${app.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: {
        cookie: admin.cookie,
        origin: 'https://elsewhere.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ url: receiver.url, events: ['audit.created'] }),
    });
    expect(foreign.status).toBe(403);
    expect((await api(null, 'POST', '/api/v1/webhooks', { url: receiver.url })).status).toBe(401);
    for (const who of [qm, user]) {
      const list = await api(who, 'GET', '/api/v1/webhooks');
      expect(list.status).toBe(403);
      expect(list.headers.get('content-type')).toContain('application/problem+json');
      expect(list.body).toMatchObject({ code: 'forbidden', key: 'webhook.adminOnly' });
      const create = await api(who, 'POST', '/api/v1/webhooks', {
        url: receiver.url,
        events: ['audit.created'],
      });
      expect(create.status).toBe(403);
      expect((await api(who, 'GET', `/api/v1/webhooks/${hook.webhook.id}/deliveries`)).status).toBe(
        403,
      );
      expect((await api(who, 'POST', `/api/v1/webhooks/deliveries/whatever/resend`)).status).toBe(
        403,
      );
    }

    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(hook.webhook).toMatchObject({
      url: receiver.url,
      active: true,
      createdBy: admin.personId,
      description: 'Every event',
    });
    const list = await api(admin, 'GET', '/api/v1/webhooks');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(JSON.stringify(list.body)).not.toContain(hook.secret);
    expect((list.body.webhooks as Webhook[]).map((w) => w.id)).toContain(hook.webhook.id);
    const one = await api(admin, 'GET', `/api/v1/webhooks/${hook.webhook.id}`);
    expect(one.body.webhook).toEqual(hook.webhook);
    expect(JSON.stringify(one.body)).not.toContain(hook.secret);

    for (const url of [
      'ftp://example.com/x',
      'not a url',
      'http://user:pw@example.com/',
      'file:///etc/passwd',
    ]) {
      const bad = await api(admin, 'POST', '/api/v1/webhooks', { url, events: ['audit.created'] });
      expect(bad.status, url).toBe(400);
      expect(bad.body).toMatchObject({ code: 'invalid_request', key: 'webhook.urlInvalid' });
    }
    const badEvent = await api(admin, 'POST', '/api/v1/webhooks', {
      url: receiver.url,
      events: ['audit.exploded'],
    });
    expect(badEvent.status).toBe(400);
    const none = await api(admin, 'POST', '/api/v1/webhooks', { url: receiver.url, events: [] });
    expect(none.status).toBe(400);
    expect((await api(admin, 'GET', '/api/v1/webhooks/nope')).status).toBe(404);
    const badPatch = await api(admin, 'PATCH', `/api/v1/webhooks/${hook.webhook.id}`, {
      url: 'gopher://x',
    });
    expect(badPatch.body).toMatchObject({ key: 'webhook.urlInvalid' });

    // The routes are in the OpenAPI document.
    const doc = await api(null, 'GET', '/api/v1/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/webhooks',
        '/api/v1/webhooks/{id}',
        '/api/v1/webhooks/{id}/deliveries',
        '/api/v1/webhooks/deliveries/{deliveryId}/resend',
      ]),
    );
  });

  it('delivers every event of real commands once, signed, with the documented payload', async () => {
    const auditId = await newAudit();
    const itemId = `${auditId}-i1`;
    await accepted(qm, 'auditItem.create', { auditId, id: itemId, question: { text: 'Clean?' } });
    await accepted(qm, 'finding.create', {
      auditId,
      itemId,
      finding: { id: 'f1', importance: '3', text: 'Pallets in the aisle' },
    });
    // Editing the finding is no new finding.
    await accepted(qm, 'finding.update', {
      auditId,
      itemId,
      finding: { id: 'f1', importance: '3', text: 'Pallets in the aisle, twice' },
    });
    const measureId = `${auditId}-m1`;
    await accepted(qm, 'measure.create', {
      id: measureId,
      text: 'Mark the aisles',
      audit_id: auditId,
      audititem_id: itemId,
      deviation_id: 'f1',
    });
    await accepted(qm, 'measure.changeStatus', { id: measureId, auditId, to: '2' });
    await accepted(qm, 'audit.changeStatus', { id: auditId, status: '3', numbering: 'phase' });
    await accepted(qm, 'audit.complete', { id: auditId });

    const mine = () =>
      receiver.received.filter((h) => JSON.stringify(h.event.data).includes(auditId));
    await eventually(() => mine().length >= 7, 10_000, 'seven events');
    // Nothing more comes (no duplicates).
    await new Promise((resolve) => setTimeout(resolve, 400));
    const got = mine();
    expect(got.map((h) => h.event.type).sort()).toEqual(
      [
        'audit.created',
        'finding.created',
        'measure.created',
        'measure.status_changed',
        'audit.status_changed',
        'audit.status_changed',
        'audit.completed',
      ].sort(),
    );
    expect(new Set(got.map((h) => h.id)).size).toBe(got.length);
    for (const received of got) {
      expect(validSignature(hook.secret, received), received.event.type).toBe(true);
      expect(validSignature(`whsec_${Buffer.alloc(32).toString('base64')}`, received)).toBe(false);
      expect(received.event.id).toBe(received.id);
      expect(received.event.actor).toEqual({
        id: qm.personId,
        displayName: `qm.wh.${dialect}@example.com`,
      });
      expect(Math.abs(Number(received.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    }
    const created = got.find((h) => h.event.type === 'audit.created')!.event;
    expect(created.data).toMatchObject({
      collection: 'audits',
      id: auditId,
      version: 1,
      document: { id: auditId, name: expect.stringContaining('Webhook audit') },
    });
    const finding = got.find((h) => h.event.type === 'finding.created')!.event;
    expect(finding.data).toMatchObject({
      collection: 'audit_items',
      id: itemId,
      findingId: 'f1',
      finding: { text: 'Pallets in the aisle' },
    });
    expect(got.find((h) => h.event.type === 'measure.status_changed')!.event.data).toMatchObject({
      id: measureId,
      previousStatus: '1',
      status: '2',
    });
    const completed = got.find((h) => h.event.type === 'audit.completed')!.event;
    expect(completed.data).toMatchObject({ previousStatus: '3', status: '6' });

    const log = await deliveries(hook.webhook.id);
    const ours = log.filter((d) => JSON.stringify(d.payload.data).includes(auditId));
    expect(ours).toHaveLength(7);
    for (const delivery of ours) {
      expect(delivery).toMatchObject({
        status: 'delivered',
        attempts: 1,
        lastStatusCode: 200,
        lastError: null,
      });
      expect(delivery.attemptLog).toHaveLength(1);
    }
  });

  it('a rejected command writes no delivery', async () => {
    const before = await countRows(app, 'webhook_deliveries');
    // A user may not create audits.
    await rejected(
      user,
      'audit.create',
      { id: `wh-refused-${dialect}`, name: 'Refused', planning_year: 2024 },
      'forbidden',
      'command.forbidden',
    );
    // Fails in the command's own checks.
    expect(
      await pushCommand(qm, 'audit.changeStatus', { id: 'no-such-audit', status: '2' }),
    ).toMatchObject({ type: 'reject' });
    expect(await countRows(app, 'webhook_deliveries')).toBe(before);
  });

  it('retries while the receiver is down (port closed, then 500) and delivers later', async () => {
    await receiver.close();
    const auditId = await newAudit();
    const find = async () =>
      (await deliveries(hook.webhook.id)).find(
        (d) => d.eventType === 'audit.created' && d.payload.data.id === auditId,
      );
    const refused = await eventually(
      async () => {
        const d = await find();
        return d && d.attempts >= 2 ? d : undefined;
      },
      10_000,
      'failed attempts',
    );
    expect(refused.status).toBe('pending');
    expect(refused.lastStatusCode).toBeNull();
    expect(refused.lastError).toBe('unreachable');
    expect(refused.nextAttemptAt).not.toBeNull();

    receiver.status = 500;
    await receiver.open();
    const failing = await eventually(
      async () => {
        const d = await find();
        return d && d.lastStatusCode === 500 ? d : undefined;
      },
      10_000,
      'a 500',
    );
    // The status, never what the receiver answered.
    expect(failing.lastError).toBeNull();
    expect(JSON.stringify(failing)).not.toContain('receiver down');

    receiver.status = 200;
    const delivered = await eventually(
      async () => {
        const d = await find();
        return d?.status === 'delivered' ? d : undefined;
      },
      10_000,
      'delivery',
    );
    expect(delivered.attempts).toBeGreaterThanOrEqual(3);
    expect(delivered.attemptLog[0]).toMatchObject({ statusCode: 200, error: null });
    expect(delivered.attemptLog.some((a) => a.statusCode === 500)).toBe(true);
    expect(
      delivered.attemptLog.some((a) => a.statusCode === null && a.error === 'unreachable'),
    ).toBe(true);
    expect(delivered.attemptLog).toHaveLength(delivered.attempts);
    const arrived = receiver.ofType('audit.created').filter((h) => h.event.data.id === auditId);
    expect(arrived).toHaveLength(1);
    expect(validSignature(hook.secret, arrived[0]!)).toBe(true);
  });

  it('gives up after the retry window: failed; resend delivers it with the same webhook-id', async () => {
    receiver.status = 503;
    // A delivery whose window is over: moved into the past by hand.
    const auditId = await newAudit();
    const find = async () =>
      (await deliveries(hook.webhook.id)).find(
        (d) => d.eventType === 'audit.created' && d.payload.data.id === auditId,
      );
    const first = await eventually(async () => {
      const d = await find();
      return d && d.attempts >= 1 ? d : undefined;
    });
    await app.server.database.db
      .updateTable('webhook_deliveries')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', first.id)
      .execute();
    const failed = await eventually(async () => {
      const d = await find();
      return d?.status === 'failed' ? d : undefined;
    });
    expect(failed.nextAttemptAt).toBeNull();
    expect(failed.lastStatusCode).toBe(503);

    receiver.status = 200;
    const resent = await api(admin, 'POST', `/api/v1/webhooks/deliveries/${failed.id}/resend`);
    expect(resent.status).toBe(202);
    expect(resent.body.delivery).toMatchObject({ id: failed.id, status: 'pending' });
    const delivered = await eventually(async () => {
      const d = await find();
      return d?.status === 'delivered' ? d : undefined;
    });
    expect(delivered.attempts).toBe(failed.attempts + 1);
    const arrived = receiver.ofType('audit.created').filter((h) => h.event.data.id === auditId);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.id).toBe(failed.eventId);

    // A delivered one can be sent again too (receivers drop it by its webhook-id).
    expect(
      (await api(admin, 'POST', `/api/v1/webhooks/deliveries/${failed.id}/resend`)).status,
    ).toBe(202);
    await eventually(
      () =>
        receiver.ofType('audit.created').filter((h) => h.event.data.id === auditId).length === 2,
    );
    expect(
      (await api(admin, 'POST', '/api/v1/webhooks/deliveries/nope/resend')).body,
    ).toMatchObject({
      status: 404,
      key: 'webhook.deliveryNotFound',
    });
  });

  it('test ping, delivery log paging and filter, events filter, deactivate, rotate, delete', async () => {
    const second = await WebhookReceiver.start();
    try {
      const created = await api(admin, 'POST', '/api/v1/webhooks', {
        url: second.url,
        events: ['measure.created'],
      });
      const other = created.body as WebhookWithSecret;
      const ping = await api(admin, 'POST', `/api/v1/webhooks/${other.webhook.id}/test`);
      expect(ping.status).toBe(202);
      expect(ping.body.delivery).toMatchObject({ eventType: 'webhook.ping', status: 'pending' });
      await eventually(() => second.ofType('webhook.ping').length === 1);
      expect(validSignature(other.secret, second.received[0]!)).toBe(true);
      expect(second.received[0]!.event).toMatchObject({ type: 'webhook.ping', actor: null });

      // Subscribed to measure.created only: an audit raises nothing for it.
      await newAudit();
      const measureId = `wh-lonely-${dialect}`;
      await accepted(qm, 'measure.create', { id: measureId, text: 'Alone' });
      await eventually(() => second.ofType('measure.created').length === 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(second.received.map((h) => h.event.type).sort()).toEqual([
        'measure.created',
        'webhook.ping',
      ]);

      // Paging: two pages of one, newest first.
      const page1 = await api(
        admin,
        'GET',
        `/api/v1/webhooks/${other.webhook.id}/deliveries?limit=1`,
      );
      expect(page1.body.deliveries.map((d: WebhookDelivery) => d.eventType)).toEqual([
        'measure.created',
      ]);
      expect(page1.body.nextCursor).toEqual(expect.any(String));
      const page2 = await api(
        admin,
        'GET',
        `/api/v1/webhooks/${other.webhook.id}/deliveries?limit=1&cursor=${page1.body.nextCursor}`,
      );
      expect(page2.body.deliveries.map((d: WebhookDelivery) => d.eventType)).toEqual([
        'webhook.ping',
      ]);
      expect(page2.body.nextCursor).toBeNull();
      expect((await deliveries(other.webhook.id, '?status=failed')).length).toBe(0);
      const badCursor = await api(
        admin,
        'GET',
        `/api/v1/webhooks/${other.webhook.id}/deliveries?cursor=xyz`,
      );
      expect(badCursor.body).toMatchObject({ status: 400, key: 'webhook.cursorInvalid' });

      // Rotate: the new secret signs, the old does not.
      const rotated = await api(
        admin,
        'POST',
        `/api/v1/webhooks/${other.webhook.id}/rotate-secret`,
      );
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).not.toBe(other.secret);
      await api(admin, 'POST', `/api/v1/webhooks/${other.webhook.id}/test`);
      await eventually(() => second.ofType('webhook.ping').length === 2);
      const ping2 = second.ofType('webhook.ping')[1]!;
      expect(validSignature(rotated.body.secret as string, ping2)).toBe(true);
      expect(validSignature(other.secret, ping2)).toBe(false);

      // Deactivated: a waiting delivery fails, new events are not queued.
      second.status = 500;
      await accepted(qm, 'measure.create', { id: `${measureId}-2`, text: 'Waits' });
      await eventually(async () =>
        (await deliveries(other.webhook.id, '?status=pending')).some((d) => d.attempts >= 1),
      );
      const off = await api(admin, 'PATCH', `/api/v1/webhooks/${other.webhook.id}`, {
        active: false,
      });
      expect(off.body.webhook).toMatchObject({ active: false, events: ['measure.created'] });
      const failed = await deliveries(other.webhook.id, '?status=failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]!.lastError).toBe('endpoint_deactivated');
      const rows = await countRows(app, 'webhook_deliveries');
      await accepted(qm, 'measure.create', { id: `${measureId}-3`, text: 'Not for it' });
      // Only the first endpoint's delivery was written.
      expect(await countRows(app, 'webhook_deliveries')).toBe(rows + 1);

      // Deleted with its log.
      const gone = await api(admin, 'DELETE', `/api/v1/webhooks/${other.webhook.id}`);
      expect(gone.status).toBe(204);
      expect((await api(admin, 'GET', `/api/v1/webhooks/${other.webhook.id}`)).status).toBe(404);
      expect(
        (await api(admin, 'GET', `/api/v1/webhooks/${other.webhook.id}/deliveries`)).status,
      ).toBe(404);
      expect(await countRows(app, 'webhook_deliveries')).toBe(rows + 1 - 4);
    } finally {
      await second.close();
    }
  });

  it('raises measure.overdue once per measure and due date', async () => {
    const id = `wh-overdue-${dialect}`;
    await accepted(qm, 'measure.create', { id, text: 'Late', dueDate: '2024-04-01' });
    const open = `wh-not-due-${dialect}`;
    await accepted(qm, 'measure.create', { id: open, text: 'Later', dueDate: '2999-01-01' });
    const deliverer = app.server.webhooks.deliverer;
    const raised = await Promise.all([deliverer.checkOverdue(), deliverer.checkOverdue()]);
    expect(await deliverer.checkOverdue()).toBe(0);
    const mine = () => receiver.ofType('measure.overdue').filter((h) => h.event.data.id === id);
    await eventually(() => mine().length === 1);
    expect(raised.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(mine()[0]!.event).toMatchObject({
      actor: null,
      data: { dueDate: '2024-04-01', collection: 'measures' },
    });
    expect(validSignature(hook.secret, mine()[0]!)).toBe(true);
    expect(receiver.ofType('measure.overdue').some((h) => h.event.data.id === open)).toBe(false);

    // A new due date that passes raises again.
    await accepted(qm, 'measure.update', { id, changes: { dueDate: '2024-05-01' } });
    await deliverer.checkOverdue();
    await eventually(() => mine().length === 2);
    expect(mine()[1]!.event.data.dueDate).toBe('2024-05-01');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mine()).toHaveLength(2);
  });

  it('every answer of the admin API matches the OpenAPI document, which stays valid', async () => {
    const { valid, errors } = await ApiContract.validateDocument(contract.document);
    expect(errors).toBeUndefined();
    expect(valid).toBe(true);
    expect(contract.checked.length).toBeGreaterThan(30);
    expect(contract.breaches).toEqual([]);
  });
});

describeEachDialect('webhooks without polling', (dialect) => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  const { actor, accepted, closeAll } = commandActors(() => app, `wh-wake-${dialect}`);

  beforeAll(async () => {
    // The poll would come after a minute: only the wake-up on commit can deliver in time.
    app = await startApp({
      dialect,
      env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
      build: { webhooks: { ...FAST, pollIntervalMs: 60_000 } },
    });
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    closeAll();
    await app?.stop();
    await receiver?.close();
  });

  it('delivers right after the command commits', async () => {
    const admin = await actor(`admin.wake.${dialect}@example.com`, ['admin']);
    const created = await fetch(`${app.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['measure.created'] }),
    });
    expect(created.status).toBe(201);
    // Let the deliverer fall asleep first.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 1; i <= 3; i += 1) {
      await accepted(admin, 'measure.create', { id: `wake-${dialect}-${i}`, text: `Wake ${i}` });
      await eventually(() => receiver.received.length === i, 2_000, `delivery ${i}`);
    }
  });
});
