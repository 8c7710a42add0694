import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeLockManager } from './fake-lock-manager';
import { queryKey } from './query-key';
import type { SyncClient } from './sync-client';
import { PING_INTERVAL_MS } from './sync-leader';
import { THINGS_QUERY, createSyncHarness, thing } from './sync-test-harness';
import { selectQuery, selectStatus } from './view-selectors';

let harness: ReturnType<typeof createSyncHarness>;

afterEach(async () => {
  await harness.stopAll();
});

async function online(client: SyncClient) {
  await vi.waitFor(() => expect(client.getSnapshot().connection).toBe('online'));
}

/**
 * Waits until the client has given up a socket and set the reconnect timer (or an upload
 * retry). The leader started at time 0, so its heartbeat falls due on multiples of 25 s.
 */
async function reconnectDelay(): Promise<number> {
  let delay = 0;
  await vi.waitFor(() => {
    const { now } = harness.scheduler;
    const delays = harness.scheduler.delays().filter((ms) => (now + ms) % PING_INTERVAL_MS !== 0);
    expect(delays).toHaveLength(1);
    delay = delays[0]!;
  });
  return delay;
}

const KEY = queryKey(THINGS_QUERY);
const states = (client: SyncClient) =>
  selectQuery(client.getSnapshot(), THINGS_QUERY, KEY).documents.map((doc) => [doc.id, doc.state]);

describe('SyncClient connection', () => {
  it('reconnects with backoff doubling from 0.5 s to 30 s, reset by a welcome', async () => {
    harness = createSyncHarness();
    harness.server.refuseConnections = true;
    harness.client();
    let attempts = 1;
    for (const delay of [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]) {
      await vi.waitFor(() => expect(harness.scheduler.delays()).toContain(delay));
      harness.scheduler.advance(delay - 1);
      expect(harness.server.connectionAttempts).toBe(attempts);
      harness.scheduler.advance(1);
      attempts += 1;
      expect(harness.server.connectionAttempts).toBe(attempts);
    }

    harness.server.refuseConnections = false;
    await vi.waitFor(() => expect(harness.scheduler.delays()).toContain(30000));
    harness.scheduler.advance(30000);
    await vi.waitFor(() => expect(harness.server.sockets.size).toBe(1));
    await vi.waitFor(() => expect(harness.server.messagesOfType('hello')).toHaveLength(1));
    await vi.waitFor(() => expect(harness.server.messagesOfType('hello')).toHaveLength(1));
    await vi.waitFor(() => expect(harness.scheduler.delays()).not.toContain(500));
    harness.server.disconnectAll();
    await vi.waitFor(() => expect(harness.scheduler.delays()).toContain(500));
  });

  it('spreads the delays (jitter)', async () => {
    harness = createSyncHarness();
    harness.server.refuseConnections = true;
    harness.client({ random: () => 0 });
    expect(await reconnectDelay()).toBe(375);
  });

  it('reconnects at once when the device is back online', async () => {
    harness = createSyncHarness();
    harness.server.refuseConnections = true;
    const client = harness.client();
    await reconnectDelay();
    harness.server.refuseConnections = false;
    harness.goOnline();
    await online(client);
  });

  it('reconnects within a second after a 1012 "service restart" and sends the unacked command again', async () => {
    harness = createSyncHarness();
    // 0.1: a restart waits 100 ms where the backoff would wait 400 ms.
    const client = harness.client({ random: () => 0.1 });
    await online(client);
    harness.server.holdPushes = true;
    const outcome = await client.command('thing.put', { id: 't1', data: { name: 'A' } });
    await vi.waitFor(() => expect(harness.server.messagesOfType('push')).toHaveLength(1));

    // The server shuts down without handling the push (it arrived after draining began).
    for (const socket of [...harness.server.sockets]) socket.close(1012, 'service restart');
    harness.server.holdPushes = false;
    expect(await reconnectDelay()).toBe(100);
    harness.scheduler.advance(100);

    await expect(outcome.confirmed).resolves.toEqual({ ok: true });
    const pushes = harness.server.messagesOfType('push');
    expect(pushes).toHaveLength(2);
    expect(pushes[1]!.mutations.map((m) => m.mutationId)).toEqual(
      pushes[0]!.mutations.map((m) => m.mutationId),
    );
    expect(harness.server.documents.get('things/t1')?.version).toBe(1);
    expect(client.getSnapshot().pending).toBe(0);
  });

  it("tells the server's limits on one person once each, and reconnects with backoff", async () => {
    harness = createSyncHarness();
    const told: string[] = [];
    const client = harness.client({ random: () => 0.5, onLimit: (code) => told.push(code) });
    await online(client);
    const [socket] = [...harness.server.sockets];
    const error = { type: 'error', message: 'over the limit' } as const;
    harness.server.send(socket!, { ...error, code: 'too_many_subscriptions', subscriptionId: 'x' });
    harness.server.send(socket!, { ...error, code: 'too_many_subscriptions', subscriptionId: 'y' });
    harness.server.send(socket!, { ...error, code: 'too_many_connections' });
    await vi.waitFor(() =>
      expect(told).toEqual(['too_many_subscriptions', 'too_many_connections']),
    );
    socket!.close(4429, 'too many connections');
    // Not the quick return after a restart: the person's other sockets are still open.
    expect(await reconnectDelay()).toBe(500);
  });

  it('drops the socket when the device goes offline and pushes nothing into it', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    await online(client);
    harness.goOffline();
    await vi.waitFor(() => expect(client.getSnapshot().connection).toBe('offline'));
    harness.server.refuseConnections = true;
    const outcome = await client.command('thing.put', { id: 'x', data: { name: 'offline' } });
    expect(outcome.local.ok).toBe(true);
    await vi.waitFor(() => expect(client.getSnapshot().pending).toBe(1));
    expect(harness.server.messagesOfType('push')).toHaveLength(0);
  });

  it('pings every 25 s and replaces a socket that stopped answering', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    await online(client);
    harness.scheduler.advance(PING_INTERVAL_MS);
    await vi.waitFor(() => expect(harness.server.messagesOfType('ping')).toHaveLength(1));

    harness.server.ignorePings = true;
    harness.scheduler.advance(PING_INTERVAL_MS);
    harness.scheduler.advance(PING_INTERVAL_MS);
    harness.scheduler.advance(PING_INTERVAL_MS);
    await vi.waitFor(() => expect(client.getSnapshot().connection).not.toBe('online'));
    harness.scheduler.advance(await reconnectDelay());
    await online(client);
    expect(harness.server.messagesOfType('hello')).toHaveLength(2);
  });

  it('tells the document states: sync, cached, unsync, unsaved', async () => {
    harness = createSyncHarness();
    harness.server.write('things', 'a', { name: 'A' });
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(states(client)).toEqual([['a', 'sync']]));
    expect(selectStatus(client.getSnapshot())).toEqual({
      connection: 'online',
      pending: 0,
      state: 'sync',
    });

    harness.server.refuseConnections = true;
    harness.server.disconnectAll();
    await vi.waitFor(() => expect(states(client)).toEqual([['a', 'cached']]));
    expect(selectStatus(client.getSnapshot()).state).toBe('cached');

    await client.command('thing.put', { id: 'a', data: { name: 'A2' } });
    expect(states(client)).toEqual([['a', 'unsync']]);
    expect(selectStatus(client.getSnapshot())).toMatchObject({ pending: 1, state: 'unsync' });

    await client.command('thing.put', { id: 'b', data: { name: 'B' } });
    expect(states(client)).toEqual([
      ['a', 'unsync'],
      ['b', 'unsaved'],
    ]);
    expect(selectStatus(client.getSnapshot())).toMatchObject({ pending: 2, state: 'unsaved' });

    harness.server.refuseConnections = false;
    harness.goOnline();
    await vi.waitFor(() =>
      expect(states(client)).toEqual([
        ['a', 'sync'],
        ['b', 'sync'],
      ]),
    );
    expect(thing(client, 'a')).toEqual({ name: 'A2' });
  });

  it('says loading only while nothing is cached and the server may still answer', async () => {
    harness = createSyncHarness();
    harness.server.refuseConnections = true;
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(client.getSnapshot().ready).toBe(true));
    await vi.waitFor(() => expect(client.getSnapshot().connection).toBe('offline'));
    expect(selectQuery(client.getSnapshot(), THINGS_QUERY, KEY).loading).toBe(false);
    harness.server.refuseConnections = false;
    harness.server.ignoreSubscribes = true;
    harness.scheduler.advance(await reconnectDelay());
    await online(client);
    await vi.waitFor(() => expect(harness.server.messagesOfType('subscribe')).toHaveLength(1));
    expect(selectQuery(client.getSnapshot(), THINGS_QUERY, KEY).loading).toBe(true);

    harness.server.ignoreSubscribes = false;
    harness.server.disconnectAll();
    harness.scheduler.advance(await reconnectDelay());
    await vi.waitFor(() => expect(client.getSnapshot().queries.get(KEY)?.fetched).toBe(true));
    expect(selectQuery(client.getSnapshot(), THINGS_QUERY, KEY).loading).toBe(false);
  });

  it('uploads files before pushing the command that refers to them', async () => {
    harness = createSyncHarness();
    const uploads: string[][] = [];
    let fail = true;
    const client = harness.client({
      uploadFiles: (fileIds) => {
        uploads.push(fileIds);
        return fail ? Promise.reject(new Error('offline')) : Promise.resolve();
      },
    });
    await online(client);
    await client.command('thing.put', { id: 'p', data: { photo: 'f1' } }, { fileIds: ['f1'] });
    await client.command('thing.put', { id: 'q', data: {} });
    await vi.waitFor(() => expect(uploads).toEqual([['f1']]));
    const delay = await reconnectDelay();
    expect(harness.server.messagesOfType('push')).toHaveLength(0);

    fail = false;
    harness.scheduler.advance(delay);
    await vi.waitFor(() => expect(client.getSnapshot().pending).toBe(0));
    expect(uploads).toEqual([['f1'], ['f1']]);
    const pushed = harness.server.messagesOfType('push').flatMap((push) => push.mutations);
    expect(pushed.map((mutation) => mutation.mutationId)).toEqual([1, 2]);
  });

  it("uploads the next entries' files beside the current one when the server has their documents", async () => {
    harness = createSyncHarness();
    harness.server.write('things', 'a', { n: 1 });
    // Like the real uploader: one request per file, shared by overlapping calls.
    const started: string[] = [];
    const gates = new Map<string, () => void>();
    const running = new Map<string, Promise<void>>();
    const upload = (fileId: string) => {
      let request = running.get(fileId);
      if (!request) {
        started.push(fileId);
        request = new Promise<void>((resolve) => gates.set(fileId, resolve));
        running.set(fileId, request);
      }
      return request;
    };
    const client = harness.client({
      uploadFiles: (fileIds) => Promise.all(fileIds.map(upload)).then(() => undefined),
    });
    client.watch(THINGS_QUERY);
    await online(client);
    await vi.waitFor(() => expect(client.getSnapshot().view.isConfirmed('things/a')).toBe(true));

    harness.server.holdPushes = true;
    // 1 and 3 change documents created here (not on the server yet); 2 one the server has.
    await client.command('thing.put', { id: 'p', data: {} }, { fileIds: ['f1'] });
    await client.command('thing.put', { id: 'a', data: { n: 2 } }, { fileIds: ['f2'] });
    await client.command('thing.put', { id: 'q', data: {} }, { fileIds: ['f3'] });
    await vi.waitFor(() => expect(started).toEqual(['f1', 'f2']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual(['f1', 'f2']);

    // The commands keep their order: 2 waits for 1, 3 is uploaded in its turn.
    harness.server.releasePushes();
    harness.server.holdPushes = false;
    gates.get('f2')!();
    gates.get('f1')!();
    await vi.waitFor(() => expect(started).toContain('f3'));
    gates.get('f3')!();
    await vi.waitFor(() => expect(client.getSnapshot().pending).toBe(0));
    const pushed = harness.server.messagesOfType('push').flatMap((push) => push.mutations);
    expect(pushed.map((mutation) => mutation.mutationId)).toEqual([1, 2, 3]);
  });
});

describe('SyncClient tabs (Web Locks)', () => {
  it('lets one tab hold the socket; the other writes through the replica', async () => {
    harness = createSyncHarness({ clientRoles: ['admin'], serverRoles: ['user'] });
    const locks = new FakeLockManager();
    const followerRejections: unknown[] = [];
    const leader = harness.client({ locks, lockScope: 'p1' });
    await online(leader);
    const follower = harness.client({
      locks,
      lockScope: 'p1',
      onReject: (rejection) => followerRejections.push(rejection),
    });
    await vi.waitFor(() => expect(follower.getSnapshot().connection).toBe('online'));
    expect(leader.isLeader).toBe(true);
    expect(follower.isLeader).toBe(false);
    expect(harness.server.connectionAttempts).toBe(1);

    follower.watch(THINGS_QUERY);
    harness.server.write('things', 'a', { n: 1 });
    await vi.waitFor(() => expect(thing(follower, 'a')).toEqual({ n: 1 }));

    const ok = await follower.command('thing.put', { id: 'b', data: { n: 2 } });
    await expect(ok.confirmed).resolves.toEqual({ ok: true });
    expect(harness.server.documents.get('things/b')?.data).toEqual({ n: 2 });

    const refused = await follower.command('thing.adminPut', { id: 'c', data: {} });
    await expect(refused.confirmed).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    expect(followerRejections).toHaveLength(1);
    expect(harness.rejections).toHaveLength(0);

    // The leader goes away: the follower takes over the socket and its subscriptions.
    await leader.stop();
    await vi.waitFor(() => expect(follower.isLeader).toBe(true));
    await vi.waitFor(() => expect(harness.server.connectionAttempts).toBe(2));
    harness.server.write('things', 'a', { n: 3 });
    await vi.waitFor(() => expect(thing(follower, 'a')).toEqual({ n: 3 }));
  });

  it('reports the rejection of a command whose tab is gone from the leader', async () => {
    harness = createSyncHarness({ clientRoles: ['admin'], serverRoles: ['user'] });
    const locks = new FakeLockManager();
    harness.server.refuseConnections = true;
    const closedTab = harness.client({ locks, lockScope: 'p1', onReject: () => undefined });
    await closedTab.command('thing.adminPut', { id: 'c', data: {} });
    await closedTab.stop();

    harness.server.refuseConnections = false;
    const leader = harness.client({ locks, lockScope: 'p1' });
    await online(leader);
    await vi.waitFor(() => expect(leader.getSnapshot().pending).toBe(0));
    harness.scheduler.advance(5000);
    await vi.waitFor(() =>
      expect(harness.rejections).toEqual([expect.objectContaining({ code: 'forbidden' })]),
    );
  });
});
