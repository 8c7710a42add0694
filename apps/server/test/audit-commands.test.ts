import { DEFAULT_STANDARDS } from '@qa/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commandActors, type Actor } from './support/command-actors';
import { describeEachDialect } from './support/dialects';
import { pushCommand } from './support/sync-socket';
import { persisted, startApp, type TestApp } from './support/start-app';

/**
 * The commands of the audit programme (issue 5) through the real server, on both databases:
 * every command with the roles that may and may not run it, the protected-audit rule against
 * hand-made commands, validation answers with their domain keys, the activities written, the
 * seeded standards and who may subscribe to audits.
 */

const everything = (collection: string) => ({ collection, filters: [] });
describeEachDialect('audit programme commands', (dialect) => {
  let app: TestApp;
  const { actor, accepted, rejected, closeAll } = commandActors(() => app, 'audit-client');
  let admin: Actor;
  let qm: Actor;
  let lead: Actor;
  let co: Actor;
  let outsider: Actor;
  let user: Actor;
  let dispatcher: Actor;

  async function stored(collection: string, id: string) {
    const [doc] = await app.server.sync.documents.findMany([{ collection, id }]);
    return doc;
  }

  /** The activity documents with this object URL, in the order they were written. */
  async function activitiesAt(url: string) {
    const docs = await app.server.sync.documents.liveDocuments('activities');
    return docs
      .filter((doc) => doc.data.object_url === url)
      .sort((a, b) => a.seq - b.seq)
      .map((doc) => doc.data);
  }

  let auditCounter = 0;
  /** A fresh audit led by `lead` with `co` as co-auditor, created by the qm. */
  async function newAudit(extra: Record<string, unknown> = {}) {
    const id = `audit-${dialect}-${++auditCounter}`;
    await accepted(qm, 'audit.create', {
      id,
      name: `Audit ${auditCounter}`,
      standard: 'iso9001',
      type: 'system',
      leadauditor: lead.personId,
      coauditors: [co.personId],
      planning_year: 2024,
      planning_date: '2024-03-01',
      ...extra,
    });
    return id;
  }

  const question = { text: 'Is the quality policy documented?', importance: '3' };

  beforeAll(async () => {
    // Eight people sign in from one address: relax the sign-in rate limit.
    app = await startApp({ dialect, env: { AUTH_RATE_LIMIT_SIGNIN: '100/60' } });
    admin = await actor('admin.audits@example.com', ['admin']);
    qm = await actor('qm.audits@example.com', ['qm']);
    lead = await actor('lead.audits@example.com', ['auditor']);
    co = await actor('co.audits@example.com', ['auditor']);
    outsider = await actor('outsider.audits@example.com', ['auditor']);
    user = await actor('user.audits@example.com', ['user']);
    dispatcher = await actor('dispatcher.audits@example.com', ['measure-dispatcher']);
  });
  afterAll(async () => {
    closeAll();
    await app?.stop();
  });

  it('seeds the seven default standards, readable by every role', async () => {
    user.socket.send({ type: 'subscribe', subscriptionId: 'std', query: everything('standards') });
    const snapshot = await user.socket.next('snapshot', (m) => m.subscriptionId === 'std');
    expect(snapshot.documents.map((doc) => doc.id).sort()).toEqual(
      DEFAULT_STANDARDS.map((standard) => standard.id).sort(),
    );
    const iso = snapshot.documents.find((doc) => doc.id === 'iso9001');
    const { id: _id, ...data } = DEFAULT_STANDARDS[0]!;
    expect(iso).toMatchObject({ version: 1, data });
  });

  it('standard.import: qm and admin import, others are forbidden, rules answer their keys', async () => {
    const standard = {
      name: 'Own standard',
      description: 'Our own rules',
      chapters: [{ id: '1', description: 'Scope' }],
    };
    await accepted(qm, 'standard.import', { ...standard, id: 'own-1' });
    await accepted(admin, 'standard.import', { ...standard, id: 'own-2' });
    expect((await stored('standards', 'own-1'))?.data).toEqual(standard);
    expect(await activitiesAt('/standard/own-1')).toMatchObject([
      { actor: qm.personId, verb: 'imported', object: 'Own standard' },
    ]);
    for (const who of [lead, user, dispatcher]) {
      await rejected(
        who,
        'standard.import',
        { ...standard, id: 'own-3' },
        'forbidden',
        'command.forbidden',
      );
    }
    await rejected(
      qm,
      'standard.import',
      { ...standard, id: 'own-1' },
      'conflict',
      'standard.idTaken',
    );
    await rejected(
      qm,
      'standard.import',
      { ...standard, id: 'ISO9001' },
      'conflict',
      'standard.idTaken',
    );
    await rejected(
      qm,
      'standard.import',
      { ...standard, name: 'X' },
      'rule',
      'standard.nameLength',
    );
    await rejected(
      qm,
      'standard.import',
      { ...standard, chapters: [] },
      'rule',
      'standard.chaptersRequired',
    );
    expect(await stored('standards', 'own-3')).toBeUndefined();
  });

  it('audit.create: qm and admin create with defaults and an activity; others are forbidden', async () => {
    user.socket.send({ type: 'subscribe', subscriptionId: 'audits', query: everything('audits') });
    await user.socket.next('snapshot', (m) => m.subscriptionId === 'audits');

    const id = await newAudit();
    const doc = await stored('audits', id);
    expect(doc?.data).toMatchObject({
      id,
      workflow: { status: '1' },
      protected: false,
      created_by: qm.personId,
      leadauditor: lead.personId,
    });
    expect(await activitiesAt(`/audit/${id}`)).toMatchObject([
      { actor: qm.personId, verb: 'created', object: doc?.data.name },
    ]);
    // Another person sees the new audit live.
    const delta = await user.socket.next(
      'delta',
      (m) => m.subscriptionId === 'audits' && m.changes.some((change) => change.id === id),
    );
    expect(delta.changes.find((change) => change.id === id)?.data).toMatchObject({ id });

    await accepted(admin, 'audit.create', {
      id: `${id}-admin`,
      name: 'By admin',
      leadauditor: lead.personId,
    });
    expect((await stored('audits', `${id}-admin`))?.data).toMatchObject({
      planning_year: new Date().getFullYear(),
    });
    for (const who of [lead, user, dispatcher]) {
      await rejected(
        who,
        'audit.create',
        { id: `${id}-x`, name: 'X', leadauditor: lead.personId },
        'forbidden',
        'command.forbidden',
      );
    }
  });

  it('audit.create and audit.update answer validation failures with the domain key', async () => {
    await rejected(
      qm,
      'audit.create',
      { id: 'no-lead', name: 'No lead' },
      'rule',
      'validation.required',
    );
    await rejected(
      qm,
      'audit.create',
      { id: 'no-name', leadauditor: lead.personId },
      'rule',
      'validation.required',
    );
    await rejected(
      qm,
      'audit.create',
      {
        id: 'bad-date',
        name: 'X',
        leadauditor: lead.personId,
        planning_year: 2024,
        planning_date: '2023-01-01',
      },
      'rule',
      'audit.dateOutsidePlanningYear',
    );
    const id = await newAudit();
    await rejected(
      qm,
      'audit.create',
      { id, name: 'Again', leadauditor: lead.personId },
      'conflict',
      'audit.idTaken',
    );
    const answer = await rejected(
      qm,
      'audit.update',
      { id, changes: { name: ' ' } },
      'rule',
      'validation.required',
    );
    expect(answer).toMatchObject({
      issues: [{ key: 'validation.required', params: { field: 'name' } }],
    });
    await rejected(
      qm,
      'audit.update',
      { id: 'missing', changes: { name: 'X' } },
      'not_found',
      'audit.noAuditActive',
    );
    expect(await stored('audits', 'no-lead')).toBeUndefined();
  });

  it('audit.update: the team, qm and admin may; outsiders and other roles are forbidden', async () => {
    const id = await newAudit();
    await accepted(lead, 'audit.update', { id, changes: { name: 'By lead' } });
    await accepted(co, 'audit.update', { id, changes: { summary: 'By co', name: 'By lead' } });
    await accepted(qm, 'audit.update', { id, changes: { scope: ['Munich'], name: 'By lead' } });
    const doc = await stored('audits', id);
    expect(doc?.data).toMatchObject({ name: 'By lead', summary: 'By co', scope: ['Munich'] });
    expect((await activitiesAt(`/audit/${id}`)).map((a) => a.verb)).toEqual([
      'created',
      'updated',
      'updated',
      'updated',
    ]);
    for (const who of [outsider, user, dispatcher]) {
      await rejected(
        who,
        'audit.update',
        { id, changes: { name: 'No' } },
        'forbidden',
        'command.forbidden',
      );
    }
    // What a metadata update must not touch is stripped, even from a hand-made command.
    await accepted(co, 'audit.update', {
      id,
      changes: {
        name: 'By lead',
        workflow: { status: '6' },
        protected: true,
        created_by: co.personId,
      },
    });
    expect((await stored('audits', id))?.data).toMatchObject({
      workflow: { status: '1' },
      protected: false,
      created_by: qm.personId,
    });
  });

  it('a protected audit refuses hand-made writes of an auditor who is not its lead', async () => {
    const id = await newAudit();
    await accepted(co, 'auditItem.create', { auditId: id, id: `${id}-i1`, question });
    await rejected(co, 'audit.protect', { id }, 'forbidden', 'command.forbidden');
    await accepted(lead, 'audit.protect', { id });
    expect((await stored('audits', id))?.data.protected).toBe(true);

    const before = await app.server.sync.documents.lastSequence();
    const refused: [string, unknown][] = [
      ['audit.update', { id, changes: { name: 'Hacked' } }],
      ['audit.changeStatus', { id, status: '2' }],
      ['audit.unprotect', { id }],
      ['auditItem.create', { auditId: id, id: `${id}-i2`, question }],
      ['auditItem.update', { auditId: id, id: `${id}-i1`, changes: { Weight: 9 } }],
      ['auditItem.delete', { auditId: id, id: `${id}-i1` }],
      ['auditItem.deactivate', { auditId: id, id: `${id}-i1` }],
      ['auditItem.import', { auditId: id, items: [{ id: `${id}-i3`, question }] }],
    ];
    for (const [name, args] of refused) {
      const answer = await pushCommand(co, name, args);
      expect(answer, name).toMatchObject({ type: 'reject', code: 'forbidden' });
    }
    expect(await app.server.sync.documents.lastSequence()).toBe(before);

    // The item of the protected audit cannot be reached through an unprotected audit either.
    const other = await newAudit({ leadauditor: co.personId, coauditors: [] });
    await rejected(
      co,
      'auditItem.update',
      { auditId: other, id: `${id}-i1`, changes: { Weight: 9 } },
      'forbidden',
      'auditItem.wrongAudit',
    );
    await rejected(
      co,
      'audit.update',
      { id, changes: { name: 'Hacked' } },
      'forbidden',
      'permission.auditProtected',
    );

    await accepted(lead, 'audit.update', { id, changes: { name: 'By the lead' } });
    await accepted(qm, 'auditItem.update', { auditId: id, id: `${id}-i1`, changes: { Weight: 3 } });
    await accepted(admin, 'audit.changeStatus', { id, status: '2' });
    await accepted(lead, 'audit.unprotect', { id });
    await accepted(co, 'audit.update', { id, changes: { name: 'Open again' } });
  });

  it('audit.protect and audit.unprotect: lead auditor, qm and admin; others are forbidden', async () => {
    const id = await newAudit();
    await accepted(qm, 'audit.protect', { id });
    await accepted(admin, 'audit.unprotect', { id });
    for (const who of [co, outsider, user, dispatcher]) {
      await rejected(who, 'audit.protect', { id }, 'forbidden', 'command.forbidden');
    }
    expect((await activitiesAt(`/audit/${id}`)).map((a) => a.verb)).toEqual([
      'created',
      'protected',
      'unprotected',
    ]);
  });

  it('audit.changeStatus: sets the workflow status with the comment in the activity', async () => {
    const id = await newAudit();
    await accepted(co, 'audit.changeStatus', {
      id,
      status: '3',
      numbering: 'phase',
      comment: 'Prepared well',
    });
    expect((await stored('audits', id))?.data.workflow).toEqual({ status: '3' });
    const [activity] = await activitiesAt(`/audit/${id}/auditexecution`);
    expect(activity).toMatchObject({
      actor: co.personId,
      verb: 'statusChanged',
      object: expect.stringContaining('Prepared well'),
    });
    await rejected(
      co,
      'audit.changeStatus',
      { id, status: 'Execution' },
      'rule',
      'audit.statusUnknown',
    );
    for (const who of [outsider, user, dispatcher]) {
      await rejected(
        who,
        'audit.changeStatus',
        { id, status: '3' },
        'forbidden',
        'command.forbidden',
      );
    }
    await accepted(qm, 'audit.changeStatus', { id, status: '3' });
  });

  it('audit.delete removes the audit and its items; only qm and admin may', async () => {
    const id = await newAudit();
    const itemIds = [`${id}-i1`, `${id}-i2`];
    await accepted(co, 'auditItem.import', {
      auditId: id,
      items: itemIds.map((itemId) => ({ id: itemId, question })),
    });
    for (const who of [lead, co, user, dispatcher]) {
      await rejected(who, 'audit.delete', { id, itemIds }, 'forbidden', 'command.forbidden');
    }
    await accepted(qm, 'audit.delete', { id, itemIds });
    expect(await stored('audits', id)).toMatchObject({ deleted: true });
    for (const itemId of itemIds) {
      expect(await stored('audit_items', itemId)).toMatchObject({ deleted: true });
    }
    expect(await activitiesAt('/auditmatrix')).toContainEqual(
      expect.objectContaining({ verb: 'deleted', actor: qm.personId }),
    );
    // Nothing can be added to the deleted audit any more.
    for (const who of [co, qm]) {
      await rejected(
        who,
        'auditItem.create',
        { auditId: id, id: `${id}-late`, question },
        'not_found',
        'audit.noAuditActive',
      );
    }
    await rejected(
      user,
      'auditItem.create',
      { auditId: id, id: `${id}-late`, question },
      'forbidden',
      'command.forbidden',
    );

    const second = await newAudit();
    await accepted(admin, 'audit.delete', { id: second });
    expect(await stored('audits', second)).toMatchObject({ deleted: true });
  });

  it('audit.import: the admin imports valid rows with defaults; other roles are forbidden', async () => {
    const rows = [
      { id: 'imp-1', name: 'Imported 1', standard: 'iso9001', type: 'system', planning_year: 2024 },
      {
        id: 'imp-2',
        name: 'Imported 2',
        standard: ['iso9001', 'haccp'],
        type: 'product',
        planning_year: 2025,
      },
      { id: 'imp-3', name: '', standard: 'iso9001', type: 'system', planning_year: 2024 },
    ];
    for (const who of [qm, lead, user, dispatcher]) {
      await rejected(who, 'audit.import', { audits: rows }, 'forbidden', 'command.forbidden');
    }
    await accepted(admin, 'audit.import', { audits: rows });
    expect((await stored('audits', 'imp-1'))?.data).toMatchObject({
      workflow: { status: '1' },
      leadauditor: null,
      created_by: admin.personId,
    });
    expect((await stored('audits', 'imp-2'))?.data).toMatchObject({
      standard: ['iso9001', 'haccp'],
    });
    expect(await stored('audits', 'imp-3')).toBeUndefined();
    expect(await activitiesAt('/auditmatrix')).toContainEqual(
      expect.objectContaining({ verb: 'importedAudits', object: '2' }),
    );
    await rejected(admin, 'audit.import', { audits: [rows[2]] }, 'rule', 'import.noRecords');
  });

  it('audit items: the team, qm and admin create, edit, deactivate, reactivate, delete and import', async () => {
    const id = await newAudit();
    const item = `${id}-q1`;
    await accepted(co, 'auditItem.create', { auditId: id, id: item, question });
    expect((await stored('audit_items', item))?.data).toMatchObject({
      id: item,
      auditId: id,
      question: { text: question.text, importance: '3' },
      auditItemState: null,
    });
    await accepted(lead, 'auditItem.update', {
      auditId: id,
      id: item,
      changes: { question: { hint: 'Manual' } },
    });
    await accepted(qm, 'auditItem.deactivate', { auditId: id, id: item });
    expect((await stored('audit_items', item))?.data).toMatchObject({
      auditItemState: 'deactivated',
      deactivated: true,
    });
    await accepted(admin, 'auditItem.reactivate', { auditId: id, id: item });
    expect((await stored('audit_items', item))?.data).toMatchObject({
      auditItemState: null,
      deactivated: false,
    });
    await rejected(
      co,
      'auditItem.reactivate',
      { auditId: id, id: item },
      'rule',
      'auditItem.notReactivatable',
    );
    await rejected(
      co,
      'auditItem.create',
      { auditId: id, id: `${id}-q2`, question: { text: '' } },
      'rule',
      'validation.required',
    );
    await rejected(
      co,
      'auditItem.create',
      { auditId: id, id: item, question },
      'conflict',
      'auditItem.idTaken',
    );

    const forbiddenCalls: [string, unknown][] = [
      ['auditItem.create', { auditId: id, id: `${id}-q3`, question }],
      ['auditItem.update', { auditId: id, id: item, changes: { Weight: 2 } }],
      ['auditItem.deactivate', { auditId: id, id: item }],
      ['auditItem.reactivate', { auditId: id, id: item }],
      ['auditItem.delete', { auditId: id, id: item }],
      ['auditItem.import', { auditId: id, items: [{ id: `${id}-q4`, question }] }],
    ];
    for (const who of [outsider, user, dispatcher]) {
      for (const [name, args] of forbiddenCalls) {
        await rejected(who, name, args, 'forbidden', 'command.forbidden');
      }
    }

    await accepted(co, 'auditItem.import', {
      auditId: id,
      items: [
        { id: `${id}-q5`, question: { text: 'Imported 1' }, Weight: 2 },
        { id: `${id}-q6`, question: { text: 'Imported 2' } },
      ],
    });
    expect((await stored('audit_items', `${id}-q5`))?.data).toMatchObject({
      auditId: id,
      Weight: 2,
    });
    await accepted(co, 'auditItem.delete', { auditId: id, id: item });
    expect(await stored('audit_items', item)).toMatchObject({ deleted: true });
    expect((await activitiesAt(`/audit/${id}/auditpreparation`)).map((a) => a.verb)).toEqual([
      'created',
      'updated',
      'deactivated',
      'reactivated',
      'importedAuditItems',
      'deleted',
    ]);
  });

  it('a person without roles may not subscribe to audits or their items', async () => {
    const nobody = await actor('nobody.audits@example.com', []);
    for (const collection of ['audits', 'audit_items', 'standards']) {
      nobody.socket.send({
        type: 'subscribe',
        subscriptionId: collection,
        query: everything(collection),
      });
      await expect(
        nobody.socket.next('error', (m) => m.subscriptionId === collection),
      ).resolves.toMatchObject({ code: 'forbidden' });
    }
    dispatcher.socket.send({
      type: 'subscribe',
      subscriptionId: 'items',
      query: everything('audit_items'),
    });
    await expect(
      dispatcher.socket.next('snapshot', (m) => m.subscriptionId === 'items'),
    ).resolves.toBeDefined();
  });
});

describeEachDialect('default standards across restarts', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps.reverse()) await app.stop();
  });

  it('are seeded once and not written again after a restart', async () => {
    const first = await startApp({ dialect });
    const refs = DEFAULT_STANDARDS.map((standard) => ({
      collection: 'standards',
      id: standard.id,
    }));
    const seeded = await first.server.sync.documents.findMany(refs);
    expect(seeded).toHaveLength(DEFAULT_STANDARDS.length);
    expect(seeded.every((doc) => doc.version === 1 && !doc.deleted)).toBe(true);
    const sequence = await first.server.sync.documents.lastSequence();
    await first.stop({ keepData: true });

    const second = await startApp({ dialect, reuse: persisted(first) });
    apps.push(second);
    const again = await second.server.sync.documents.findMany(refs);
    expect(again).toHaveLength(DEFAULT_STANDARDS.length);
    expect(again.every((doc) => doc.version === 1)).toBe(true);
    expect(await second.server.sync.documents.lastSequence()).toBe(sequence);
    const all = await second.server.sync.documents.liveDocuments('standards');
    expect(all).toHaveLength(DEFAULT_STANDARDS.length);
  });
});
