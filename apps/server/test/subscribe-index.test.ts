import {
  documentKey,
  matchesQuery,
  runQuery,
  type JsonObject,
  type JsonValue,
  type Query,
  type ReplicatedDocument,
  type ServerMessage,
} from '@qa/sync';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rebuildDocumentIndex } from '../src/modules/sync/document-index';
import { DEFAULT_SYNC_LIMITS } from '../src/modules/sync/sync-connection';
import { describeEachDialect } from './support/dialects';
import { signedInCookie, SyncSocket } from './support/sync-socket';
import { startApp, type TestApp } from './support/start-app';

/** A document to store: `data: null` deletes it (the tombstone keeps the last data). */
interface Change {
  collection: string;
  id: string;
  data: JsonObject | null;
}

/** A small deterministic generator, so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const LONG = 'p'.repeat(200);
/** Values of indexed fields, among them the awkward ones for the index keys. */
const AUDIT_IDS: (JsonValue | undefined)[] = [
  'a0',
  'a1',
  'a2',
  'a3',
  null,
  undefined,
  7,
  ['a1'],
  `${LONG}x`,
  `${LONG}y`,
  '\ud800',
  'a1\u0000',
];
const TIMESTAMPS: (JsonValue | undefined)[] = [
  '2026-01-01T10:00:00.000Z',
  '2026-01-02T10:00:00.000Z',
  '2026-01-02T10:00:00.000Z',
  '2026-01-03T09:00:00.000Z',
  '2026-02-01T00:00:00.000Z',
  undefined,
  null,
  1_700_000_000,
  '\ud83d\ude00',
  '\ue000',
];
const YEARS: (JsonValue | undefined)[] = [2024, 2025, 2026, null, undefined, '2025'];

function withField(data: JsonObject, field: string, value: JsonValue | undefined): JsonObject {
  return value === undefined ? data : { ...data, [field]: value };
}

function pick<T>(next: () => number, values: readonly T[]): T {
  return values[Math.floor(next() * values.length)]!;
}

function item(next: () => number, n: number): Change {
  const id = `i${n}`;
  const data = { id, title: `Item ${n}`, position: Math.floor(next() * 10) };
  return { collection: 'audit_items', id, data: withField(data, 'auditId', pick(next, AUDIT_IDS)) };
}

function activity(next: () => number, n: number): Change {
  const id = `t${n}`;
  const data = { id, actor: pick(next, ['p0', 'p1', 'p2']), verb: 'updated', object: `o${n}` };
  return {
    collection: 'activities',
    id,
    data: withField(data, 'timestamp', pick(next, TIMESTAMPS)),
  };
}

function audit(next: () => number, n: number): Change {
  const id = `u${n}`;
  const data = { id, title: pick(next, ['B', 'A', 'C']) };
  return {
    collection: 'audits',
    id,
    data: withField(data, 'planning_year', pick(next, YEARS)),
  };
}

const eq = (path: string, value: JsonValue) => ({ path: [path], op: '==' as const, value });

/** The first message for a subscription (snapshot, delta or error), consumed from `received`. */
async function answerTo(socket: SyncSocket, subscriptionId: string): Promise<ServerMessage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const index = socket.received.findIndex(
      (m) =>
        (m.type === 'snapshot' || m.type === 'delta' || m.type === 'error') &&
        m.subscriptionId === subscriptionId,
    );
    if (index >= 0) return socket.received.splice(index, 1)[0]!;
    if (Date.now() > deadline) throw new Error(`no answer to subscription ${subscriptionId}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Queries over every read plan: equal (== and in), ordered (with and without filters), scan. */
const QUERIES: Query[] = [
  { collection: 'audit_items', filters: [eq('auditId', 'a1')] },
  { collection: 'audit_items', filters: [{ path: ['auditId'], op: 'in', value: ['a1', 'a3', 7] }] },
  { collection: 'audit_items', filters: [{ path: ['auditId'], op: 'in', value: [null, 'a0'] }] },
  { collection: 'audit_items', filters: [{ path: ['auditId'], op: 'in', value: [] }] },
  { collection: 'audit_items', filters: [eq('auditId', `${LONG}x`)] },
  { collection: 'audit_items', filters: [eq('auditId', '\ud800')] },
  { collection: 'audit_items', filters: [eq('auditId', 'a1\u0000')] },
  { collection: 'audit_items', filters: [eq('auditId', ['a1'])] },
  {
    collection: 'audit_items',
    filters: [eq('auditId', 'a2'), { path: ['position'], op: '>=', value: 3 }],
    orderBy: [{ path: ['position'], direction: 'desc' }],
    limit: 3,
  },
  { collection: 'audit_items', filters: [eq('id', 'i7')] },
  { collection: 'audit_items', filters: [{ path: ['position'], op: '<', value: 4 }] },
  {
    collection: 'activities',
    filters: [],
    orderBy: [{ path: ['timestamp'], direction: 'desc' }],
    limit: 7,
  },
  {
    collection: 'activities',
    filters: [],
    orderBy: [{ path: ['timestamp'], direction: 'asc' }],
    limit: 5,
  },
  {
    collection: 'activities',
    filters: [eq('actor', 'p1')],
    orderBy: [
      { path: ['timestamp'], direction: 'desc' },
      { path: ['object'], direction: 'asc' },
    ],
    limit: 4,
  },
  { collection: 'activities', filters: [eq('timestamp', '2026-01-02T10:00:00.000Z')] },
  { collection: 'audits', filters: [eq('planning_year', 2025)] },
  {
    collection: 'audits',
    filters: [{ path: ['planning_year'], op: 'in', value: [2024, 2026] }],
    orderBy: [{ path: ['title'], direction: 'asc' }],
  },
];

/** Writes documents directly (as a command's transaction would) and lets the feed deliver. */
async function store(app: TestApp, changes: readonly Change[]): Promise<number> {
  const { documents, feed } = app.server.sync;
  const last = await documents.transaction(async () => {
    const stored = new Map(
      (await documents.findMany(changes)).map((doc) => [documentKey(doc.collection, doc.id), doc]),
    );
    let seq = await documents.lockLog();
    for (const { collection, id, data } of changes) {
      const previous = stored.get(documentKey(collection, id));
      const document: ReplicatedDocument = {
        collection,
        id,
        version: (previous?.version ?? 0) + 1,
        deleted: data === null,
        updatedAt: new Date().toISOString(),
        data: data ?? previous?.data ?? {},
      };
      seq += 1;
      await documents.write(document, seq, previous?.data ?? null, null);
      stored.set(documentKey(collection, id), { ...document, seq });
    }
    await documents.setLastSequence(seq);
    return seq;
  });
  await feed.committed(last);
  return last;
}

/** What a client holds of a query without limit: the snapshot, then every delta applied. */
type ClientView = Map<string, ReplicatedDocument>;

function applyChanges(view: ClientView, query: Query, changes: readonly ReplicatedDocument[]) {
  for (const change of changes) {
    if (change.deleted || !matchesQuery(change, query)) view.delete(change.id);
    else view.set(change.id, change);
  }
}

describeEachDialect('subscriptions through the document index', (dialect) => {
  let app: TestApp;
  let cookie: string;
  const sockets: SyncSocket[] = [];
  let subscriptionCounter = 0;

  async function connect(): Promise<SyncSocket> {
    const socket = await SyncSocket.open(app, { cookie });
    sockets.push(socket);
    await socket.hello(`index-${++subscriptionCounter}`);
    return socket;
  }

  /** The query model over every stored document: what the index must reproduce. */
  async function expected(query: Query): Promise<ReplicatedDocument[]> {
    const all = await app.server.sync.documents.liveDocuments(query.collection);
    return runQuery(all, query).map(({ seq: _seq, ...document }) => document);
  }

  async function subscribe(socket: SyncSocket, query: Query, resumeFrom?: number) {
    const subscriptionId = `s${++subscriptionCounter}`;
    socket.send({
      type: 'subscribe',
      subscriptionId,
      query,
      ...(resumeFrom !== undefined ? { resumeFrom } : {}),
    });
    return { subscriptionId, first: await answerTo(socket, subscriptionId) };
  }

  /** Everything the server sent before a pong to a ping sent now. */
  async function drain(socket: SyncSocket): Promise<void> {
    socket.send({ type: 'ping' });
    await socket.next('pong');
  }

  function deltasOf(socket: SyncSocket, subscriptionId: string): ReplicatedDocument[] {
    const deltas = socket.received.filter(
      (m): m is Extract<ServerMessage, { type: 'delta' }> =>
        m.type === 'delta' && m.subscriptionId === subscriptionId,
    );
    for (const delta of deltas) socket.received.splice(socket.received.indexOf(delta), 1);
    return deltas.flatMap((delta) => delta.changes);
  }

  async function expectSnapshotsMatch(socket: SyncSocket): Promise<void> {
    for (const query of QUERIES) {
      const { subscriptionId, first } = await subscribe(socket, query);
      expect(first.type, JSON.stringify(query)).toBe('snapshot');
      const documents = first.type === 'snapshot' ? first.documents : [];
      expect(documents, JSON.stringify(query)).toEqual(await expected(query));
      socket.send({ type: 'unsubscribe', subscriptionId });
    }
  }

  async function indexRows() {
    const { rows } = await sql<{ collection: string; id: string; field: string; sort_key: string }>`
      select collection, id, field, sort_key from document_index`.execute(app.server.database.db);
    return rows.sort((a, b) =>
      `${a.collection} ${a.id} ${a.field}` < `${b.collection} ${b.id} ${b.field}` ? -1 : 1,
    );
  }

  beforeAll(async () => {
    app = await startApp({ dialect });
    ({ cookie } = await signedInCookie(app, { email: 'index@example.com', roles: ['admin'] }));
    const next = random(42);
    await store(app, [
      ...Array.from({ length: 150 }, (_, n) => item(next, n)),
      ...Array.from({ length: 90 }, (_, n) => activity(next, n)),
      ...Array.from({ length: 30 }, (_, n) => audit(next, n)),
    ]);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.stop();
  });

  it('answers every query as the query model does over all documents, also after moves and deletes, with live deltas and resume', async () => {
    const socket = await connect();
    await expectSnapshotsMatch(socket);

    // Live subscriptions (no limit: deltas keep those exact) and a resume point.
    const live = QUERIES.filter((query) => query.limit === undefined);
    const views = new Map<string, { query: Query; view: ClientView; before: ClientView }>();
    let sequence = 0;
    for (const query of live) {
      const { subscriptionId, first } = await subscribe(socket, query);
      if (first.type !== 'snapshot') throw new Error('expected a snapshot');
      const view: ClientView = new Map(first.documents.map((doc) => [doc.id, doc]));
      views.set(subscriptionId, { query, view, before: new Map(view) });
      sequence = first.sequence;
    }

    // Items move between audits (and to and from the awkward values), some are deleted and
    // some come back; activities change their time or go; audits change their year.
    const next = random(7);
    await store(app, [
      ...Array.from({ length: 60 }, (_, n) => item(next, (n * 7) % 150)),
      ...Array.from({ length: 25 }, (_, n) => ({
        collection: 'audit_items',
        id: `i${(n * 11 + 3) % 150}`,
        data: null,
      })),
      ...Array.from({ length: 30 }, (_, n) => activity(next, (n * 5) % 90)),
      ...Array.from({ length: 12 }, (_, n) => ({
        collection: 'activities',
        id: `t${(n * 13 + 1) % 90}`,
        data: null,
      })),
      ...Array.from({ length: 15 }, (_, n) => audit(next, n * 2)),
    ]);
    await store(app, [
      ...Array.from({ length: 8 }, (_, n) => item(next, (n * 11 + 3) % 150)),
      { collection: 'audits', id: 'u1', data: null },
    ]);
    await expectSnapshotsMatch(socket);

    await drain(socket);
    for (const [subscriptionId, { query, view }] of views) {
      applyChanges(view, query, deltasOf(socket, subscriptionId));
      expect(runQuery([...view.values()], query), JSON.stringify(query)).toEqual(
        await expected(query),
      );
    }

    // A client coming back from before the changes resumes with one delta.
    const returning = await connect();
    for (const { query, before } of views.values()) {
      const { first } = await subscribe(returning, query, sequence);
      if (first.type !== 'delta') throw new Error('expected a resume delta');
      applyChanges(before, query, first.changes);
      expect(runQuery([...before.values()], query), JSON.stringify(query)).toEqual(
        await expected(query),
      );
    }

    // What the writes kept is what a rebuild from the documents makes.
    const maintained = await indexRows();
    expect(maintained.length).toBeGreaterThan(0);
    await rebuildDocumentIndex(app.server.database.db);
    expect(await indexRows()).toEqual(maintained);
  });
});

describeEachDialect('subscription reads', (dialect) => {
  let app: TestApp;
  let socket: SyncSocket;
  beforeAll(async () => {
    app = await startApp({ dialect });
    const { cookie } = await signedInCookie(app, { email: 'reads@example.com', roles: ['admin'] });
    socket = await SyncSocket.open(app, { cookie });
    await socket.hello('reads');
    await store(app, [
      ...Array.from({ length: 300 }, (_, n) => ({
        collection: 'audit_items',
        id: `i${n}`,
        data: { id: `i${n}`, auditId: `a${n % 10}`, position: n },
      })),
      ...Array.from({ length: 200 }, (_, n) => ({
        collection: 'activities',
        id: `t${n}`,
        data: { id: `t${n}`, timestamp: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString() },
      })),
    ]);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    socket?.close();
    await app?.stop();
  });

  async function snapshotOf(query: Query, subscriptionId: string) {
    socket.send({ type: 'subscribe', subscriptionId, query });
    const answer = await answerTo(socket, subscriptionId);
    if (answer.type !== 'snapshot') throw new Error(`expected a snapshot: ${answer.type}`);
    return answer.documents;
  }

  it('read only the items of the audit named, not the whole collection', async () => {
    const { documents } = app.server.sync;
    const reads = vi.spyOn(documents, 'queryDocuments');
    const wholeCollection = vi.spyOn(documents, 'liveDocuments');
    const items = await snapshotOf(
      { collection: 'audit_items', filters: [eq('auditId', 'a3')] },
      'items',
    );
    expect(items.map((doc) => doc.id)).toEqual(
      Array.from({ length: 30 }, (_, n) => `i${n * 10 + 3}`).sort(),
    );
    await expect(reads.mock.results[0]!.value).resolves.toMatchObject({
      plan: { kind: 'equal', field: 'auditId' },
      rowsRead: 30,
    });
    expect(wholeCollection).not.toHaveBeenCalled();
  });

  it('read only the newest activities a limited subscription asks for', async () => {
    const { documents } = app.server.sync;
    const reads = vi.spyOn(documents, 'queryDocuments');
    const newest = await snapshotOf(
      {
        collection: 'activities',
        filters: [],
        orderBy: [{ path: ['timestamp'], direction: 'desc' }],
        limit: 3,
      },
      'newest',
    );
    expect(newest.map((doc) => doc.id)).toEqual(['t199', 't198', 't197']);
    await expect(reads.mock.results[0]!.value).resolves.toMatchObject({
      plan: { kind: 'ordered', field: 'timestamp' },
      rowsRead: 3,
    });
  });

  it('still read a query on an unindexed field in full, and answer it', async () => {
    const { documents } = app.server.sync;
    const reads = vi.spyOn(documents, 'queryDocuments');
    const early = await snapshotOf(
      { collection: 'audit_items', filters: [{ path: ['position'], op: '<', value: 2 }] },
      'early',
    );
    expect(early.map((doc) => doc.id)).toEqual(['i0', 'i1']);
    await expect(reads.mock.results[0]!.value).resolves.toMatchObject({
      plan: { kind: 'scan' },
      rowsRead: 300,
    });
  });
});

describe('subscriptions per connection [sqlite]', () => {
  let app: TestApp;
  let cookie: string;
  afterAll(() => app?.stop());

  const one = (n: number): Query => ({ collection: 'audits', filters: [eq('id', `none-${n}`)] });

  async function subscribe(socket: SyncSocket, subscriptionId: string, query: Query) {
    socket.send({ type: 'subscribe', subscriptionId, query });
    return answerTo(socket, subscriptionId);
  }

  it('are capped at the default limit, which a browser with many tabs stays well below', async () => {
    app = await startApp({ dialect: 'sqlite' });
    ({ cookie } = await signedInCookie(app, { email: 'many@example.com', roles: ['admin'] }));
    const socket = await SyncSocket.open(app, { cookie });
    await socket.hello('many');
    const limit = DEFAULT_SYNC_LIMITS.maxSubscriptions;
    expect(limit).toBeLessThanOrEqual(100);
    for (let n = 0; n < limit; n += 1) {
      await expect(subscribe(socket, `s${n}`, one(n))).resolves.toMatchObject({
        type: 'snapshot',
      });
    }
    await expect(subscribe(socket, 'over', one(limit))).resolves.toMatchObject({
      type: 'error',
      code: 'too_many_subscriptions',
    });
    // Replacing a subscription keeps the count; unsubscribing frees a place.
    await expect(subscribe(socket, 's0', one(0))).resolves.toMatchObject({ type: 'snapshot' });
    socket.send({ type: 'unsubscribe', subscriptionId: 's1' });
    await expect(subscribe(socket, 'over', one(limit))).resolves.toMatchObject({
      type: 'snapshot',
    });
    await expect(subscribe(socket, 'again', one(limit + 1))).resolves.toMatchObject({
      code: 'too_many_subscriptions',
    });
    socket.close();
  });
});
