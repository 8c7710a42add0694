import { INITIAL_ADMIN_ROLES } from '@qa/domain';
import type { ReplicatedDocument } from '@qa/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/dialects';
import { signedInCookie, pushCommand, SyncSocket } from './support/sync-socket';
import {
  ADMIN_EMAIL,
  countRows,
  createLoginWithoutPerson,
  persisted,
  startApp,
  type TestApp,
} from './support/start-app';

/**
 * The people directory on both databases: person records projected into the replicated
 * `people` collection (live, through the change log, never with login details), people
 * without login added by `person.createInactive`, the e-mail index shared by both ways, and
 * the backfill on start.
 */

const DOCUMENT_KEYS = ['avatar', 'displayName', 'email', 'id', 'roles', 'type'];
const everyone = { collection: 'people', filters: [] };
let clientCounter = 0;

interface Actor {
  personId: string;
  socket: SyncSocket;
  clientId: string;
  nextMutation: number;
}

describeEachDialect('people directory', (dialect) => {
  let app: TestApp;
  const sockets: SyncSocket[] = [];
  let auditor: Actor;
  let qm: Actor;
  let user: Actor;

  async function actor(email: string, roles: string[]): Promise<Actor> {
    const { cookie, personId } = await signedInCookie(app, { email, roles, displayName: email });
    const socket = await SyncSocket.open(app, { cookie });
    sockets.push(socket);
    const clientId = `people-client-${Date.now()}-${++clientCounter}`;
    await socket.hello(clientId);
    return { personId, socket, clientId, nextMutation: 1 };
  }

  const push = pushCommand;

  /** The next delta of the subscription carrying this document (waits out SQLite's poll). */
  async function deltaWith(who: Actor, subscriptionId: string, id: string) {
    const delta = await who.socket.next(
      'delta',
      (m) => m.subscriptionId === subscriptionId && m.changes.some((doc) => doc.id === id),
      8_000,
    );
    return delta.changes.find((doc) => doc.id === id)!;
  }

  async function stored(collection: string, id: string) {
    const [doc] = await app.server.sync.documents.findMany([{ collection, id }]);
    return doc;
  }

  function expectDirectoryShape(doc: ReplicatedDocument) {
    expect(Object.keys(doc.data).sort()).toEqual(DOCUMENT_KEYS);
  }

  beforeAll(async () => {
    app = await startApp({ dialect, env: { AUTH_RATE_LIMIT_SIGNIN: '100/60' } });
    auditor = await actor('auditor.people@example.com', ['auditor']);
    qm = await actor('qm.people@example.com', ['qm']);
    user = await actor('user.people@example.com', ['user']);
    auditor.socket.send({ type: 'subscribe', subscriptionId: 'people', query: everyone });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.stop();
  });

  it('lets a signed-in auditor subscribe people and see the seeded admin', async () => {
    const snapshot = await auditor.socket.next('snapshot', (m) => m.subscriptionId === 'people');
    const admin = snapshot.documents.find((doc) => doc.data.email === ADMIN_EMAIL);
    expect(admin?.data).toEqual({
      id: admin?.id,
      displayName: 'Administrator',
      email: ADMIN_EMAIL,
      avatar: null,
      type: 'active',
      roles: [...INITIAL_ADMIN_ROLES],
    });
    const self = snapshot.documents.find((doc) => doc.id === auditor.personId);
    expect(self?.data).toMatchObject({ type: 'active', roles: ['auditor'] });
    for (const doc of snapshot.documents) expectDirectoryShape(doc);
    expect(snapshot.documents.map((doc) => doc.id)).toEqual(
      expect.arrayContaining([qm.personId, user.personId]),
    );
  });

  it('person.createInactive by a qm is acked, stored without login and delivered', async () => {
    const id = `inactive-${dialect}-1`;
    const answer = await push(qm, 'person.createInactive', {
      id,
      displayName: ' Ines Inaktiv ',
      email: 'Ines@Example.com',
      roles: ['user', 'auditor'],
    });
    expect(answer).toMatchObject({ type: 'ack' });
    const doc = await deltaWith(auditor, 'people', id);
    expect(doc).toMatchObject({
      version: 1,
      deleted: false,
      data: {
        id,
        displayName: 'Ines Inaktiv',
        email: 'ines@example.com',
        avatar: null,
        type: 'inactive',
        roles: ['user', 'auditor'],
      },
    });
    expect((await stored('person_emails', 'ines@example.com'))?.data).toEqual({ personId: id });
    const activities = await app.server.sync.documents.liveDocuments('activities');
    expect(activities.map((activity) => activity.data)).toContainEqual(
      expect.objectContaining({
        actor: qm.personId,
        verb: 'created',
        object: 'Ines Inaktiv',
        object_url: `/user/${id}`,
      }),
    );
    // No login and no record: the people table stays the source of login accounts.
    expect(await app.server.people.findByEmail('ines@example.com')).toBeNull();
  });

  it('refuses person.createInactive for a user, a taken e-mail or id, and empty fields', async () => {
    expect(
      await push(user, 'person.createInactive', {
        id: `u-${dialect}`,
        displayName: 'Uwe',
        email: 'uwe@example.com',
      }),
    ).toMatchObject({ type: 'reject', code: 'forbidden', detail: { key: 'command.forbidden' } });
    for (const [index, email] of [
      ADMIN_EMAIL,
      'INES@example.com',
      'qm.people@example.com',
    ].entries()) {
      expect(
        await push(qm, 'person.createInactive', {
          id: `dup-${dialect}-${index}`,
          displayName: 'Duplicate',
          email,
        }),
      ).toMatchObject({
        type: 'reject',
        code: 'conflict',
        detail: { key: 'person.emailTaken', params: { email: email.toLowerCase() } },
        issues: [{ key: 'person.emailTaken', params: { field: 'email' } }],
      });
    }
    expect(
      await push(qm, 'person.createInactive', {
        id: `inactive-${dialect}-1`,
        displayName: 'Again',
        email: 'again@example.com',
      }),
    ).toMatchObject({ type: 'reject', code: 'conflict', detail: { key: 'person.idTaken' } });
    expect(
      await push(qm, 'person.createInactive', { id: `e-${dialect}`, displayName: '', email: 'x' }),
    ).toMatchObject({
      type: 'reject',
      code: 'rule',
      detail: { key: 'person.nameRequired' },
      issues: [
        { key: 'person.nameRequired', params: { field: 'displayName' } },
        { key: 'person.emailInvalid', params: { field: 'email' } },
      ],
    });
    expect(
      await push(qm, 'person.createInactive', {
        id: `admin-${dialect}`,
        displayName: 'Would-be admin',
        email: 'boss@example.com',
        roles: ['admin'],
      }),
    ).toMatchObject({ type: 'reject', code: 'invalid_args' });
    for (const id of [`u-${dialect}`, `e-${dialect}`, `admin-${dialect}`]) {
      expect(await stored('people', id)).toBeUndefined();
    }
  });

  it('projects a person created and linked through the people service, live', async () => {
    const person = await app.server.people.create({
      displayName: 'Paul Projected',
      email: 'paul.projected@example.com',
      roles: ['auditor'],
    });
    expect(await deltaWith(auditor, 'people', person.id)).toMatchObject({
      version: 1,
      data: {
        id: person.id,
        displayName: 'Paul Projected',
        email: 'paul.projected@example.com',
        type: 'inactive',
        roles: ['auditor'],
      },
    });
    const { userId } = await createLoginWithoutPerson(app, {
      email: 'paul.projected@example.com',
      password: 'paul-password-1',
    });
    await app.server.people.linkAccount(person.id, userId);
    const linked = await deltaWith(auditor, 'people', person.id);
    expect(linked).toMatchObject({ version: 2, data: { type: 'active' } });
    expectDirectoryShape(linked);
    expect((await stored('person_emails', 'paul.projected@example.com'))?.data).toEqual({
      personId: person.id,
    });
  });

  it('refuses a new person record with the e-mail of a person without login', async () => {
    const before = await countRows(app, 'people');
    await expect(
      app.server.people.create({ displayName: 'Ines Again', email: 'ines@example.com' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await countRows(app, 'people')).toBe(before);
  });

  it('never puts the login link, its state or secrets into a document or the log', async () => {
    const docs = await app.server.sync.documents.liveDocuments('people');
    expect(docs.length).toBeGreaterThanOrEqual(6);
    for (const doc of docs) expectDirectoryShape(doc);
    const { rows } = await sql<{
      data: string;
    }>`select data from changes where collection = ${'people'}`.execute(app.server.database.db);
    const records = await app.server.database.db
      .selectFrom('people')
      .select('account_id')
      .execute();
    const accountIds = records.flatMap((row) => (row.account_id ? [row.account_id] : []));
    expect(accountIds.length).toBeGreaterThanOrEqual(4);
    for (const { data } of rows) {
      expect(Object.keys(JSON.parse(data) as object).sort()).toEqual(DOCUMENT_KEYS);
      expect(data).not.toMatch(/accountId|loginActive|password|account_id/);
      for (const accountId of accountIds) expect(data).not.toContain(accountId);
    }
  });

  it('backfills missing and outdated documents on start, and leaves people without login alone', async () => {
    const paul = await app.server.people.findByEmail('paul.projected@example.com');
    const db = app.server.database.db;
    // A database from before the directory: no documents for the records.
    await db
      .deleteFrom('documents')
      .where('collection', '=', 'people')
      .where('id', '!=', `inactive-${dialect}-1`)
      .execute();
    await db.deleteFrom('documents').where('collection', '=', 'person_emails').execute();
    await db
      .updateTable('people')
      .set({ display_name: 'Paul Renamed' })
      .where('id', '=', paul!.id)
      .execute();
    const records = await app.server.people.findByEmail(ADMIN_EMAIL);
    for (const socket of sockets) socket.close();
    sockets.length = 0;
    await app.stop({ keepData: true });
    app = await startApp({
      dialect,
      reuse: persisted(app),
      env: { AUTH_RATE_LIMIT_SIGNIN: '100/60' },
    });

    const docs = await app.server.sync.documents.liveDocuments('people');
    const byId = new Map(docs.map((doc) => [doc.id, doc]));
    expect(byId.get(records!.id)?.data).toMatchObject({ displayName: 'Administrator' });
    expect(byId.get(paul!.id)?.data).toMatchObject({ displayName: 'Paul Renamed' });
    expect(byId.get(`inactive-${dialect}-1`)).toMatchObject({
      version: 1,
      data: { type: 'inactive', email: 'ines@example.com' },
    });
    expect(docs.length).toBe((await countRows(app, 'people')) + 1);
    expect((await stored('person_emails', ADMIN_EMAIL))?.data).toEqual({
      personId: records!.id,
    });
    expect((await stored('person_emails', 'ines@example.com'))?.data).toEqual({
      personId: `inactive-${dialect}-1`,
    });
    // Up to date now: another start writes nothing.
    const last = await app.server.sync.documents.lastSequence();
    await app.stop({ keepData: true });
    app = await startApp({ dialect, reuse: persisted(app) });
    expect(await app.server.sync.documents.lastSequence()).toBe(last);
  });
});
