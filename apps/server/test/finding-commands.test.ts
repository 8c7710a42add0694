import type { AuditItem } from '@qa/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commandActors, type Actor } from './support/command-actors';
import { describeEachDialect } from './support/dialects';
import { pushCommand } from './support/sync-socket';
import { startApp, type TestApp } from './support/start-app';

/**
 * The finding commands (issue 11, item 1) through the real server's sync push, on both
 * databases: create, edit, delete, media, the confirmation a state-carrying type asks for,
 * reactivation, the protected-audit rule, who may (team, qm, admin) and who may not (an
 * outsider, other roles), and two people recording on the same item at once: different
 * findings and fields are all kept, of two values for one field the later wins and the change
 * log keeps both.
 */

describeEachDialect('finding commands', (dialect) => {
  let app: TestApp;
  const { actor, accepted, rejected, closeAll } = commandActors(() => app, 'finding-client');
  let admin: Actor;
  let qm: Actor;
  let lead: Actor;
  let co: Actor;
  let outsider: Actor;
  let user: Actor;
  let dispatcher: Actor;

  async function storedItem(id: string) {
    const [doc] = await app.server.sync.documents.findMany([{ collection: 'audit_items', id }]);
    if (!doc) throw new Error(`no item ${id}`);
    return doc.data as unknown as AuditItem;
  }

  async function activitiesAt(url: string) {
    const docs = await app.server.sync.documents.liveDocuments('activities');
    return docs
      .filter((doc) => doc.data.object_url === url)
      .sort((a, b) => a.seq - b.seq)
      .map((doc) => doc.data);
  }

  let counter = 0;
  /** A fresh audit (lead `lead`, co-auditor `co`) with one item; answers both ids. */
  async function newItem() {
    const auditId = `fa-${dialect}-${++counter}`;
    await accepted(qm, 'audit.create', {
      id: auditId,
      name: `Finding audit ${counter}`,
      leadauditor: lead.personId,
      coauditors: [co.personId],
      planning_year: 2024,
      planning_date: '2024-03-01',
    });
    const itemId = `${auditId}-i1`;
    await accepted(qm, 'auditItem.create', {
      auditId,
      id: itemId,
      question: { text: 'Are the loading bays clean?' },
    });
    return { auditId, itemId };
  }

  beforeAll(async () => {
    app = await startApp({ dialect, env: { AUTH_RATE_LIMIT_SIGNIN: '100/60' } });
    admin = await actor('admin.findings@example.com', ['admin']);
    qm = await actor('qm.findings@example.com', ['qm']);
    lead = await actor('lead.findings@example.com', ['auditor']);
    co = await actor('co.findings@example.com', ['auditor']);
    outsider = await actor('outsider.findings@example.com', ['auditor']);
    user = await actor('user.findings@example.com', ['user']);
    dispatcher = await actor('dispatcher.findings@example.com', ['measure-dispatcher']);
  });
  afterAll(async () => {
    closeAll();
    await app?.stop();
  });

  it('create, update and delete a finding, without a placeholder text, and activities', async () => {
    const { auditId, itemId } = await newItem();
    await accepted(co, 'finding.create', {
      auditId,
      itemId,
      finding: { id: 'f1', importance: '3', reason: 'Pallets in the aisle' },
    });
    expect((await storedItem(itemId)).deviations.f1).toEqual({
      id: 'f1',
      importance: '3',
      text: '',
      reason: 'Pallets in the aisle',
      solution: '',
      geolocation: null,
      findingperson: null,
      riskassessment: '',
      media: {},
    });
    await accepted(lead, 'finding.create', {
      auditId,
      itemId,
      finding: { id: 'f2', importance: '1' },
      language: 'en',
    });
    expect((await storedItem(itemId)).deviations.f2?.text).toBe('');

    await accepted(lead, 'finding.update', {
      auditId,
      itemId,
      finding: {
        id: 'f1',
        text: 'Aisle blocked',
        geolocation: { latitude: 48.1, longitude: 11.5, accuracy: 10 },
      },
    });
    expect((await storedItem(itemId)).deviations.f1).toMatchObject({
      importance: '3',
      text: 'Aisle blocked',
      reason: 'Pallets in the aisle',
      geolocation: { latitude: 48.1, longitude: 11.5, accuracy: 10 },
    });

    await rejected(
      co,
      'finding.create',
      { auditId, itemId, finding: { id: 'f1', importance: '1' } },
      'conflict',
      'finding.alreadyExists',
    );
    await rejected(
      co,
      'finding.update',
      { auditId, itemId, finding: { id: 'f9', text: 'x' } },
      'not_found',
      'finding.notFound',
    );
    await rejected(
      co,
      'finding.create',
      { auditId, itemId, finding: { id: 'f3', importance: 'severe' } },
      'rule',
      'finding.unknownType',
    );

    await accepted(co, 'finding.delete', { auditId, itemId, findingId: 'f2' });
    expect(Object.keys((await storedItem(itemId)).deviations)).toEqual(['f1']);
    expect((await activitiesAt(`/audit/${auditId}/auditexecution`)).map((a) => a.verb)).toEqual([
      'createdFinding',
      'createdFinding',
      'updatedFinding',
      'deletedFinding',
    ]);
  });

  it('a state-carrying type asks for confirmation, then replaces the others; reactivation undoes it', async () => {
    const { auditId, itemId } = await newItem();
    await accepted(co, 'finding.create', {
      auditId,
      itemId,
      finding: { id: 'f1', importance: '9', text: 'Fire exit blocked' },
    });
    const before = await app.server.sync.documents.lastSequence();
    const notApplicable = { auditId, itemId, finding: { id: 'na1', importance: 'na' } };
    await rejected(co, 'finding.create', notApplicable, 'rule', 'auditItem.confirmDiscardFindings');
    expect(await app.server.sync.documents.lastSequence()).toBe(before);

    await accepted(co, 'finding.create', { ...notApplicable, confirmDiscard: true });
    expect(await storedItem(itemId)).toMatchObject({
      auditItemState: 'deactivated',
      deactivated: true,
      completed: false,
    });
    expect(Object.keys((await storedItem(itemId)).deviations)).toEqual(['na1']);

    await accepted(lead, 'finding.reactivate', { auditId, itemId, findingId: 'na1' });
    expect(await storedItem(itemId)).toMatchObject({
      auditItemState: null,
      deactivated: false,
      deviations: {},
    });
    await rejected(
      lead,
      'finding.reactivate',
      { auditId, itemId },
      'rule',
      'auditItem.notReactivatable',
    );

    // An ordinary finding clears a state: 'ok' completes the item, a note reopens it.
    await accepted(co, 'finding.create', {
      auditId,
      itemId,
      finding: { id: 'ok1', importance: 'ok' },
    });
    expect((await storedItem(itemId)).auditItemState).toBe('completed');
    await accepted(co, 'finding.create', {
      auditId,
      itemId,
      finding: { id: 'n1', importance: '1' },
    });
    expect(await storedItem(itemId)).toMatchObject({ auditItemState: null, completed: false });
    expect(Object.keys((await storedItem(itemId)).deviations)).toEqual(['n1']);
  });

  it('attaches and removes media with their evidence', async () => {
    const { auditId, itemId } = await newItem();
    await accepted(co, 'finding.create', {
      auditId,
      itemId,
      finding: { id: 'f1', importance: '3' },
    });
    const media = {
      fileId: 'photo-1',
      url: '/api/v1/files/photo-1',
      name: 'bay.jpg',
      contentType: 'image/jpeg',
      size: 250_000,
      sha256: 'c0ffee'.padEnd(64, '0'),
      capturedAt: '2024-05-01T09:59:00.000Z',
      position: { lat: 48.137, lon: 11.575, accuracy: 12, at: '2024-05-01T09:58:58.000Z' },
      capturedBy: co.personId,
    };
    const args = { auditId, itemId, findingId: 'f1', mediaId: 'm1' };
    await accepted(co, 'finding.attachMedia', { ...args, media });
    expect((await storedItem(itemId)).deviations.f1?.media).toEqual({ m1: { id: 'm1', ...media } });
    await rejected(
      lead,
      'finding.attachMedia',
      { ...args, mediaId: 'm2', media },
      'rule',
      'finding.mediaCapturedByOther',
    );
    await rejected(
      co,
      'finding.attachMedia',
      { ...args, media: { ...media, name: 'other.jpg' } },
      'conflict',
      'finding.mediaIdTaken',
    );
    await rejected(
      co,
      'finding.attachMedia',
      { ...args, mediaId: 'm3', media: { url: 'javascript:alert(1)' } },
      'rule',
      'finding.mediaUrlInvalid',
    );
    await accepted(lead, 'finding.removeMedia', args);
    expect((await storedItem(itemId)).deviations.f1?.media).toEqual({});
    for (const who of [outsider, user, dispatcher]) {
      await rejected(
        who,
        'finding.attachMedia',
        { ...args, media },
        'forbidden',
        'command.forbidden',
      );
      await rejected(who, 'finding.removeMedia', args, 'forbidden', 'command.forbidden');
    }
  });

  it('the team, qm and admin may; an outsider, a user and a dispatcher may not', async () => {
    const { auditId, itemId } = await newItem();
    const create = (who: Actor, id: string) =>
      pushCommand(who, 'finding.create', {
        auditId,
        itemId,
        finding: { id, importance: '0', text: `By ${id}` },
      });
    for (const [who, id] of [
      [lead, 'by-lead'],
      [co, 'by-co'],
      [qm, 'by-qm'],
      [admin, 'by-admin'],
    ] as const) {
      expect(await create(who, id), id).toMatchObject({ type: 'ack' });
    }
    const before = await app.server.sync.documents.lastSequence();
    const calls: [string, unknown][] = [
      ['finding.create', { auditId, itemId, finding: { id: 'x', importance: '1' } }],
      ['finding.update', { auditId, itemId, finding: { id: 'by-co', text: 'No' } }],
      ['finding.delete', { auditId, itemId, findingId: 'by-co' }],
      ['finding.reactivate', { auditId, itemId }],
    ];
    for (const who of [outsider, user, dispatcher]) {
      for (const [name, args] of calls) {
        await rejected(who, name, args, 'forbidden', 'command.forbidden');
      }
    }
    expect(await app.server.sync.documents.lastSequence()).toBe(before);
    expect(Object.keys((await storedItem(itemId)).deviations).sort()).toEqual([
      'by-admin',
      'by-co',
      'by-lead',
      'by-qm',
    ]);
  });

  it('a protected audit refuses a co-auditor, not its lead, qm or admin', async () => {
    const { auditId, itemId } = await newItem();
    await accepted(co, 'finding.create', {
      auditId,
      itemId,
      finding: { id: 'f1', importance: '3' },
    });
    await accepted(lead, 'audit.protect', { id: auditId });
    const before = await app.server.sync.documents.lastSequence();
    const calls: [string, unknown][] = [
      ['finding.create', { auditId, itemId, finding: { id: 'f2', importance: '1' } }],
      ['finding.update', { auditId, itemId, finding: { id: 'f1', text: 'No' } }],
      ['finding.delete', { auditId, itemId, findingId: 'f1' }],
      [
        'finding.attachMedia',
        { auditId, itemId, findingId: 'f1', mediaId: 'm1', media: { fileId: 'p1' } },
      ],
      ['finding.removeMedia', { auditId, itemId, findingId: 'f1', mediaId: 'm1' }],
    ];
    for (const [name, args] of calls) {
      await rejected(co, name, args, 'forbidden', 'permission.auditProtected');
    }
    expect(await app.server.sync.documents.lastSequence()).toBe(before);

    // Not through another audit either: the item is refused as belonging elsewhere.
    const { auditId: other } = await newItem();
    await rejected(
      co,
      'finding.update',
      { auditId: other, itemId, finding: { id: 'f1', text: 'No' } },
      'forbidden',
      'auditItem.wrongAudit',
    );

    await accepted(lead, 'finding.update', {
      auditId,
      itemId,
      finding: { id: 'f1', text: 'Lead' },
    });
    await accepted(qm, 'finding.create', {
      auditId,
      itemId,
      finding: { id: 'f2', importance: '1' },
    });
    await accepted(admin, 'finding.delete', { auditId, itemId, findingId: 'f2' });
  });

  it('two people on the same item at once: different findings and fields are all kept', async () => {
    const { auditId, itemId } = await newItem();
    // Both recorded offline; their pushes arrive together and the server runs them in turn.
    await Promise.all([
      accepted(lead, 'finding.create', {
        auditId,
        itemId,
        finding: { id: 'lead-1', importance: '3', text: 'Seen by the lead' },
      }),
      accepted(co, 'finding.create', {
        auditId,
        itemId,
        finding: { id: 'co-1', importance: '1', text: 'Seen by the co-auditor' },
      }),
    ]);
    await Promise.all([
      accepted(lead, 'finding.update', {
        auditId,
        itemId,
        finding: { id: 'co-1', reason: 'Reason by the lead' },
      }),
      accepted(co, 'finding.update', {
        auditId,
        itemId,
        finding: { id: 'co-1', solution: 'Solution by the co-auditor' },
      }),
    ]);
    expect((await storedItem(itemId)).deviations).toMatchObject({
      'lead-1': { text: 'Seen by the lead' },
      'co-1': {
        text: 'Seen by the co-auditor',
        reason: 'Reason by the lead',
        solution: 'Solution by the co-auditor',
      },
    });
  });

  it('two people edit the same field: the later wins and the change log keeps both', async () => {
    const { auditId, itemId } = await newItem();
    await accepted(co, 'finding.create', {
      auditId,
      itemId,
      finding: { id: 'f1', importance: '3', text: 'First' },
    });
    const before = await app.server.sync.documents.lastSequence();
    await accepted(lead, 'finding.update', {
      auditId,
      itemId,
      finding: { id: 'f1', text: 'By the lead' },
    });
    await accepted(co, 'finding.update', {
      auditId,
      itemId,
      finding: { id: 'f1', text: 'By the co-auditor' },
    });
    expect((await storedItem(itemId)).deviations.f1?.text).toBe('By the co-auditor');
    const after = await app.server.sync.documents.lastSequence();
    const changes = await app.server.sync.documents.collectionChanges('audit_items', before, after);
    const texts = changes
      .filter((change) => change.document.id === itemId)
      .map((change) => ({
        before: (change.prevData as unknown as AuditItem).deviations.f1?.text,
        after: (change.document.data as unknown as AuditItem).deviations.f1?.text,
      }));
    expect(texts).toEqual([
      { before: 'First', after: 'By the lead' },
      { before: 'By the lead', after: 'By the co-auditor' },
    ]);
  });
});
