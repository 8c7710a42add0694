import type { JsonObject } from '@qa/sync';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptChangeLog } from './change-log-store';
import { FakeLockManager } from './fake-lock-manager';
import { queryKey } from './query-key';
import type { SyncClient } from './sync-client';
import { THINGS_QUERY, createSyncHarness, thing } from './sync-test-harness';
import { selectQuery } from './view-selectors';

let harness: ReturnType<typeof createSyncHarness>;

afterEach(async () => {
  await harness.stopAll();
});

const KEY = queryKey(THINGS_QUERY);

/** The things a tab shows, by id. */
function shown(client: SyncClient): Record<string, JsonObject> {
  const { documents } = selectQuery(client.getSnapshot(), THINGS_QUERY, KEY);
  return Object.fromEntries(documents.map((doc) => [doc.id, doc.data]));
}

/** The server's live things, by id. */
function onServer(): Record<string, JsonObject> {
  const live = [...harness.server.documents.values()].filter((doc) => !doc.deleted);
  return Object.fromEntries(live.map((doc) => [doc.id, doc.data]));
}

async function online(client: SyncClient) {
  await vi.waitFor(() => expect(client.getSnapshot().connection).toBe('online'));
}

describe('SyncClient and the server change log', () => {
  it('after a restore: drops the old log, shows the restored state plus its pending changes, re-sent', async () => {
    harness = createSyncHarness();
    const locks = new FakeLockManager();
    const resets = { leader: 0, follower: 0 };
    harness.server.write('things', 'a', { name: 'A' });
    harness.server.write('things', 'b', { name: 'B' });
    const leader = harness.client({
      locks,
      lockScope: 'p1',
      onChangeLogReset: () => (resets.leader += 1),
    });
    await online(leader);
    const follower = harness.client({
      locks,
      lockScope: 'p1',
      onChangeLogReset: () => (resets.follower += 1),
    });
    follower.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(thing(follower, 'b')).toEqual({ name: 'B' }));
    const oldLog = harness.server.changeLogId;
    const backup = harness.server.backup();

    // After the backup: a command of this device (acknowledged) and another user's change.
    const acked = await leader.command('thing.put', { id: 'c', data: { name: 'C' } });
    await expect(acked.confirmed).resolves.toEqual({ ok: true });
    harness.server.write('things', 'b', { name: 'B2' });
    await vi.waitFor(() => expect(thing(follower, 'b')).toEqual({ name: 'B2' }));

    // The server is restored; meanwhile this device works offline, and the restored server
    // takes a change whose sequence the replica's position already passed in the old log.
    harness.server.refuseConnections = true;
    harness.server.restore(backup);
    await vi.waitFor(() => expect(leader.getSnapshot().connection).toBe('offline'));
    await follower.command('thing.put', { id: 'd', data: { name: 'D' } });
    await leader.command('thing.increment', { id: 'a' });
    await vi.waitFor(() => expect(follower.getSnapshot().pending).toBe(2));
    harness.server.write('things', 'e', { name: 'E' });
    expect(harness.server.changeLogId).not.toBe(oldLog);

    const seen: Record<string, JsonObject>[] = [];
    follower.subscribe(() => seen.push(shown(follower)));
    const sent = harness.server.received.length;
    harness.server.refuseConnections = false;
    harness.goOnline();

    await vi.waitFor(() => {
      expect(follower.getSnapshot().pending).toBe(0);
      expect(shown(follower)).toEqual(onServer());
      expect(shown(leader)).toEqual(onServer());
    });
    expect(onServer()).toEqual({
      a: { name: 'A', count: 1 },
      b: { name: 'B' },
      d: { name: 'D' },
      e: { name: 'E' },
    });
    // Never a mix: no view shows the new log's change beside what only the old log had.
    for (const view of seen) {
      if (view.e) expect([view.c, view.b?.name]).toEqual([undefined, 'B']);
    }
    expect(resets).toEqual({ leader: 1, follower: 1 });

    const after = harness.server.received.slice(sent);
    expect(after.find((message) => message.type === 'hello')).toMatchObject({
      changeLogId: oldLog,
    });
    const subscribes = after.filter((message) => message.type === 'subscribe');
    expect(subscribes.length).toBeGreaterThan(0);
    for (const subscribe of subscribes) expect(subscribe).not.toHaveProperty('resumeFrom');
    // The restored server last knew none of this client's commands (its welcome said 0, below
    // the acknowledged 1): the unsent ones went again with their ids, which only grow.
    const pushed = after.flatMap((message) => (message.type === 'push' ? message.mutations : []));
    expect(pushed.map((mutation) => [mutation.mutationId, mutation.name])).toEqual([
      [2, 'thing.put'],
      [3, 'thing.increment'],
    ]);

    // The next socket names the new log and resumes from its positions as before.
    const resumed = harness.server.received.length;
    harness.server.disconnectAll();
    await vi.waitFor(() => expect(leader.getSnapshot().connection).toBe('offline'));
    harness.goOnline();
    await vi.waitFor(() => {
      const again = harness.server.received.slice(resumed);
      expect(again.find((message) => message.type === 'hello')).toMatchObject({
        changeLogId: harness.server.changeLogId,
      });
      expect(again.find((message) => message.type === 'subscribe')).toHaveProperty('resumeFrom');
    });
    harness.server.write('things', 'f', { name: 'F' });
    await vi.waitFor(() => expect(thing(follower, 'f')).toEqual({ name: 'F' }));
    expect(resets).toEqual({ leader: 1, follower: 1 });
  });

  it('says so once, in the tab opened after the restore signed everyone out', async () => {
    harness = createSyncHarness();
    harness.server.write('things', 'a', { name: 'A' });
    const backup = harness.server.backup();
    harness.server.write('things', 'b', { name: 'B' });
    const before = harness.client({ onChangeLogReset: () => expect.fail('nothing was restored') });
    before.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(thing(before, 'b')).toEqual({ name: 'B' }));
    // Signed out by the restore: this tab's client is gone before the new log is met.
    await before.stop();
    harness.server.restore(backup);
    // The signed-in tab's socket met the new log before its first read of the replica (as the
    // browser test of the restore saw): the documents were emptied before this tab showed any.
    await expect(adoptChangeLog(harness.openDb(), harness.server.changeLogId)).resolves.toBe(
      'reset',
    );

    let resets = 0;
    const signedIn = harness.client({ onChangeLogReset: () => (resets += 1) });
    signedIn.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(shown(signedIn)).toEqual({ a: { name: 'A' } }));
    await vi.waitFor(() => expect(resets).toBe(1));
    await signedIn.stop();

    // Told once: the next tab on this device reads the same replica and says nothing.
    const later = harness.client({ onChangeLogReset: () => (resets += 1) });
    later.watch(THINGS_QUERY);
    await online(later);
    await vi.waitFor(() => expect(shown(later)).toEqual({ a: { name: 'A' } }));
    expect(resets).toBe(1);
  });

  it('takes the id of the first server that tells one, keeping a replica from before ids', async () => {
    harness = createSyncHarness();
    harness.server.write('things', 'a', { name: 'A' });
    let resets = 0;
    const first = harness.client({ onChangeLogReset: () => (resets += 1) });
    first.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(first.getSnapshot().queries.get(KEY)?.fetched).toBe(true));
    await first.stop();
    // As a replica written before change-log ids were kept.
    const db = harness.openDb();
    await db.meta.delete('changeLogId');

    const reloaded = harness.client({ db, onChangeLogReset: () => (resets += 1) });
    reloaded.watch(THINGS_QUERY);
    const sent = harness.server.received.length;
    await online(reloaded);
    await vi.waitFor(() => expect(harness.server.received.length).toBeGreaterThan(sent + 1));
    const after = harness.server.received.slice(sent);
    expect(after.find((message) => message.type === 'hello')).not.toHaveProperty('changeLogId');
    await vi.waitFor(() =>
      expect(after.find((message) => message.type === 'subscribe')).toHaveProperty('resumeFrom'),
    );
    expect(thing(reloaded, 'a')).toEqual({ name: 'A' });
    await vi.waitFor(async () =>
      expect(await db.meta.get('changeLogId')).toEqual({
        key: 'changeLogId',
        value: harness.server.changeLogId,
      }),
    );
    expect(resets).toBe(0);
  });
});
