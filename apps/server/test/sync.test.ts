import { CONFIG_SEGMENTS, DEFAULT_CONFIGURATION } from '@qa/domain';
import { MAX_WELCOME_REJECTIONS, SYNC_PROTOCOL_VERSION } from '@qa/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDialect } from './support/dialects';
import { signedInCookie, SyncSocket } from './support/sync-socket';
import { startApp, type TestApp } from './support/start-app';

const everything = (collection: string) => ({ collection, filters: [] });
let clientCounter = 0;
const newClientId = () => `client-${Date.now()}-${++clientCounter}`;

function listArgs(id: string, title: string, names: string[] = ['A']) {
  return { id, title, data: names.map((name, i) => ({ id: `e${i}`, name })) };
}

describeEachDialect('sync over /api/v1/sync', (dialect) => {
  let app: TestApp;
  let admin: { cookie: string; personId: string };
  let auditor: { cookie: string; personId: string };
  const sockets: SyncSocket[] = [];

  async function connect(cookie: string, clientId = newClientId()) {
    const socket = await SyncSocket.open(app, { cookie });
    sockets.push(socket);
    const welcome = await socket.hello(clientId);
    return { socket, clientId, welcome };
  }

  beforeAll(async () => {
    app = await startApp({ dialect });
    admin = await signedInCookie(app, { email: 'admin.sync@example.com', roles: ['admin'] });
    auditor = await signedInCookie(app, { email: 'auditor.sync@example.com', roles: ['auditor'] });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.stop();
  });

  it('refuses a connection without a session and one from a foreign origin', async () => {
    const anonymous = await SyncSocket.open(app);
    await expect(anonymous.next('error')).resolves.toMatchObject({ code: 'unauthorized' });
    await expect(anonymous.closed()).resolves.toBe(4401);

    await expect(
      SyncSocket.open(app, { cookie: admin.cookie, origin: 'https://evil.example' }),
    ).rejects.toThrow(/403/);
  });

  it('seeds the default configuration once and sends it as a snapshot', async () => {
    const { socket } = await connect(auditor.cookie);
    socket.send({
      type: 'subscribe',
      subscriptionId: 'config',
      query: everything('configuration'),
    });
    const snapshot = await socket.next('snapshot');
    expect(snapshot.documents.map((doc) => doc.id).sort()).toEqual([...CONFIG_SEGMENTS].sort());
    const app = snapshot.documents.find((doc) => doc.id === 'app');
    expect(app).toMatchObject({ version: 1, deleted: false, data: DEFAULT_CONFIGURATION.app });
  });

  it('applies a command, delivers deltas before the ack and to other subscribers, with an activity', async () => {
    const writer = await connect(admin.cookie);
    const reader = await connect(auditor.cookie);
    for (const { socket } of [writer, reader]) {
      socket.send({
        type: 'subscribe',
        subscriptionId: 'lists',
        query: everything('autocompletion'),
      });
      await socket.next('snapshot');
    }
    reader.socket.send({
      type: 'subscribe',
      subscriptionId: 'act',
      query: everything('activities'),
    });
    await reader.socket.next('snapshot');

    writer.socket.send({
      type: 'push',
      mutations: [
        {
          mutationId: 1,
          clientId: writer.clientId,
          name: 'autocompletion.save',
          args: listArgs('parts', 'Teile', ['Schraube', 'Mutter']),
        },
      ],
    });
    const ack = await writer.socket.next('ack');
    expect(ack.sequence).toBeGreaterThan(0);
    // The writer's delta came first: it was received before the ack.
    const own = writer.socket.received.find((m) => m.type === 'delta');
    expect(own).toBeDefined();
    const delta = await reader.socket.next('delta', (m) => m.subscriptionId === 'lists');
    expect(delta.changes).toEqual([
      expect.objectContaining({
        collection: 'autocompletion',
        id: 'parts',
        version: 1,
        data: {
          title: 'Teile',
          data: [
            { id: 'e0', name: 'Schraube' },
            { id: 'e1', name: 'Mutter' },
          ],
        },
      }),
    ]);
    const activity = await reader.socket.next('delta', (m) => m.subscriptionId === 'act');
    expect(activity.changes[0]?.data).toMatchObject({
      actor: admin.personId,
      verb: 'updated',
      object: 'Teile',
      object_url: '/customerdata',
    });
  });

  it('applies a replayed mutation once and reports it in welcome', async () => {
    const { socket, clientId } = await connect(admin.cookie);
    const push = {
      type: 'push' as const,
      mutations: [
        {
          mutationId: 7,
          clientId,
          name: 'autocompletion.save',
          args: listArgs('replay', 'Replay'),
        },
      ],
    };
    socket.send(push);
    const first = await socket.next('ack');
    expect(first.sequence).toBeDefined();
    const before = await app.server.sync.documents.lastSequence();

    socket.send(push);
    const second = await socket.next('ack');
    expect(second).toEqual({ type: 'ack', v: SYNC_PROTOCOL_VERSION, mutationId: 7 });
    expect(await app.server.sync.documents.lastSequence()).toBe(before);
    const [doc] = await app.server.sync.documents.findMany([
      { collection: 'autocompletion', id: 'replay' },
    ]);
    expect(doc?.version).toBe(1);

    // The same list again changes nothing: the client's last write is still mutation 7's.
    socket.send({ ...push, mutations: [{ ...push.mutations[0]!, mutationId: 8 }] });
    expect(await socket.next('ack')).toEqual({
      type: 'ack',
      v: SYNC_PROTOCOL_VERSION,
      mutationId: 8,
    });

    socket.close();
    const again = await connect(admin.cookie, clientId);
    expect(again.welcome.lastMutationId).toBe(8);
    // So a reloaded tab keeps showing the effect until its replica holds that change.
    expect(again.welcome.lastSequence).toBe(first.sequence);
  });

  it("repeats a client's rejections in its next welcomes, to that person only", async () => {
    const { socket, clientId, welcome } = await connect(admin.cookie);
    expect(welcome.rejections).toBeUndefined();
    socket.send({
      type: 'push',
      mutations: [
        { mutationId: 1, clientId, name: 'autocompletion.save', args: listArgs('Bad Id', 'X') },
        { mutationId: 2, clientId, name: 'autocompletion.save', args: listArgs('kept', 'Kept') },
      ],
    });
    const reject = await socket.next('reject');
    await socket.next('ack');
    socket.close();

    // The reject might have been lost with the socket: the next welcome repeats it.
    const again = await connect(admin.cookie, clientId);
    expect(again.welcome.lastMutationId).toBe(2);
    const { type: _type, v: _v, ...repeated } = reject;
    expect(again.welcome.rejections).toEqual([repeated]);

    // Someone else presenting the same client id hears nothing of it.
    const stranger = await connect(auditor.cookie, clientId);
    expect(stranger.welcome.lastMutationId).toBe(0);
    expect(stranger.welcome.lastSequence).toBeUndefined();
    expect(stranger.welcome.rejections).toBeUndefined();
  });

  it('keeps only the latest rejections of a client', async () => {
    const { socket, clientId } = await connect(admin.cookie);
    const count = MAX_WELCOME_REJECTIONS + 3;
    socket.send({
      type: 'push',
      mutations: Array.from({ length: count }, (_, index) => ({
        mutationId: index + 1,
        clientId,
        name: 'autocompletion.save',
        args: listArgs('Bad Id', 'X'),
      })),
    });
    for (let n = 0; n < count; n += 1) await socket.next('reject');
    socket.close();
    const again = await connect(admin.cookie, clientId);
    const ids = again.welcome.rejections?.map((rejection) => rejection.mutationId);
    expect(ids).toHaveLength(MAX_WELCOME_REJECTIONS);
    expect(ids?.[0]).toBe(4);
    expect(ids?.at(-1)).toBe(count);
  });

  it('rejects with a typed code and leaves no trace', async () => {
    const { socket, clientId } = await connect(admin.cookie);
    const before = await app.server.sync.documents.lastSequence();
    socket.send({
      type: 'push',
      mutations: [
        {
          mutationId: 1,
          clientId,
          name: 'configuration.update',
          args: { segment: 'app', data: { pageSizes: 'x' } },
        },
        { mutationId: 2, clientId, name: 'autocompletion.save', args: listArgs('Bad Id', 'T') },
        { mutationId: 3, clientId, name: 'no.suchCommand', args: {} },
        { mutationId: 4, clientId, name: 'autocompletion.save', args: { id: 3 } },
        {
          mutationId: 5,
          clientId: 'someone-else',
          name: 'autocompletion.save',
          args: listArgs('x', 'x'),
        },
      ],
    });
    const codes = [];
    for (let id = 1; id <= 5; id += 1) {
      const reject = await socket.next('reject', (m) => m.mutationId === id);
      codes.push(reject.code);
      if (id === 2) {
        expect(reject.detail).toMatchObject({ key: 'autocompletion.documentIdInvalid' });
      }
    }
    expect(codes).toEqual(['rule', 'rule', 'unknown_command', 'invalid_args', 'forbidden']);
    expect(await app.server.sync.documents.lastSequence()).toBe(before);
    expect(await app.server.sync.documents.clientMutation(clientId)).toBeNull();
    const [app0] = await app.server.sync.documents.findMany([
      { collection: 'configuration', id: 'app' },
    ]);
    expect(app0?.version).toBe(1);
  });

  it('authorizes commands and subscriptions by role', async () => {
    const { socket, clientId } = await connect(auditor.cookie);
    socket.send({
      type: 'push',
      mutations: [
        {
          mutationId: 1,
          clientId,
          name: 'configuration.update',
          args: { segment: 'app', data: DEFAULT_CONFIGURATION.app },
        },
      ],
    });
    await expect(socket.next('reject')).resolves.toMatchObject({
      code: 'forbidden',
      detail: { key: 'command.forbidden' },
    });

    const nobody = await signedInCookie(app, { email: 'noroles.sync@example.com', roles: [] });
    const { socket: plain } = await connect(nobody.cookie);
    plain.send({ type: 'subscribe', subscriptionId: 's', query: everything('configuration') });
    await expect(plain.next('error')).resolves.toMatchObject({
      code: 'forbidden',
      subscriptionId: 's',
    });
    plain.send({ type: 'subscribe', subscriptionId: 't', query: everything('secrets') });
    await expect(plain.next('error')).resolves.toMatchObject({
      code: 'invalid_query',
      subscriptionId: 't',
    });
  });

  it('resumes after a gap with a delta, and with a fresh snapshot once the log was pruned', async () => {
    const watcher = await connect(auditor.cookie);
    const query = {
      collection: 'autocompletion',
      filters: [{ path: ['title'], op: '==' as const, value: 'Gap' }],
    };
    watcher.socket.send({ type: 'subscribe', subscriptionId: 'gap', query });
    const snapshot = await watcher.socket.next('snapshot');
    watcher.socket.close();

    const writer = await connect(admin.cookie);
    writer.socket.send({
      type: 'push',
      mutations: [
        {
          mutationId: 1,
          clientId: writer.clientId,
          name: 'autocompletion.save',
          args: listArgs('gapone', 'Gap'),
        },
        {
          mutationId: 2,
          clientId: writer.clientId,
          name: 'autocompletion.save',
          args: listArgs('gaptwo', 'Other'),
        },
        {
          mutationId: 3,
          clientId: writer.clientId,
          name: 'autocompletion.save',
          args: listArgs('gapone', 'Gap', ['B']),
        },
      ],
    });
    await writer.socket.next('ack', (m) => m.mutationId === 3);

    const back = await connect(auditor.cookie);
    back.socket.send({
      type: 'subscribe',
      subscriptionId: 'gap',
      query,
      resumeFrom: snapshot.sequence,
    });
    const delta = await back.socket.next('delta');
    expect(delta.changes.map((doc) => [doc.id, doc.version])).toEqual([['gapone', 2]]);

    await app.server.sync.documents.pruneThrough(delta.sequence);
    back.socket.send({
      type: 'subscribe',
      subscriptionId: 'gap',
      query,
      resumeFrom: snapshot.sequence,
    });
    await back.socket.next('resync-required');
    const fresh = await back.socket.next('snapshot');
    expect(fresh.documents.map((doc) => doc.id)).toEqual(['gapone']);
  });

  it('answers ping and bad frames without dropping the connection', async () => {
    const { socket } = await connect(auditor.cookie);
    socket.sendRaw('{not json');
    await expect(socket.next('error')).resolves.toMatchObject({ code: 'invalid_message' });
    socket.sendRaw(JSON.stringify({ type: 'ping', v: 99 }));
    await expect(socket.next('error')).resolves.toMatchObject({
      code: 'protocol_version_mismatch',
    });
    await expect(socket.closed()).resolves.toBe(4400);
    const other = await connect(auditor.cookie);
    other.socket.send({ type: 'ping' });
    await expect(other.socket.next('pong')).resolves.toMatchObject({ type: 'pong' });
  });
});

describe('sync connection limits [sqlite]', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({
      dialect: 'sqlite',
      build: { syncLimits: { heartbeatMs: 200 } },
    });
  });
  afterAll(() => app?.stop());

  it('drops a client that stops answering pings', async () => {
    const { cookie } = await signedInCookie(app, { email: 'quiet@example.com', roles: ['user'] });
    const socket = await SyncSocket.open(app, { cookie });
    // ws answers pings by itself; stop that to play a dead peer.
    (socket.ws as unknown as { _autoPong: boolean })._autoPong = false;
    await socket.hello('quiet');
    const code = await socket.closed();
    expect(code).toBe(1006);
    await vi.waitFor(() => expect(app.server.sync.connectionCount()).toBe(0));
  });

  it('drops a slow consumer instead of buffering without bound', async () => {
    // Its own server with a long heartbeat, so only the buffer limit can cut the reader.
    await app.stop();
    app = await startApp({
      dialect: 'sqlite',
      build: { syncLimits: { heartbeatMs: 60_000, maxBufferedBytes: 256 * 1024 } },
    });
    const admin = await signedInCookie(app, { email: 'fast@example.com', roles: ['admin'] });
    const slow = await signedInCookie(app, { email: 'slow@example.com', roles: ['user'] });
    const reader = await SyncSocket.open(app, { cookie: slow.cookie });
    await reader.hello('slow');
    reader.send({ type: 'subscribe', subscriptionId: 'all', query: everything('autocompletion') });
    await reader.next('snapshot');
    // Stop reading from the socket: the kernel buffers fill, then the server's queue grows.
    (reader.ws as unknown as { _socket: { pause(): void } })._socket.pause();

    const writer = await SyncSocket.open(app, { cookie: admin.cookie });
    await writer.hello('fast');
    // Names stay within the entry limit (MAX_NAME_LENGTH, 200): many of them make the size.
    const names = Array.from({ length: 850 }, (_, i) => `entry ${i} ${'x'.repeat(180)}`);
    // 80 lists of about 170 KB: far more than the socket buffers of the loopback take.
    for (let round = 1; round <= 80; round += 1) {
      writer.send({
        type: 'push',
        mutations: [
          {
            mutationId: round,
            clientId: 'fast',
            name: 'autocompletion.save',
            args: listArgs(`big${round}`, `Big ${round}`, names),
          },
        ],
      });
      await writer.next('ack');
    }
    // The slow reader is cut (after the close grace period), the writer stays.
    await vi.waitFor(() => expect(app.server.sync.connectionCount()).toBe(1), { timeout: 5_000 });
    writer.close();
  }, 30_000);
});

describe('sync session re-check [sqlite]', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ dialect: 'sqlite', build: { syncLimits: { sessionCheckMs: 200 } } });
  });
  afterAll(() => app?.stop());

  it('closes a connection whose session was signed out elsewhere, without a push', async () => {
    const { cookie } = await signedInCookie(app, { email: 'leaving@example.com', roles: ['qm'] });
    const socket = await SyncSocket.open(app, { cookie });
    await socket.hello('leaving');
    socket.send({
      type: 'subscribe',
      subscriptionId: 'lists',
      query: everything('autocompletion'),
    });
    await socket.next('snapshot');

    const signOut = await fetch(`${app.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url, cookie },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    await expect(socket.next('error')).resolves.toMatchObject({ code: 'unauthorized' });
    await expect(socket.closed()).resolves.toBe(4401);
  });
});
