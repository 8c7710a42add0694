import {
  runQuery,
  type Query,
  type ReplicatedDocument,
  type ServerMessage,
  type SnapshotMessage,
} from '@qa/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SYNC_LIMITS } from '../src/modules/sync/sync-connection';
import { describeEachDialect } from './support/dialects';
import { signedInCookie, SyncSocket } from './support/sync-socket';
import { startApp, type TestApp } from './support/start-app';

/** Issue 16: snapshots above the old 10,000-document limit, sent in chunks. */

// Above the old limit with room to spare; 25,000 took three and a half minutes of CI per run.
const COUNT = 12_000;
/** Makes the snapshot large (about 3 MB), so it cannot all sit in the socket's buffers. */
const FILLER = 'f'.repeat(250);

/** Stores `count` items in one transaction, as a command's transaction would. */
async function seed(app: TestApp, count: number): Promise<number> {
  const { documents, feed } = app.server.sync;
  const now = new Date().toISOString();
  const last = await documents.transaction(async () => {
    let seq = await documents.lockLog();
    for (let n = 0; n < count; n += 1) {
      const id = `big-${String(n).padStart(6, '0')}`;
      seq += 1;
      // Positions run backwards against the ids, so the query's order is not the read order.
      const data = { id, auditId: 'big', title: `Item ${n}`, position: count - n, note: FILLER };
      await documents.write(
        { collection: 'audit_items', id, version: 1, deleted: false, updatedAt: now, data },
        seq,
        null,
        null,
      );
    }
    await documents.setLastSequence(seq);
    return seq;
  });
  await feed.committed(last);
  return last;
}

/** Changes one item (a new version), as a command would. */
async function move(app: TestApp, id: string, position: number): Promise<number> {
  const { documents, feed } = app.server.sync;
  const last = await documents.transaction(async () => {
    const [previous] = await documents.findMany([{ collection: 'audit_items', id }]);
    const seq = (await documents.lockLog()) + 1;
    await documents.write(
      {
        collection: 'audit_items',
        id,
        version: previous!.version + 1,
        deleted: false,
        updatedAt: new Date().toISOString(),
        data: { ...previous!.data, position },
      },
      seq,
      previous!.data,
      null,
    );
    await documents.setLastSequence(seq);
    return seq;
  });
  await feed.committed(last);
  return last;
}

/** Waits until the socket has received a message that matches. */
async function until(socket: SyncSocket, match: (m: ServerMessage) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!socket.received.some(match)) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a message');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const QUERY: Query = {
  collection: 'audit_items',
  filters: [],
  orderBy: [{ path: ['position'], direction: 'asc' }],
};

function chunksOf(socket: SyncSocket, subscriptionId: string): SnapshotMessage[] {
  return socket.received.filter(
    (m): m is SnapshotMessage => m.type === 'snapshot' && m.subscriptionId === subscriptionId,
  );
}

describeEachDialect('snapshots in chunks', (dialect) => {
  let app: TestApp;
  let cookie: string;
  let seeded: number;
  const sockets: SyncSocket[] = [];

  beforeAll(async () => {
    app = await startApp({ dialect });
    ({ cookie } = await signedInCookie(app, { email: 'chunks@example.com', roles: ['admin'] }));
    seeded = await seed(app, COUNT);
  }, 180_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.stop();
  });

  async function connect(name: string): Promise<SyncSocket> {
    const socket = await SyncSocket.open(app, { cookie });
    sockets.push(socket);
    await socket.hello(name);
    return socket;
  }

  it('sends 12,000 documents in order, first screen first, and a change committed meanwhile after the final chunk', async () => {
    const socket = await connect('chunks-all');
    socket.send({ type: 'subscribe', subscriptionId: 's1', query: QUERY });
    await until(socket, (m) => m.type === 'snapshot' && m.subscriptionId === 's1');
    // Stop reading: the server must wait (socket backpressure) instead of finishing or piling up.
    socket.ws.pause();
    const first = chunksOf(socket, 's1')[0]!;
    expect(first).toMatchObject({ chunk: 0, final: false, total: COUNT });
    expect(first.documents.length).toBe(DEFAULT_SYNC_LIMITS.snapshotFirstChunkDocuments);
    // The first screen: the lowest positions, which are the highest ids.
    expect(first.documents[0]!.id).toBe(`big-${String(COUNT - 1).padStart(6, '0')}`);

    // An item of the first screen moves to the end while the stream is under way.
    const moved = first.documents[1]!.id;
    const changedAt = await move(app, moved, COUNT + 10);
    expect(first.sequence).toBe(seeded);
    socket.ws.resume();

    await until(socket, (m) => m.type === 'delta' && m.subscriptionId === 's1');
    const chunks = chunksOf(socket, 's1');
    const finalIndex = socket.received.findIndex((m) => m.type === 'snapshot' && m.final);
    const deltaIndex = socket.received.findIndex((m) => m.type === 'delta');
    expect(finalIndex).toBeGreaterThanOrEqual(0);
    expect(deltaIndex).toBeGreaterThan(finalIndex);

    // Chunks numbered 0..n, one sequence, every one within the bounds, only the last final.
    expect(chunks.map((c) => c.chunk)).toEqual(chunks.map((_, index) => index));
    expect(new Set(chunks.map((c) => c.sequence))).toEqual(new Set([seeded]));
    expect(chunks.filter((c) => c.final)).toEqual([chunks[chunks.length - 1]]);
    for (const chunk of chunks) {
      expect(chunk.documents.length).toBeLessThanOrEqual(
        DEFAULT_SYNC_LIMITS.snapshotChunkDocuments,
      );
    }
    expect(chunks.length).toBeGreaterThan(COUNT / DEFAULT_SYNC_LIMITS.snapshotChunkDocuments);

    // Together: the query's whole result at the snapshot's sequence, in its order.
    const all = chunks.flatMap((c) => c.documents);
    expect(all.length).toBe(COUNT);
    const positions = all.map((doc) => doc.data.position as number);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(all.map((doc) => doc.id)).size).toBe(COUNT);
    expect(all.find((doc) => doc.id === moved)).toMatchObject({ version: 1 });

    // The change follows, tagged with its own sequence.
    const delta = socket.received[deltaIndex] as Extract<ServerMessage, { type: 'delta' }>;
    expect(delta.sequence).toBe(changedAt);
    expect(delta.changes).toEqual([
      expect.objectContaining({
        id: moved,
        version: 2,
        data: expect.objectContaining({ position: COUNT + 10 }),
      }),
    ]);
  }, 120_000);

  it('streams a whole collection from the database in id order, with its count as total', async () => {
    const { documents } = app.server.sync;
    const pages = vi.spyOn(documents, 'queryPages');
    const socket = await connect('chunks-whole');
    const whole: Query = { collection: 'audit_items', filters: [] };
    socket.send({ type: 'subscribe', subscriptionId: 'w', query: whole });
    await until(socket, (m) => m.type === 'snapshot' && m.subscriptionId === 'w');
    socket.ws.pause();
    const changedAt = await move(app, 'big-000003', 77);
    socket.ws.resume();
    await until(socket, (m) => m.type === 'delta' && m.subscriptionId === 'w');
    const chunks = chunksOf(socket, 'w');
    const stored = (await documents.liveDocuments('audit_items')).length;
    expect(chunks[0]).toMatchObject({ chunk: 0, total: stored });
    expect(chunks.at(-1)).toMatchObject({ final: true });
    expect(chunks.map((c) => c.chunk)).toEqual(chunks.map((_, index) => index));
    const ids = chunks.flatMap((c) => c.documents.map((doc) => doc.id));
    expect(ids).toEqual([...ids].sort());
    expect(ids.length).toBe(stored);
    const delta = socket.received.find((m) => m.type === 'delta' && m.subscriptionId === 'w');
    expect(delta).toMatchObject({ sequence: changedAt });
    if (dialect === 'sqlite') {
      await expect(pages.mock.results[0]!.value).resolves.toMatchObject({
        plan: { kind: 'stream' },
      });
    }
    pages.mockRestore();
  }, 120_000);

  it('a subscription with a limit gets its top documents in one final chunk', async () => {
    const socket = await connect('chunks-limit');
    const query: Query = { ...QUERY, limit: 50 };
    socket.send({ type: 'subscribe', subscriptionId: 'top', query });
    await until(socket, (m) => m.type === 'snapshot' && m.subscriptionId === 'top');
    const [only] = chunksOf(socket, 'top');
    expect(only).toMatchObject({ chunk: 0, final: true, total: 50 });
    const stored = await app.server.sync.documents.liveDocuments('audit_items');
    expect(only!.documents.map((doc) => doc.id)).toEqual(
      runQuery(stored, query).map((doc) => doc.id),
    );
  }, 60_000);

  it('resuming gets one delta of what changed, not a snapshot', async () => {
    const socket = await connect('chunks-resume');
    const changedAt = await move(app, 'big-000007', -5);
    socket.send({ type: 'subscribe', subscriptionId: 'r', query: QUERY, resumeFrom: seeded });
    const delta = await socket.next('delta', (m) => m.subscriptionId === 'r', 30_000);
    expect(delta.sequence).toBeGreaterThanOrEqual(changedAt);
    expect(delta.changes.map((doc) => doc.id)).toContain('big-000007');
    expect(chunksOf(socket, 'r')).toEqual([]);
  }, 60_000);

  it('a socket closed in the middle of a snapshot ends its stream', async () => {
    const socket = await connect('chunks-close');
    socket.send({ type: 'subscribe', subscriptionId: 'c', query: QUERY });
    await until(socket, (m) => m.type === 'snapshot' && m.subscriptionId === 'c');
    socket.ws.terminate();
    await socket.closed();
    // The server still answers others at once.
    const other = await connect('chunks-after');
    other.send({ type: 'ping' });
    await other.next('pong', () => true, 10_000);
  }, 60_000);
});

describe('split deltas [sqlite]', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startApp({
      dialect: 'sqlite',
      build: { syncLimits: { snapshotChunkDocuments: 10, snapshotFirstChunkDocuments: 3 } },
    });
    ({ cookie } = await signedInCookie(app, { email: 'split@example.com', roles: ['admin'] }));
  }, 60_000);
  afterAll(() => app?.stop());

  it('name the new sequence only on their last part, so a dropped socket resumes before them', async () => {
    const before = await seed(app, 5);
    const socket = await SyncSocket.open(app, { cookie });
    await socket.hello('split');
    socket.send({ type: 'subscribe', subscriptionId: 'q', query: QUERY });
    const chunk0 = await socket.next('snapshot', (m) => m.chunk === 0);
    expect(chunk0).toMatchObject({ final: false, sequence: before });
    expect(chunk0.documents).toHaveLength(3);
    await socket.next('snapshot', (m) => m.final);
    // 25 changes in one commit: three deltas, only the last naming the commit's sequence.
    const { documents, feed } = app.server.sync;
    const now = new Date().toISOString();
    const last = await documents.transaction(async () => {
      let seq = await documents.lockLog();
      for (let n = 0; n < 25; n += 1) {
        seq += 1;
        const id = `more-${n}`;
        const data = { id, auditId: 'big', title: id, position: 100 + n };
        await documents.write(
          { collection: 'audit_items', id, version: 1, deleted: false, updatedAt: now, data },
          seq,
          null,
          null,
        );
      }
      await documents.setLastSequence(seq);
      return seq;
    });
    await feed.committed(last);
    const deltas: Extract<ServerMessage, { type: 'delta' }>[] = [];
    while (deltas.reduce((sum, d) => sum + d.changes.length, 0) < 25) {
      deltas.push(await socket.next('delta', (m) => m.subscriptionId === 'q'));
    }
    expect(deltas.map((d) => d.changes.length)).toEqual([10, 10, 5]);
    expect(deltas.map((d) => d.sequence)).toEqual([before, before, last]);
    const ids: ReplicatedDocument['id'][] = deltas.flatMap((d) => d.changes.map((c) => c.id));
    expect(new Set(ids).size).toBe(25);
    socket.close();
  }, 60_000);
});

describe('a snapshot read too slowly [sqlite]', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startApp({ dialect: 'sqlite', build: { syncLimits: { maxPendingChanges: 3 } } });
    ({ cookie } = await signedInCookie(app, { email: 'slow@example.com', roles: ['admin'] }));
    await seed(app, COUNT);
  }, 120_000);
  afterAll(() => app?.stop());

  it('is dropped once the changes waiting behind it pile up, instead of growing memory', async () => {
    const socket = await SyncSocket.open(app, { cookie });
    await socket.hello('slow');
    socket.send({ type: 'subscribe', subscriptionId: 's', query: QUERY });
    await until(socket, (m) => m.type === 'snapshot' && m.subscriptionId === 's');
    socket.ws.pause();
    for (let n = 0; n < 4; n += 1) await move(app, `big-00000${n}`, -n);
    socket.ws.resume();
    expect(await socket.closed()).toBe(1013);
    expect(socket.received.some((m) => m.type === 'error' && m.code === 'slow_consumer')).toBe(
      true,
    );
    expect(socket.received.some((m) => m.type === 'snapshot' && m.final)).toBe(false);
  }, 60_000);
});
