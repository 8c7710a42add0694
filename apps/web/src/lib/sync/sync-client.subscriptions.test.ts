import type { Query } from '@qa/sync';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeLockManager } from './fake-lock-manager';
import type { FakeSocket } from './fake-sync-server';
import { queryKey } from './query-key';
import type { SyncClient } from './sync-client';
import { THINGS_QUERY, createSyncHarness, thing } from './sync-test-harness';
import { selectQuery } from './view-selectors';

let harness: ReturnType<typeof createSyncHarness>;

afterEach(async () => {
  await harness.stopAll();
});

async function online(client: SyncClient) {
  await vi.waitFor(() => expect(client.getSnapshot().connection).toBe('online'));
}

function socket(): FakeSocket {
  const [only] = harness.server.sockets;
  if (!only) throw new Error('no socket');
  return only;
}

const ACTIVE: Query = {
  collection: 'things',
  filters: [{ path: ['active'], op: '==', value: true }],
};

describe('SyncClient subscriptions', () => {
  it('subscribes what a tab watches, stores the snapshot and follows deltas', async () => {
    harness = createSyncHarness();
    harness.server.write('things', 'a', { name: 'A' });
    const client = harness.client();
    const unwatch = client.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(thing(client, 'a')).toEqual({ name: 'A' }));
    const row = client.getSnapshot().queries.get(queryKey(THINGS_QUERY));
    expect(row).toMatchObject({ fetched: true, sequence: 1 });

    harness.server.write('things', 'b', { name: 'B' });
    await vi.waitFor(() => expect(thing(client, 'b')).toEqual({ name: 'B' }));
    harness.server.write('things', 'a', null);
    await vi.waitFor(() => expect(thing(client, 'a')).toBeUndefined());
    expect(client.getSnapshot().queries.get(queryKey(THINGS_QUERY))?.sequence).toBe(3);

    unwatch();
    await vi.waitFor(() => expect(harness.server.messagesOfType('unsubscribe')).toHaveLength(1));
  });

  it("shows a query's answer in one emission: its documents arrive already live", async () => {
    harness = createSyncHarness();
    for (const id of ['a', 'b', 'c']) harness.server.write('things', id, { name: id });
    const client = harness.client();
    await online(client);
    const key = queryKey(THINGS_QUERY);
    // Every view the screens are told about: whether the query is answered, and its documents.
    const seen: string[] = [];
    client.subscribe(() => {
      const snapshot = client.getSnapshot();
      const docs = selectQuery(snapshot, THINGS_QUERY, key).documents;
      const answered = snapshot.queries.get(key)?.fetched === true;
      seen.push(`${answered} ${docs.map((doc) => `${doc.id}:${doc.state}`).join(' ')}`.trim());
    });
    client.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(seen.at(-1)).toBe('true a:sync b:sync c:sync'));
    // Never the answer without its documents, nor the documents before their answer: each
    // document object changed twice then, and every screen rendered its list twice (issue 18).
    expect(seen.filter((view) => view !== 'false')).toEqual(
      seen.filter((view) => view === 'true a:sync b:sync c:sync'),
    );
  });

  it('resumes from the stored sequence after a reload', async () => {
    harness = createSyncHarness();
    harness.server.write('things', 'a', { name: 'A' });
    const first = harness.client();
    first.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(thing(first, 'a')).toBeDefined());
    await first.stop();

    harness.server.write('things', 'b', { name: 'B' });
    const second = harness.client();
    second.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(thing(second, 'b')).toEqual({ name: 'B' }));
    const subscribes = harness.server.messagesOfType('subscribe');
    expect(subscribes.map((message) => message.resumeFrom)).toEqual([undefined, 1]);
  });

  it('takes a fresh snapshot after resync-required', async () => {
    harness = createSyncHarness();
    harness.server.write('things', 'a', { name: 'A' });
    const first = harness.client();
    first.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(thing(first, 'a')).toBeDefined());
    await first.stop();

    harness.server.write('things', 'a', null);
    harness.server.write('things', 'b', { name: 'B' });
    harness.server.prunedThrough = 3;
    const second = harness.client();
    second.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(thing(second, 'b')).toEqual({ name: 'B' }));
    expect(thing(second, 'a')).toBeUndefined();
    expect(second.getSnapshot().queries.get(queryKey(THINGS_QUERY))?.sequence).toBe(3);
  });

  it('removes documents a snapshot (without limit) no longer contains', async () => {
    harness = createSyncHarness();
    harness.server.write('things', 'a', { active: true });
    harness.server.write('things', 'b', { active: true });
    harness.server.write('things', 'c', { active: false });
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(client.getSnapshot().view.documents('things')).toHaveLength(3));
    await client.stop();

    // While nobody listened: a was deleted, and the log was pruned.
    harness.server.write('things', 'a', null);
    harness.server.prunedThrough = harness.server.sequence;
    const next = harness.client();
    next.watch(ACTIVE);
    await vi.waitFor(() =>
      expect(next.getSnapshot().queries.get(queryKey(ACTIVE))?.fetched).toBe(true),
    );
    expect(thing(next, 'a')).toBeUndefined();
    // c does not match the snapshot's query, so it was no reason to remove it.
    expect(thing(next, 'b')).toEqual({ active: true });
    expect(thing(next, 'c')).toEqual({ active: false });
  });

  it('keeps documents missing from a snapshot with a limit', async () => {
    harness = createSyncHarness();
    harness.server.write('things', 'a', { n: 1 });
    harness.server.write('things', 'b', { n: 2 });
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(client.getSnapshot().view.documents('things')).toHaveLength(2));
    const limited: Query = {
      ...THINGS_QUERY,
      orderBy: [{ path: ['n'], direction: 'asc' }],
      limit: 1,
    };
    client.watch(limited);
    await vi.waitFor(() =>
      expect(client.getSnapshot().queries.get(queryKey(limited))?.fetched).toBe(true),
    );
    expect(thing(client, 'b')).toEqual({ n: 2 });
  });

  it('never replaces a document by a lower version', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await online(client);
    await vi.waitFor(() => expect(harness.server.messagesOfType('subscribe')).toHaveLength(1));
    const subscriptionId = harness.server.messagesOfType('subscribe')[0]!.subscriptionId;
    const doc = (version: number, name: string) => ({
      collection: 'things',
      id: 'x',
      version,
      deleted: false,
      updatedAt: '2026-01-01T00:00:00Z',
      data: { name },
    });
    harness.server.send(socket(), {
      type: 'delta',
      subscriptionId,
      sequence: 5,
      changes: [doc(3, 'new')],
    });
    harness.server.send(socket(), {
      type: 'delta',
      subscriptionId,
      sequence: 6,
      changes: [doc(2, 'old')],
    });
    await vi.waitFor(() =>
      expect(client.getSnapshot().queries.get(queryKey(THINGS_QUERY))?.sequence).toBe(6),
    );
    expect(thing(client, 'x')).toEqual({ name: 'new' });
  });

  it('ignores invalid messages and marks a refused subscription', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await online(client);
    await vi.waitFor(() => expect(harness.server.messagesOfType('subscribe')).toHaveLength(1));
    const subscriptionId = harness.server.messagesOfType('subscribe')[0]!.subscriptionId;
    harness.server.send(socket(), 'not json');
    harness.server.send(socket(), { type: 'snapshot', subscriptionId } as never);
    harness.server.send(socket(), JSON.stringify({ v: 99, type: 'pong' }));
    harness.server.send(socket(), {
      type: 'error',
      code: 'forbidden',
      message: 'no',
      subscriptionId,
    });
    const key = queryKey(THINGS_QUERY);
    await vi.waitFor(() => expect(client.getSnapshot().queries.get(key)?.error).toBe('forbidden'));
    expect(
      harness.warnings.filter(([text]) => text === 'ignoring an invalid sync message'),
    ).toHaveLength(3);
    expect(client.getSnapshot().connection).toBe('online');
  });
});

describe('SyncClient replica reads', () => {
  it('reads only the rows written since, in every tab, removals included', async () => {
    harness = createSyncHarness();
    const locks = new FakeLockManager();
    harness.server.write('things', 'a', { name: 'A', active: true });
    harness.server.write('things', 'b', { name: 'B', active: true });
    const leader = harness.client({ locks, lockScope: 'p1' });
    await online(leader);
    const followerDb = harness.openDb();
    const follower = harness.client({ locks, lockScope: 'p1', db: followerDb });
    follower.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(thing(follower, 'b')).toEqual({ name: 'B', active: true }));
    await vi.waitFor(() => expect(thing(leader, 'b')).toBeDefined());

    const whole = vi.spyOn(followerDb.documents, 'toArray');
    harness.server.write('things', 'c', { name: 'C', active: false });
    await vi.waitFor(() => expect(thing(follower, 'c')).toEqual({ name: 'C', active: false }));
    harness.server.write('things', 'a', null);
    await vi.waitFor(() => expect(thing(follower, 'a')).toBeUndefined());
    await vi.waitFor(() => expect(thing(leader, 'a')).toBeUndefined());
    const wholeReads = whole.mock.calls.length;
    whole.mockRestore();
    expect(wholeReads).toBe(0);
  });

  it('drops in the other tab a document that left a query while nobody listened', async () => {
    harness = createSyncHarness();
    const locks = new FakeLockManager();
    harness.server.write('things', 'a', { active: true });
    harness.server.write('things', 'b', { active: true });
    const first = harness.client({ locks, lockScope: 'p1' });
    first.watch(ACTIVE);
    await vi.waitFor(() => expect(thing(first, 'b')).toBeDefined());
    await first.stop();

    // While no tab listens, b stops matching and the log is pruned: a new snapshot follows.
    harness.server.write('things', 'b', { active: false });
    harness.server.prunedThrough = 3;
    const leader = harness.client({ locks, lockScope: 'p1' });
    const other = harness.client({ locks, lockScope: 'p1' });
    await vi.waitFor(() => expect(thing(other, 'b')).toEqual({ active: true }));
    leader.watch(ACTIVE);
    await vi.waitFor(() => expect(thing(leader, 'b')).toBeUndefined());
    await vi.waitFor(() => expect(thing(other, 'b')).toBeUndefined());
    expect(thing(other, 'a')).toEqual({ active: true });
  });
});
