import type { ReplicatedDocument } from '@qa/sync';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from './fake-sync-server';
import { queryKey } from './query-key';
import type { SyncClient } from './sync-client';
import { THINGS_QUERY, createSyncHarness, thing } from './sync-test-harness';
import { selectDocument, selectQuery } from './view-selectors';

/** Issue 16: a large snapshot arrives in chunks and is shown as it comes. */

let harness: ReturnType<typeof createSyncHarness>;

afterEach(async () => {
  await harness.stopAll();
});

const KEY = queryKey(THINGS_QUERY);

function socket(): FakeSocket {
  const [only] = harness.server.sockets;
  if (!only) throw new Error('no socket');
  return only;
}

function doc(id: string, version = 1): ReplicatedDocument {
  return {
    collection: 'things',
    id,
    version,
    deleted: false,
    updatedAt: '2026-03-01T08:00:00.000Z',
    data: { name: id },
  };
}

const ids = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, n) => `t${String(from + n).padStart(3, '0')}`);

function result(client: SyncClient) {
  return selectQuery(client.getSnapshot(), THINGS_QUERY, KEY);
}

/** Subscribes the things query and answers nothing; the test sends the chunks by hand. */
async function subscribed(client: SyncClient): Promise<string> {
  client.watch(THINGS_QUERY);
  await vi.waitFor(() => expect(harness.server.messagesOfType('subscribe')).toHaveLength(1));
  return harness.server.messagesOfType('subscribe')[0]!.subscriptionId;
}

function chunk(subscriptionId: string, n: number, docIds: string[], final: boolean, total = 30) {
  harness.server.send(socket(), {
    type: 'snapshot',
    subscriptionId,
    sequence: 7,
    documents: docIds.map((id) => doc(id)),
    chunk: n,
    final,
    total,
  });
}

describe('SyncClient snapshot chunks', () => {
  it('shows the first chunk at once with its progress, and the final chunk completes the query', async () => {
    harness = createSyncHarness();
    harness.server.ignoreSubscribes = true;
    const client = harness.client();
    const subscriptionId = await subscribed(client);
    expect(result(client)).toMatchObject({ loading: true, documents: [] });

    chunk(subscriptionId, 0, ids(0, 10), false);
    await vi.waitFor(() => expect(result(client).documents).toHaveLength(10));
    expect(result(client)).toMatchObject({ loading: false, progress: { loaded: 10, total: 30 } });
    // Not complete: no position to resume from, not answered.
    expect(client.getSnapshot().queries.get(KEY)).toMatchObject({ fetched: false });
    expect(client.getSnapshot().queries.get(KEY)?.sequence).toBeUndefined();

    chunk(subscriptionId, 1, ids(10, 20), false);
    await vi.waitFor(() => expect(result(client).progress).toEqual({ loaded: 20, total: 30 }));
    expect(result(client).documents.map((d) => d.id)).toEqual(ids(0, 20));

    // A document the rest may still bring is loading, not missing.
    const later = () => selectDocument(client.getSnapshot(), 'things', 't025', KEY);
    expect(later()).toEqual({ document: undefined, loading: true });

    chunk(subscriptionId, 2, ids(20, 30), true);
    await vi.waitFor(() => expect(result(client).progress).toBeUndefined());
    expect(later()).toMatchObject({ document: { id: 't025' }, loading: false });
    expect(selectDocument(client.getSnapshot(), 'things', 'nope', KEY)).toEqual({
      document: undefined,
      loading: false,
    });
    expect(result(client).documents.map((d) => d.id)).toEqual(ids(0, 30));
    expect(client.getSnapshot().queries.get(KEY)).toMatchObject({ fetched: true, sequence: 7 });
  });

  it('removes what the whole snapshot lacks, counting every chunk, only at the final one', async () => {
    harness = createSyncHarness();
    harness.server.write('things', 'gone', { name: 'gone' });
    const first = harness.client();
    first.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(thing(first, 'gone')).toBeDefined());
    await first.stop();

    // Reloaded after the log was pruned: the new snapshot no longer holds `gone`.
    harness.server.ignoreSubscribes = true;
    const client = harness.client();
    const subscriptionId = await subscribedAgain(client);
    harness.server.send(socket(), { type: 'resync-required', subscriptionId });
    chunk(subscriptionId, 0, ids(0, 10), false);
    await vi.waitFor(() => expect(result(client).progress?.loaded).toBe(10));
    // Still shown while the result is incomplete.
    expect(thing(client, 'gone')).toBeDefined();
    chunk(subscriptionId, 1, ids(10, 20), true, 20);
    await vi.waitFor(() => expect(thing(client, 'gone')).toBeUndefined());
    // The first chunk's documents were not taken for vanished.
    expect(result(client).documents.map((d) => d.id)).toEqual(ids(0, 20));
  });

  it('a socket lost in the middle keeps the result incomplete and asks for the whole snapshot again', async () => {
    harness = createSyncHarness();
    harness.server.ignoreSubscribes = true;
    const client = harness.client();
    const subscriptionId = await subscribed(client);
    chunk(subscriptionId, 0, ids(0, 10), false);
    await vi.waitFor(() => expect(result(client).documents).toHaveLength(10));

    harness.server.disconnectAll();
    await vi.waitFor(() => expect(client.getSnapshot().connection).not.toBe('online'));
    // The part that came is shown, and still marked incomplete, never as the whole result.
    expect(result(client)).toMatchObject({ progress: { loaded: 10, total: 30 } });
    expect(client.getSnapshot().queries.get(KEY)).toMatchObject({ fetched: false });

    // The next socket subscribes without a position: a new snapshot, from its chunk 0.
    harness.server.ignoreSubscribes = false;
    for (const id of ids(0, 25)) harness.server.write('things', id, { name: id });
    harness.server.snapshotChunk = 10;
    harness.scheduler.advance(60_000);
    await vi.waitFor(() => expect(harness.server.messagesOfType('subscribe')).toHaveLength(2));
    expect(harness.server.messagesOfType('subscribe')[1]!.resumeFrom).toBeUndefined();
    await vi.waitFor(() => expect(result(client).progress).toBeUndefined());
    expect(result(client).documents.map((d) => d.id)).toEqual(ids(0, 25));
    expect(client.getSnapshot().queries.get(KEY)).toMatchObject({
      fetched: true,
      sequence: harness.server.sequence,
    });
  });

  it('a chunk out of order drops the socket rather than leave a hole', async () => {
    harness = createSyncHarness();
    harness.server.ignoreSubscribes = true;
    const client = harness.client();
    const subscriptionId = await subscribed(client);
    chunk(subscriptionId, 0, ids(0, 10), false);
    chunk(subscriptionId, 2, ids(20, 30), true);
    await vi.waitFor(() => expect(harness.server.connectionAttempts).toBeGreaterThanOrEqual(1));
    await vi.waitFor(() => expect(client.getSnapshot().connection).not.toBe('online'));
    expect(client.getSnapshot().queries.get(KEY)).toMatchObject({ fetched: false });
    expect(thing(client, 't025')).toBeUndefined();
  });

  it('a server that chunks every snapshot feeds the replica like one message', async () => {
    harness = createSyncHarness();
    harness.server.snapshotChunk = 3;
    for (const id of ids(0, 11)) harness.server.write('things', id, { name: id });
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await vi.waitFor(() =>
      expect(client.getSnapshot().queries.get(KEY)).toMatchObject({ fetched: true }),
    );
    expect(result(client).documents.map((d) => d.id)).toEqual(ids(0, 11));
    expect(result(client).progress).toBeUndefined();
    harness.server.write('things', 'later', { name: 'later' });
    await vi.waitFor(() => expect(thing(client, 'later')).toEqual({ name: 'later' }));
  });
});

describe('SyncClient protocol version', () => {
  it('tells the app when the server speaks another protocol (a deploy since the page loaded)', async () => {
    harness = createSyncHarness();
    const onProtocolMismatch = vi.fn();
    const client = harness.client({ onProtocolMismatch });
    await vi.waitFor(() => expect(client.getSnapshot().connection).toBe('online'));
    harness.server.send(socket(), JSON.stringify({ v: 99, type: 'pong' }));
    await vi.waitFor(() => expect(onProtocolMismatch).toHaveBeenCalledTimes(1));
  });
});

async function subscribedAgain(client: SyncClient): Promise<string> {
  client.watch(THINGS_QUERY);
  await vi.waitFor(() => expect(harness.server.messagesOfType('subscribe')).toHaveLength(2));
  return harness.server.messagesOfType('subscribe')[1]!.subscriptionId;
}
