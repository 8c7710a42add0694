import { afterEach, describe, expect, it, vi } from 'vitest';
import { THINGS_QUERY, createSyncHarness, thing } from './sync-test-harness';
import type { SyncClient } from './sync-client';
import { TEST_REGISTRY } from './test-commands';

let harness: ReturnType<typeof createSyncHarness>;

afterEach(async () => {
  await harness.stopAll();
});

async function online(client: SyncClient) {
  await vi.waitFor(() => expect(client.getSnapshot().connection).toBe('online'));
}

describe('SyncClient commands', () => {
  it('applies a command at once, and keeps its effect once the server acked it', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await online(client);
    harness.server.holdPushes = true;

    const outcome = await client.command('thing.put', { id: 't1', data: { name: 'A' } });
    expect(outcome.local.ok).toBe(true);
    expect(thing(client, 't1')).toEqual({ name: 'A' });
    expect(client.getSnapshot().pending).toBe(1);
    expect(client.getSnapshot().view.pendingKeys.has('things/t1')).toBe(true);

    harness.server.releasePushes();
    await expect(outcome.confirmed).resolves.toEqual({ ok: true });
    // The delta came before the ack: the confirmed store already holds the effect.
    expect(client.getSnapshot().view.confirmed.byKey.get('things/t1')?.version).toBe(1);
    await vi.waitFor(() => expect(client.getSnapshot().pending).toBe(0));
    expect(thing(client, 't1')).toEqual({ name: 'A' });
  });

  it('rolls a rejected command back and reports it', async () => {
    harness = createSyncHarness({ clientRoles: ['admin'], serverRoles: ['user'] });
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await online(client);
    harness.server.holdPushes = true;

    const outcome = await client.command('thing.adminPut', { id: 't1', data: { name: 'A' } });
    expect(thing(client, 't1')).toEqual({ name: 'A' });
    harness.server.releasePushes();

    const confirmed = await outcome.confirmed;
    expect(confirmed).toMatchObject({
      ok: false,
      code: 'forbidden',
      detail: { key: 'command.forbidden' },
    });
    await vi.waitFor(() => expect(thing(client, 't1')).toBeUndefined());
    expect(harness.rejections).toEqual([
      expect.objectContaining({ name: 'thing.adminPut', code: 'forbidden' }),
    ]);
    expect(client.getSnapshot().pending).toBe(0);
  });

  it('queues nothing for a command that fails locally, and settles a no-op at once', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    await client.start();

    const missing = await client.command('thing.increment', { id: 'nope' });
    expect(missing.local).toMatchObject({ ok: false, error: { code: 'not_found' } });
    await expect(missing.confirmed).resolves.toMatchObject({ ok: false, code: 'not_found' });

    const invalid = await client.command('thing.put', { id: '' });
    expect(invalid.local).toMatchObject({ ok: false, error: { code: 'invalid_args' } });

    const noop = await client.command('thing.noop', {});
    expect(noop.local).toMatchObject({ ok: true, unchanged: true });
    await expect(noop.confirmed).resolves.toEqual({ ok: true });

    const huge = await client.command('thing.put', {
      id: 'x',
      data: { text: 'x'.repeat(300_000) },
    });
    expect(huge.local.ok).toBe(false);

    expect(await harness.openDb().outbox.count()).toBe(0);
    expect(client.getSnapshot().pending).toBe(0);
  });

  it('keeps the outbox across a reload and pushes it after reconnecting', async () => {
    harness = createSyncHarness();
    harness.server.refuseConnections = true;
    const first = harness.client();
    await first.command('thing.put', { id: 't1', data: { n: 1 } });
    await first.command('thing.put', { id: 't2', data: { n: 2 } });
    await first.stop();

    const reloaded = harness.client();
    reloaded.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(reloaded.getSnapshot().ready).toBe(true));
    expect(thing(reloaded, 't2')).toEqual({ n: 2 });
    expect(reloaded.getSnapshot().pending).toBe(2);
    expect(harness.server.messagesOfType('push')).toHaveLength(0);

    harness.server.refuseConnections = false;
    await vi.waitFor(() => expect(harness.scheduler.delays()[0]).toBe(500));
    harness.scheduler.advance(500);
    await vi.waitFor(() => expect(harness.server.documents.size).toBe(2));
    await vi.waitFor(() => expect(reloaded.getSnapshot().pending).toBe(0));
    const pushed = harness.server.messagesOfType('push').flatMap((push) => push.mutations);
    expect(pushed.map((mutation) => mutation.mutationId)).toEqual([1, 2]);
    expect(thing(reloaded, 't1')).toEqual({ n: 1 });
  });

  it('loads its commands only when it runs one or has queued ones to show', async () => {
    harness = createSyncHarness();
    harness.server.refuseConnections = true;
    const loads = vi.fn(async () => TEST_REGISTRY);
    const reader = harness.client({ registry: loads });
    await vi.waitFor(() => expect(reader.getSnapshot().ready).toBe(true));
    expect(loads).not.toHaveBeenCalled();

    await reader.command('thing.put', { id: 't1', data: { n: 1 } });
    expect(thing(reader, 't1')).toEqual({ n: 1 });
    await reader.command('thing.put', { id: 't1', data: { n: 2 } });
    expect(loads).toHaveBeenCalledTimes(1);
    await reader.stop();

    // A reload with a queued command: the first view it shows already replays it.
    let release: () => void = () => undefined;
    const slow = vi.fn(
      () =>
        new Promise<typeof TEST_REGISTRY>((resolve) => {
          release = () => resolve(TEST_REGISTRY);
        }),
    );
    const reloaded = harness.client({ registry: slow });
    reloaded.watch(THINGS_QUERY);
    await vi.waitFor(() => expect(slow).toHaveBeenCalledTimes(1));
    expect(reloaded.getSnapshot().ready).toBe(false);
    release();
    await vi.waitFor(() => expect(reloaded.getSnapshot().ready).toBe(true));
    expect(thing(reloaded, 't1')).toEqual({ n: 2 });
    expect(reloaded.getSnapshot().pending).toBe(2);
  });

  it('drops outbox entries up to welcome.lastMutationId (an ack that got lost)', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    await online(client);
    harness.server.loseAcks = true;
    const outcome = await client.command('thing.put', { id: 't1', data: { n: 1 } });
    await vi.waitFor(() => expect(client.getSnapshot().connection).toBe('offline'));
    expect(harness.server.documents.size).toBe(1);
    expect(client.getSnapshot().pending).toBe(1);

    harness.server.loseAcks = false;
    harness.scheduler.advance(500);
    await expect(outcome.confirmed).resolves.toEqual({ ok: true });
    expect(client.getSnapshot().pending).toBe(0);
    // Dropped on welcome: not pushed a second time.
    expect(harness.server.messagesOfType('push')).toHaveLength(1);

    // Later commands continue after the dropped id.
    await client.command('thing.put', { id: 't2', data: { n: 2 } });
    await vi.waitFor(() => expect(harness.server.documents.size).toBe(2));
    expect(harness.server.lastMutation.values().next().value).toBe(2);
  });

  it('keeps an applied command shown until the query showing it is answered after a reload', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await online(client);
    harness.server.loseAcks = true;
    const outcome = await client.command('thing.put', { id: 't1', data: { n: 1 } });
    await vi.waitFor(() => expect(client.getSnapshot().connection).toBe('offline'));

    // Back on a slow server: the welcome says "applied" long before the query's answer.
    harness.server.loseAcks = false;
    harness.server.holdSubscribes = true;
    harness.scheduler.advance(500);
    await expect(outcome.confirmed).resolves.toEqual({ ok: true });
    await online(client);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.getSnapshot().pending).toBe(0);
    expect(thing(client, 't1')).toEqual({ n: 1 });
    expect(await harness.openDb().outbox.count()).toBe(1);

    harness.server.releaseSubscribes();
    await vi.waitFor(async () => expect(await harness.openDb().outbox.count()).toBe(0));
    expect(client.getSnapshot().view.isConfirmed('things/t1')).toBe(true);
    expect(thing(client, 't1')).toEqual({ n: 1 });
    expect(harness.server.messagesOfType('push')).toHaveLength(1);
  });

  it('keeps a command applied before a reload shown until the screen opened after the welcome has its answer', async () => {
    harness = createSyncHarness();
    const first = harness.client();
    await online(first);
    // Applied on the server, but the tab reloads before the ack and before any delta came.
    harness.server.loseAcks = true;
    await first.command('thing.put', { id: 't1', data: { n: 1 } });
    await vi.waitFor(() => expect(first.getSnapshot().connection).toBe('offline'));
    await first.stop();
    harness.server.loseAcks = false;

    // The reloaded tab connects before the screen that shows the document asks for its query
    // (its route is still loading): no shown query waits, yet the effect is not stored yet.
    const reloaded = harness.client();
    await online(reloaded);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(thing(reloaded, 't1')).toEqual({ n: 1 });
    expect(reloaded.getSnapshot().pending).toBe(0);

    harness.server.holdSubscribes = true;
    reloaded.watch(THINGS_QUERY);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(thing(reloaded, 't1')).toEqual({ n: 1 });

    harness.server.releaseSubscribes();
    await vi.waitFor(async () => expect(await harness.openDb().outbox.count()).toBe(0));
    expect(reloaded.getSnapshot().view.isConfirmed('things/t1')).toBe(true);
    expect(thing(reloaded, 't1')).toEqual({ n: 1 });
    expect(harness.server.messagesOfType('push')).toHaveLength(1);
  });

  it('keeps an acked command shown while the query showing it waits for its first answer', async () => {
    harness = createSyncHarness();
    harness.server.holdSubscribes = true;
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await online(client);

    const outcome = await client.command('thing.put', { id: 't1', data: { n: 1 } });
    await expect(outcome.confirmed).resolves.toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.getSnapshot().pending).toBe(0);
    expect(client.getSnapshot().view.pendingKeys.has('things/t1')).toBe(false);
    expect(thing(client, 't1')).toEqual({ n: 1 });

    harness.server.releaseSubscribes();
    await vi.waitFor(async () => expect(await harness.openDb().outbox.count()).toBe(0));
    expect(thing(client, 't1')).toEqual({ n: 1 });
  });

  it('keeps an acked command shown when the screen that showed it was left before its delta', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    const unwatch = client.watch(THINGS_QUERY);
    await online(client);
    harness.server.holdPushes = true;
    const outcome = await client.command('thing.put', { id: 't1', data: { n: 1 } });
    // The auditor saves and opens the camera at once: the list's query goes before the ack.
    unwatch();
    await vi.waitFor(() => expect(harness.server.messagesOfType('unsubscribe')).toHaveLength(1));
    harness.server.releasePushes();
    await expect(outcome.confirmed).resolves.toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.getSnapshot().pending).toBe(0);
    expect(thing(client, 't1')).toEqual({ n: 1 });
    expect(await harness.openDb().outbox.count()).toBe(1);

    // Back on the list: its answer brings the document, and the entry goes.
    client.watch(THINGS_QUERY);
    await vi.waitFor(async () => expect(await harness.openDb().outbox.count()).toBe(0));
    expect(client.getSnapshot().view.isConfirmed('things/t1')).toBe(true);
    expect(thing(client, 't1')).toEqual({ n: 1 });
  });

  it('reports a rejection lost with the socket although a later command was applied', async () => {
    harness = createSyncHarness({ clientRoles: ['admin'], serverRoles: ['user'] });
    harness.server.refuseConnections = true;
    const client = harness.client();
    const refused = await client.command('thing.adminPut', { id: 'x', data: {} });
    const applied = await client.command('thing.put', { id: 'y', data: { n: 1 } });

    // Both go in one push: the reject of the first and the ack of the second are lost.
    harness.server.refuseConnections = false;
    harness.server.loseRejects = true;
    harness.server.loseAcks = true;
    harness.scheduler.advance(500);
    await vi.waitFor(() => expect(harness.server.documents.has('things/y')).toBe(true));
    await vi.waitFor(() => expect(client.getSnapshot().connection).toBe('offline'));

    // The next welcome says 2 was applied and repeats the rejection of 1.
    harness.server.loseRejects = false;
    harness.server.loseAcks = false;
    harness.scheduler.advance(500);
    await expect(refused.confirmed).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    await expect(applied.confirmed).resolves.toEqual({ ok: true });
    expect(harness.rejections).toEqual([expect.objectContaining({ code: 'forbidden' })]);
    expect(client.getSnapshot().pending).toBe(0);
    expect(harness.server.messagesOfType('push')).toHaveLength(1);
  });

  it('is replay-safe: a command pushed twice is applied once', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await online(client);
    harness.server.write('things', 'c', { count: 0 });
    await vi.waitFor(() => expect(thing(client, 'c')).toEqual({ count: 0 }));

    // Applied, but the socket dies before the ack; the next welcome does not tell, so the
    // client pushes the command again and the server must not apply it twice.
    harness.server.loseAcks = true;
    const outcome = await client.command('thing.increment', { id: 'c' });
    await vi.waitFor(() => expect(client.getSnapshot().connection).toBe('offline'));
    harness.server.loseAcks = false;
    harness.server.welcomeWithoutLastMutation = true;
    harness.scheduler.advance(500);
    await expect(outcome.confirmed).resolves.toEqual({ ok: true });
    expect(harness.server.messagesOfType('push')).toHaveLength(2);
    expect(harness.server.documents.get('things/c')?.data).toEqual({ count: 1 });
    await vi.waitFor(() => expect(thing(client, 'c')).toEqual({ count: 1 }));
  });

  it('re-runs pending commands on the new server state (rebase)', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    client.watch(THINGS_QUERY);
    await online(client);
    harness.server.write('things', 'c', { count: 10, name: 'x' });
    await vi.waitFor(() => expect(thing(client, 'c')).toEqual({ count: 10, name: 'x' }));
    harness.server.holdPushes = true;

    await client.command('thing.increment', { id: 'c' });
    expect(thing(client, 'c')).toEqual({ count: 11, name: 'x' });
    // Someone else changes the document meanwhile: the pending increment lands on top.
    harness.server.write('things', 'c', { count: 20, name: 'y' });
    await vi.waitFor(() => expect(thing(client, 'c')).toEqual({ count: 21, name: 'y' }));

    // A deletion on the server makes the pending command fail locally: it leaves the view but
    // stays queued (the server decides).
    harness.server.write('things', 'c', null);
    await vi.waitFor(() => expect(thing(client, 'c')).toBeUndefined());
    expect(client.getSnapshot().pending).toBe(1);
    expect(client.getSnapshot().view.failed).toEqual([1]);
  });

  it('creates ids from the client id and mutation id, the same on every re-run', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    client.watch(THINGS_QUERY);
    const clientId = await client.start();
    await online(client);
    harness.server.holdPushes = true;
    await client.command('thing.create', { name: 'new' });
    const id = `${clientId}-1-1`;
    expect(thing(client, id)).toEqual({ name: 'new' });
    harness.server.releasePushes();
    await vi.waitFor(() => expect(client.getSnapshot().pending).toBe(0));
    expect(harness.server.documents.has(`things/${id}`)).toBe(true);
    expect(thing(client, id)).toEqual({ name: 'new' });
  });
});
