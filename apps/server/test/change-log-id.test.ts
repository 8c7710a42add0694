import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import {
  CHANGE_LOG_ID_KEY,
  ensureChangeLogId,
  newChangeLogId,
} from '../src/modules/sync/change-log-id';
import { describeEachDialect } from './support/dialects';
import { persisted, startApp, type TestApp } from './support/start-app';
import { signedInCookie, SyncSocket } from './support/sync-socket';

const query = {
  collection: 'autocompletion',
  filters: [{ path: ['title'], op: '==' as const, value: 'Restored' }],
};

function listArgs(id: string, names: string[]) {
  return { id, title: 'Restored', data: names.map((name, i) => ({ id: `e${i}`, name })) };
}

/** What the restore does to the database, with the server stopped: a change log of its own. */
async function writeNewChangeLogId(app: TestApp): Promise<string> {
  const database = openDatabase(app.config.database);
  const id = newChangeLogId();
  try {
    await database.db
      .updateTable('app_meta')
      .set({ value: id })
      .where('key', '=', CHANGE_LOG_ID_KEY)
      .execute();
  } finally {
    await database.close();
  }
  return id;
}

describeEachDialect('change-log id', (dialect) => {
  const apps: TestApp[] = [];
  const sockets: SyncSocket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const app of apps.reverse()) await app.stop();
  });

  async function connect(app: TestApp, cookie: string, clientId: string, changeLogId?: string) {
    const socket = await SyncSocket.open(app, { cookie });
    sockets.push(socket);
    const welcome = await socket.hello(clientId, changeLogId);
    return { socket, welcome };
  }

  it('stays across restarts; after a restore, positions in the old log are answered with snapshots', async () => {
    const first = await startApp({ dialect });
    const admin = await signedInCookie(first, { email: 'admin.log@example.com', roles: ['admin'] });
    const reader = await connect(first, admin.cookie, 'reader');
    const oldLog = first.server.sync.changeLogId;
    expect(reader.welcome.changeLogId).toBe(oldLog);
    reader.socket.send({ type: 'subscribe', subscriptionId: 'q', query });
    const snapshot = await reader.socket.next('snapshot');
    reader.socket.close();
    await first.stop({ keepData: true });

    const again = await startApp({ dialect, reuse: persisted(first) });
    expect(again.server.sync.changeLogId).toBe(oldLog);
    await again.stop({ keepData: true });

    const restoredLog = await writeNewChangeLogId(first);
    const restored = await startApp({ dialect, reuse: persisted(first) });
    apps.push(restored);
    const writer = await connect(restored, admin.cookie, 'writer');
    expect(writer.welcome.changeLogId).toBe(restoredLog);
    writer.socket.send({
      type: 'push',
      mutations: [
        {
          mutationId: 1,
          clientId: 'writer',
          name: 'autocompletion.save',
          args: listArgs('r1', ['A']),
        },
      ],
    });
    await writer.socket.next('ack');

    // The replica came from the old log: its position is not one of this log's.
    const old = await connect(restored, admin.cookie, 'reader', oldLog);
    expect(old.welcome.changeLogId).toBe(restoredLog);
    old.socket.send({
      type: 'subscribe',
      subscriptionId: 'q',
      query,
      resumeFrom: snapshot.sequence,
    });
    await old.socket.next('resync-required');
    const fresh = await old.socket.next('snapshot');
    expect(fresh.documents.map((doc) => [doc.id, doc.version])).toEqual([['r1', 1]]);
    // Every subscription of that connection, not just the first.
    old.socket.send({ type: 'subscribe', subscriptionId: 'q2', query, resumeFrom: fresh.sequence });
    await old.socket.next('resync-required', (m) => m.subscriptionId === 'q2');
    await old.socket.next('snapshot', (m) => m.subscriptionId === 'q2');
    expect(old.socket.received.filter((m) => m.type === 'delta')).toEqual([]);

    // A replica of this log, or one that names none (from before ids), resumes as before.
    for (const changeLogId of [restoredLog, undefined]) {
      const current = await connect(
        restored,
        admin.cookie,
        `reader-${changeLogId ?? 'none'}`,
        changeLogId,
      );
      current.socket.send({
        type: 'subscribe',
        subscriptionId: 'q',
        query,
        resumeFrom: snapshot.sequence,
      });
      const delta = await current.socket.next('delta');
      expect(delta.changes.map((doc) => doc.id)).toEqual(['r1']);
    }
  });

  it('is created once when two instances start at the same moment', async () => {
    const app = await startApp({ dialect });
    apps.push(app);
    const { database } = app.server;
    await database.db.deleteFrom('app_meta').where('key', '=', CHANGE_LOG_ID_KEY).execute();
    const ids = await Promise.all([ensureChangeLogId(database), ensureChangeLogId(database)]);
    expect(ids[0]).toBe(ids[1]);
    expect(await ensureChangeLogId(database)).toBe(ids[0]);
  });
});
