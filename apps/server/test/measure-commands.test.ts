import type { AuditItem, Measure } from '@qa/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commandActors, type Actor } from './support/command-actors';
import { describeEachDialect } from './support/dialects';
import { startApp, type TestApp } from './support/start-app';

/**
 * The measure commands (issue 12) through the real server's sync push, on both databases: a
 * measure from a finding assigned by the qm, progressed by its assignee, a failed and a passed
 * effectiveness check, who may not, a live delta to a subscriber, and the measures a replacing
 * finding discards. Each rule in detail is the domain's test (measure.commands.test.ts).
 */

describeEachDialect('measure commands', (dialect) => {
  let app: TestApp;
  const { actor, accepted, rejected, closeAll } = commandActors(() => app, 'measure-client');
  let qm: Actor;
  let lead: Actor;
  let assignee: Actor;
  let other: Actor;

  async function stored<T>(collection: string, id: string): Promise<T | undefined> {
    const [doc] = await app.server.sync.documents.findMany([{ collection, id }]);
    return doc && !doc.deleted ? (doc.data as unknown as T) : undefined;
  }

  beforeAll(async () => {
    app = await startApp({ dialect, env: { AUTH_RATE_LIMIT_SIGNIN: '100/60' } });
    qm = await actor('qm.measures@example.com', ['qm']);
    lead = await actor('lead.measures@example.com', ['auditor']);
    assignee = await actor('assignee.measures@example.com', ['user']);
    other = await actor('other.measures@example.com', ['user']);
  });
  afterAll(async () => {
    closeAll();
    await app?.stop();
  });

  it('follows a measure from its finding to "Effective", live for a subscriber', async () => {
    const auditId = `ma-${dialect}`;
    await accepted(qm, 'audit.create', {
      id: auditId,
      name: 'Supplier Styr',
      leadauditor: lead.personId,
      planning_year: 2024,
      planning_date: '2024-03-01',
    });
    const itemId = `${auditId}-i1`;
    await accepted(qm, 'auditItem.create', { auditId, id: itemId, question: { text: 'Clean?' } });
    await accepted(lead, 'finding.create', {
      auditId,
      itemId,
      finding: { id: 'f1', importance: '3', text: 'Pallets in the aisle' },
    });

    assignee.socket.send({
      type: 'subscribe',
      subscriptionId: 'measures',
      query: { collection: 'measures', filters: [] },
    });
    await assignee.socket.next('snapshot', (m) => m.subscriptionId === 'measures');

    const measureId = `${auditId}-m1`;
    // An auditor of the team creates it, but may not assign it.
    await rejected(
      lead,
      'measure.create',
      {
        id: measureId,
        text: 'Mark the aisles',
        audit_id: auditId,
        audititem_id: itemId,
        deviation_id: 'f1',
        assignedTo: [assignee.personId],
      },
      'forbidden',
      'permission.measureAssign',
    );
    await accepted(lead, 'measure.create', {
      id: measureId,
      text: 'Mark the aisles',
      audit_id: auditId,
      audititem_id: itemId,
      deviation_id: 'f1',
      dueDate: '2024-04-01',
    });
    await accepted(qm, 'measure.assign', {
      id: measureId,
      auditId,
      assignedTo: [assignee.personId],
    });
    const delta = await assignee.socket.next(
      'delta',
      (m) =>
        m.subscriptionId === 'measures' &&
        m.changes.some(
          (change) =>
            change.id === measureId &&
            Array.isArray(change.data.assignedTo) &&
            change.data.assignedTo.length === 1,
        ),
    );
    expect(delta.changes[0]?.data).toMatchObject({ text: 'Mark the aisles', status: '1' });
    expect((await stored<AuditItem>('audit_items', itemId))?.measures).toEqual({
      [measureId]: 'f1',
    });

    const to = (status: string) => ({ id: measureId, auditId, to: status });
    await rejected(other, 'measure.changeStatus', to('2'), 'forbidden', 'command.forbidden');
    for (const status of ['2', '3', '4', '5']) {
      await accepted(assignee, 'measure.changeStatus', to(status));
    }
    await rejected(
      assignee,
      'measure.changeStatus',
      to('6'),
      'rule',
      'measure.effectivenessCheckRequired',
    );
    const check = (effective: boolean) => ({ id: measureId, auditId, effective, comment: 'Seen' });
    await rejected(
      assignee,
      'measure.checkEffectiveness',
      check(true),
      'forbidden',
      'command.forbidden',
    );
    await accepted(qm, 'measure.checkEffectiveness', check(false));
    expect((await stored<Measure>('measures', measureId))?.status).toBe('3');
    await accepted(assignee, 'measure.changeStatus', to('4'));
    await accepted(assignee, 'measure.changeStatus', to('5'));
    await accepted(qm, 'measure.checkEffectiveness', check(true));
    const done = await stored<Measure>('measures', measureId);
    expect(done?.status).toBe('6');
    expect(done?.effectivenessChecks).toEqual([
      expect.objectContaining({ by: qm.personId, effective: false, comment: 'Seen' }),
      expect.objectContaining({ by: qm.personId, effective: true, comment: 'Seen' }),
    ]);

    // "No deviation" replaces the item's findings and, confirmed, discards their measures.
    await rejected(
      lead,
      'finding.create',
      { auditId, itemId, finding: { id: 'ok1', importance: 'ok' } },
      'rule',
      'auditItem.confirmDiscardFindings',
    );
    await accepted(lead, 'finding.create', {
      auditId,
      itemId,
      finding: { id: 'ok1', importance: 'ok' },
      confirmDiscard: true,
    });
    expect(await stored('measures', measureId)).toBeUndefined();
    expect((await stored<AuditItem>('audit_items', itemId))?.measures).toEqual({});
  });

  it('refuses a text over 140 characters with its limit and changes nothing', async () => {
    await rejected(
      qm,
      'measure.create',
      { id: `long-${dialect}`, text: 'x'.repeat(141) },
      'rule',
      'validation.maxLength',
    );
    expect(await stored('measures', `long-${dialect}`)).toBeUndefined();
  });
});
