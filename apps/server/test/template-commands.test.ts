import { afterAll, beforeAll, expect, it } from 'vitest';
import { commandActors, type Actor } from './support/command-actors';
import { describeEachDialect } from './support/dialects';
import { pushCommand } from './support/sync-socket';
import { startApp, type TestApp } from './support/start-app';

/**
 * The template commands of issue 14 through the real sync path, on both databases: every
 * command with the roles that may and may not run it, the template's version, live replication
 * of `templates` and `template_items`, "use template" copying 500 items as one command in one
 * transaction (one ack, one run of the change log), a refused copy that changes nothing, and
 * the copy from an earlier audit without its findings.
 */

const everything = (collection: string) => ({ collection, filters: [] });
const question = { text: 'Is the quality policy documented?', importance: '3' };

describeEachDialect('template commands', (dialect) => {
  let app: TestApp;
  const { actor, accepted, rejected, closeAll } = commandActors(() => app, 'template-client');
  let admin: Actor;
  let qm: Actor;
  let lead: Actor;
  let outsider: Actor;
  let user: Actor;
  let dispatcher: Actor;

  async function stored(collection: string, id: string) {
    const [doc] = await app.server.sync.documents.findMany([{ collection, id }]);
    return doc;
  }
  async function live(collection: string) {
    return app.server.sync.documents.liveDocuments(collection);
  }
  /** The change log's rows after `seq`, oldest first. */
  async function changesAfter(seq: number) {
    return app.server.sync.documents.changesAfter(seq, 10_000);
  }
  async function lastSequence() {
    const rows = await changesAfter(0);
    return rows.at(-1)?.seq ?? 0;
  }

  let counter = 0;
  const next = (prefix: string) => `${prefix}-${dialect}-${++counter}`;

  async function newAudit(standard = 'iso9001') {
    const id = next('audit');
    await accepted(qm, 'audit.create', {
      id,
      name: `Audit ${id}`,
      standard,
      leadauditor: lead.personId,
      planning_year: 2024,
      planning_date: '2024-03-01',
    });
    return id;
  }

  async function newTemplate(items: number) {
    const id = next('template');
    await accepted(qm, 'template.create', { id, name: `Template ${id}`, standard: 'iso14001' });
    const rows = Array.from({ length: items }, (_, index) => ({
      id: `${id}-item-${index}`,
      question: {
        ...question,
        text: `Question ${index}`,
        chapters: [
          { id: '4', standard: 'iso14001', description: 'Context' },
          { id: '6.1.2', standard: 'iso14001', description: 'Environmental aspects' },
        ],
      },
    }));
    if (items > 0) await accepted(qm, 'templateItem.import', { templateId: id, items: rows });
    return { id, itemIds: rows.map((row) => row.id) };
  }

  beforeAll(async () => {
    app = await startApp({ dialect, env: { AUTH_RATE_LIMIT_SIGNIN: '100/60' } });
    admin = await actor('admin.templates@example.com', ['admin']);
    qm = await actor('qm.templates@example.com', ['qm']);
    lead = await actor('lead.templates@example.com', ['auditor']);
    outsider = await actor('outsider.templates@example.com', ['auditor']);
    user = await actor('user.templates@example.com', ['user']);
    dispatcher = await actor('dispatcher.templates@example.com', ['measure-dispatcher']);
  });
  afterAll(async () => {
    closeAll();
    await app?.stop();
  });

  it('template.create, update, delete: qm and admin, with activities; others are forbidden', async () => {
    user.socket.send({ type: 'subscribe', subscriptionId: 'tpl', query: everything('templates') });
    await user.socket.next('snapshot', (m) => m.subscriptionId === 'tpl');

    const id = next('template');
    await accepted(qm, 'template.create', { id, name: 'Supplier template' });
    expect((await stored('templates', id))?.data).toMatchObject({
      id,
      name: 'Supplier template',
      standard: 'iso9001',
      audited_by: 'internal',
      created_by: qm.personId,
      version: 1,
    });
    // Every role reads templates, live.
    const delta = await user.socket.next(
      'delta',
      (m) => m.subscriptionId === 'tpl' && m.changes.some((change) => change.id === id),
    );
    expect(delta.changes.find((change) => change.id === id)?.data).toMatchObject({ version: 1 });

    await accepted(admin, 'template.update', { id, changes: { name: 'Renamed', audit_items: {} } });
    expect((await stored('templates', id))?.data).toMatchObject({ name: 'Renamed', version: 2 });
    const activities = (await live('activities'))
      .filter((doc) => doc.data.object_url === `/templates/${id}`)
      .sort((a, b) => a.seq - b.seq)
      .map((doc) => [doc.data.actor, doc.data.verb, doc.data.object]);
    expect(activities).toEqual([
      [qm.personId, 'created', 'Supplier template'],
      [admin.personId, 'updated', 'Renamed'],
    ]);

    for (const who of [lead, user, dispatcher]) {
      await rejected(
        who,
        'template.create',
        { id: `${id}-x`, name: 'X' },
        'forbidden',
        'command.forbidden',
      );
      await rejected(
        who,
        'template.update',
        { id, changes: { name: 'X' } },
        'forbidden',
        'command.forbidden',
      );
      await rejected(who, 'template.delete', { id }, 'forbidden', 'command.forbidden');
    }
    await rejected(qm, 'template.create', { id, name: 'Again' }, 'conflict', 'template.idTaken');
    await rejected(
      qm,
      'template.create',
      { id: `${id}-y`, name: '' },
      'rule',
      'validation.required',
    );
    await rejected(
      qm,
      'template.update',
      { id: 'gone', changes: { name: 'X' } },
      'not_found',
      'template.notFound',
    );

    await accepted(qm, 'templateItem.create', { templateId: id, id: `${id}-i1`, question });
    await accepted(qm, 'template.delete', { id, itemIds: [`${id}-i1`] });
    expect((await stored('templates', id))?.deleted).toBe(true);
    expect((await stored('template_items', `${id}-i1`))?.deleted).toBe(true);
  });

  it('template items: create, update, delete, import; each a new version; roles and rules', async () => {
    const { id } = await newTemplate(0);
    lead.socket.send({
      type: 'subscribe',
      subscriptionId: 'items',
      query: {
        collection: 'template_items',
        filters: [{ path: ['templateId'], op: '==', value: id }],
      },
    });
    await lead.socket.next('snapshot', (m) => m.subscriptionId === 'items');

    await accepted(qm, 'templateItem.create', { templateId: id, id: `${id}-a`, question });
    await lead.socket.next(
      'delta',
      (m) => m.subscriptionId === 'items' && m.changes.some((change) => change.id === `${id}-a`),
    );
    await accepted(admin, 'templateItem.update', {
      templateId: id,
      id: `${id}-a`,
      changes: { question: { hint: 'Handbook' } },
    });
    expect((await stored('template_items', `${id}-a`))?.data).toMatchObject({
      templateId: id,
      question: { text: question.text, hint: 'Handbook' },
    });
    await accepted(qm, 'templateItem.import', {
      templateId: id,
      source: 'catalogue',
      items: [
        { id: `${id}-b`, question: { text: 'B' } },
        { id: `${id}-c`, question: { text: 'C' } },
      ],
    });
    await accepted(qm, 'templateItem.delete', { templateId: id, id: `${id}-b` });
    expect((await stored('templates', id))?.data.version).toBe(5);

    for (const who of [lead, user, dispatcher]) {
      await rejected(
        who,
        'templateItem.create',
        { templateId: id, id: `${id}-x`, question },
        'forbidden',
        'command.forbidden',
      );
      await rejected(
        who,
        'templateItem.update',
        { templateId: id, id: `${id}-a`, changes: { Weight: 2 } },
        'forbidden',
        'command.forbidden',
      );
      await rejected(
        who,
        'templateItem.delete',
        { templateId: id, id: `${id}-a` },
        'forbidden',
        'command.forbidden',
      );
      await rejected(
        who,
        'templateItem.import',
        { templateId: id, items: [{ id: `${id}-x`, question }] },
        'forbidden',
        'command.forbidden',
      );
    }
    await rejected(
      qm,
      'templateItem.create',
      { templateId: id, id: `${id}-d`, question: { text: ' ' } },
      'rule',
      'validation.required',
    );
    await rejected(
      qm,
      'templateItem.import',
      { templateId: id, items: [{ id: `${id}-a`, question }] },
      'conflict',
      'templateItem.idTaken',
    );
    expect((await stored('templates', id))?.data.version).toBe(5);
  });

  it('audit.useTemplate copies 500 items in one command and one transaction', async () => {
    const template = await newTemplate(500);
    const auditId = await newAudit();
    const before = await lastSequence();
    const items = template.itemIds.map((templateItemId, index) => ({
      id: `${auditId}-item-${index}`,
      templateItemId,
    }));
    const answer = await pushCommand(lead, 'audit.useTemplate', {
      auditId,
      templateId: template.id,
      items,
      standardIds: ['iso9001'],
      language: 'en',
    });
    expect(answer).toMatchObject({ type: 'ack' });
    // One ack, and the change log grew by one contiguous run: 500 items, the audit, the activity.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answersToIt = lead.socket.received.filter(
      (m) => (m.type === 'ack' || m.type === 'reject') && m.mutationId === answer.mutationId,
    );
    expect(answersToIt).toEqual([]);
    const changes = await changesAfter(before);
    expect(changes).toHaveLength(502);
    expect(answer.type === 'ack' && answer.sequence).toBe(changes.at(-1)!.seq);
    expect(changes.filter((change) => change.document.collection === 'audit_items')).toHaveLength(
      500,
    );
    const audit = await stored('audits', auditId);
    expect(audit?.data.preparedFrom).toEqual({ templateId: template.id, version: 2 });
    expect((await stored('audit_items', `${auditId}-item-0`))?.data).toMatchObject({
      auditId,
      deviations: {},
      question: {
        text: 'Question 0',
        chapters: [
          { id: '4', standard: 'iso9001', description: 'Context of the organisation' },
          { id: '6.1.2', standard: 'iso9001', description: 'Chapter 6.1.2' },
        ],
      },
    });
  });

  it('a refused copy changes nothing', async () => {
    const template = await newTemplate(3);
    const auditId = await newAudit();
    const before = await lastSequence();
    const items = template.itemIds.map((templateItemId, index) => ({
      id: `${auditId}-item-${index}`,
      templateItemId,
    }));
    const args = { auditId, templateId: template.id, items, standardIds: ['iso9001'] };
    // The last row names an item of no template: the whole copy is refused.
    await rejected(
      lead,
      'audit.useTemplate',
      { ...args, items: [...items, { id: `${auditId}-x`, templateItemId: 'nothing' }] },
      'rule',
      'templateItem.notFound',
    );
    await rejected(outsider, 'audit.useTemplate', args, 'forbidden', 'command.forbidden');
    await rejected(user, 'audit.useTemplate', args, 'forbidden', 'command.forbidden');
    await rejected(
      lead,
      'audit.useTemplate',
      { ...args, standardIds: ['haccp'] },
      'conflict',
      'audit.standardChanged',
    );
    expect(await changesAfter(before)).toEqual([]);
    expect((await stored('audits', auditId))?.data.preparedFrom).toBeUndefined();
    // Protected: only the lead, qm and admin may still add questions.
    await accepted(lead, 'audit.protect', { id: auditId });
    await accepted(lead, 'audit.useTemplate', args);
    expect((await live('audit_items')).filter((doc) => doc.data.auditId === auditId)).toHaveLength(
      3,
    );
  });

  it('audit.copyItems copies an earlier audit’s questions without findings', async () => {
    const earlier = await newAudit();
    await accepted(qm, 'auditItem.create', { auditId: earlier, id: `${earlier}-i`, question });
    await accepted(lead, 'finding.create', {
      auditId: earlier,
      itemId: `${earlier}-i`,
      finding: { id: 'f1', importance: '3', text: 'Missing' },
    });
    const auditId = await newAudit();
    const args = {
      auditId,
      sourceAuditId: earlier,
      items: [{ id: `${auditId}-i`, sourceItemId: `${earlier}-i` }],
      standardIds: ['iso9001'],
    };
    await rejected(dispatcher, 'audit.copyItems', args, 'forbidden', 'command.forbidden');
    await accepted(lead, 'audit.copyItems', args);
    expect((await stored('audit_items', `${auditId}-i`))?.data).toMatchObject({
      auditId,
      deviations: {},
      auditItemState: null,
      question: { text: question.text },
    });
    expect((await stored('audits', auditId))?.data.preparedFrom).toEqual({ auditId: earlier });
    expect(
      Object.keys((await stored('audit_items', `${earlier}-i`))?.data.deviations ?? {}),
    ).toEqual(['f1']);
  });

  it('a person without roles may not subscribe to templates or their items', async () => {
    const nobody = await actor('nobody.templates@example.com', []);
    for (const collection of ['templates', 'template_items']) {
      nobody.socket.send({
        type: 'subscribe',
        subscriptionId: collection,
        query: everything(collection),
      });
      await expect(
        nobody.socket.next('error', (m) => m.subscriptionId === collection),
      ).resolves.toMatchObject({ code: 'forbidden' });
    }
  });
});
