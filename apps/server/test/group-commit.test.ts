import type { Person } from '@qa/domain';
import type { JsonValue, Mutation, ServerMessage } from '@qa/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { PushService, type PushOutcome } from '../src/modules/sync/push.service';
import { describeEachDialect } from './support/dialects';
import { ADMIN_EMAIL, startApp, type TestApp } from './support/start-app';
import { signedInCookie, SyncSocket } from './support/sync-socket';

let counter = 0;
/** Client ids and list ids unique in the whole run (lists: lowercase letters and digits). */
const unique = () => `${Date.now().toString(36)}${++counter}`;

const save = (clientId: string, mutationId: number, id: string, title: string): Mutation => ({
  clientId,
  mutationId,
  name: 'autocompletion.save',
  args: { id, title, data: [{ id: 'a', name: 'Eintrag' }] },
});

/** A list the autocompletion rules refuse (an entry without a name): a `rule` rejection. */
const invalidSave = (clientId: string, mutationId: number, id: string): Mutation => ({
  clientId,
  mutationId,
  name: 'autocompletion.save',
  args: { id, title: 'Kaputt', data: [{ id: 'a' }] as JsonValue },
});

describeEachDialect('group commit', (dialect) => {
  let app: TestApp;
  let admin: Person;
  /** The person of the sockets' session. */
  let gc: Person;
  let cookie: string;
  const sockets: SyncSocket[] = [];

  beforeAll(async () => {
    app = await startApp({ dialect });
    admin = (await app.server.people.findByEmail(ADMIN_EMAIL))!;
    ({ cookie } = await signedInCookie(app, { email: 'gc@example.com', roles: ['admin'] }));
    gc = (await app.server.people.findByEmail('gc@example.com'))!;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.stop();
  });

  const push = () => app.server.sync.push;
  const documents = () => app.server.sync.documents;

  async function connect(clientId: string) {
    const socket = await SyncSocket.open(app, { cookie });
    sockets.push(socket);
    await socket.hello(clientId);
    return socket;
  }

  async function changeRowsOf(id: string) {
    const { rows } = await sql<{ seq: number | string; collection: string }>`
      select seq, collection from changes where id = ${id} order by seq`.execute(
      app.server.database.db,
    );
    return rows;
  }

  async function activitiesAbout(title: string) {
    const { rows } = await sql<{ id: string }>`
      select id from documents where collection = 'activities' and data like ${`%"${title}"%`}`.execute(
      app.server.database.db,
    );
    return rows;
  }

  it('applies many concurrent pushes of several clients in few transactions, with consecutive sequences', async () => {
    const lockLog = vi.spyOn(documents(), 'lockLog');
    const before = await documents().lastSequence();
    const clients = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const clientId = `gc-many-${unique()}`;
        return { clientId, list: `gcmany${unique()}`, socket: await connect(clientId) };
      }),
    );
    const perClient = 40;
    // Messages of 1 to 7 mutations, sent by every client without waiting for answers.
    for (const { clientId, list, socket } of clients) {
      let next = 1;
      while (next <= perClient) {
        const size = Math.min(1 + (next % 7), perClient - next + 1);
        const mutations = Array.from({ length: size }, (_, i) =>
          save(clientId, next + i, `${list}n${(next + i) % 5}`, `T ${next + i}`),
        );
        socket.send({ type: 'push', mutations });
        next += size;
      }
    }
    for (const { socket } of clients) {
      const acks: Extract<ServerMessage, { type: 'ack' }>[] = [];
      for (let n = 1; n <= perClient; n += 1) {
        acks.push(await socket.next('ack', (m) => m.mutationId === n, 15_000));
      }
      // Acknowledged in the order pushed, each with the sequence of its last change.
      expect(acks.map((ack) => ack.mutationId)).toEqual(
        Array.from({ length: perClient }, (_, i) => i + 1),
      );
      expect(acks.every((ack) => typeof ack.sequence === 'number')).toBe(true);
      expect(socket.received.filter((m) => m.type === 'reject')).toEqual([]);
    }
    const total = clients.length * perClient;
    const last = await documents().lastSequence();
    // Two documents per command (the list and an activity), sequences without gaps.
    expect(last - before).toBe(2 * total);
    const log = await documents().changesAfter(before, 10_000);
    expect(log.map((change) => change.seq)).toEqual(
      Array.from({ length: 2 * total }, (_, i) => before + i + 1),
    );
    // Batched: far fewer transactions (each takes the log lock once) than commands.
    expect(lockLog.mock.calls.length).toBeLessThan(total / 2);
    lockLog.mockRestore();
  });

  it('rolls back only a rejected command of a batch: no document, change or activity; the others apply', async () => {
    const [a, b, c] = [`gc-rej-${unique()}`, `gc-rej-${unique()}`, `gc-rej-${unique()}`];
    const [good1, bad, good2] = [`gcok${unique()}`, `gcbad${unique()}`, `gcok${unique()}`];
    const lockLog = vi.spyOn(documents(), 'lockLog');
    // Pushed in one tick: one batch.
    const outcomes = await Promise.all([
      push().push(admin, a, save(a, 1, good1, `Gut ${good1}`)),
      push().push(admin, b, invalidSave(b, 1, bad)),
      push().push(admin, c, save(c, 1, good2, `Gut ${good2}`)),
    ]);
    expect(lockLog).toHaveBeenCalledTimes(1);
    lockLog.mockRestore();
    expect(outcomes.map((o) => o.kind)).toEqual(['ack', 'reject', 'ack']);
    expect(outcomes[1]).toMatchObject({ code: 'rule', mutationId: 1 });
    const [first, , third] = outcomes as Extract<PushOutcome, { kind: 'ack' }>[];
    expect(third!.sequence).toBe(first!.sequence! + 2);

    expect(await documents().findMany([{ collection: 'autocompletion', id: bad }])).toEqual([]);
    expect(await changeRowsOf(bad)).toEqual([]);
    expect(await activitiesAbout('Kaputt')).toEqual([]);
    for (const id of [good1, good2]) {
      const [doc] = await documents().findMany([{ collection: 'autocompletion', id }]);
      expect(doc).toMatchObject({ version: 1, data: { title: `Gut ${id}` } });
      expect(await changeRowsOf(id)).toHaveLength(1);
      expect(await activitiesAbout(`Gut ${id}`)).toHaveLength(1);
    }
    // The rejection is kept for the client's welcome; its mutation id is not applied.
    expect(await push().welcomeFor(b, admin)).toMatchObject({
      lastMutationId: 0,
      rejections: [{ mutationId: 1, code: 'rule' }],
    });
    expect((await push().lastMutation(a, admin)).lastMutationId).toBe(1);
  });

  it('fails only the command whose hook throws; its hook writes roll back with it', async () => {
    const tag = unique();
    const table = sql.table('app_meta');
    push().onApplied(async ({ mutation, clientId }) => {
      if (!clientId.startsWith(`gc-hook-${tag}`)) return;
      // Written in the command's savepoint: kept only if the command commits.
      await sql`insert into ${table} (key, value) values (${`gc-${clientId}-${mutation.mutationId}`}, 'x')`.execute(
        app.server.database.db.executor,
      );
      if ((mutation.args as { title: string }).title === 'boom') throw new Error('hook failed');
    });
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `gc-hook-${tag}-${x}`) as [string, string, string];
    const lists = ['x', 'y', 'z', 'w'].map((x) => `gchook${tag}${x}`);
    const results = await Promise.allSettled([
      push().push(admin, a, save(a, 1, lists[0]!, 'fine')),
      push().push(admin, b, save(b, 1, lists[1]!, 'boom')),
      // The same client after its failed command: must not apply before it (the client resends
      // both, and an applied later id would make the failed one look like a replay).
      push().push(admin, b, save(b, 2, lists[3]!, 'after')),
      push().push(admin, c, save(c, 1, lists[2]!, 'fine too')),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(results[1]).toMatchObject({ reason: new Error('hook failed') });
    const found = await documents().findMany(
      lists.map((id) => ({ collection: 'autocompletion', id })),
    );
    expect(found.map((doc) => doc.id).sort()).toEqual([lists[0], lists[2]].sort());
    expect(await changeRowsOf(lists[1]!)).toEqual([]);
    const { rows } = await sql<{
      key: string;
    }>`select key from ${table} where key like ${`gc-gc-hook-${tag}%`} order by key`.execute(
      app.server.database.db,
    );
    expect(rows.map((row) => row.key)).toEqual([`gc-${a}-1`, `gc-${c}-1`]);
    expect((await push().lastMutation(b, admin)).lastMutationId).toBe(0);
    // Resent in order, both apply.
    await expect(push().push(admin, b, save(b, 1, lists[1]!, 'now fine'))).resolves.toMatchObject({
      kind: 'ack',
    });
  });

  it('lets a hook read the documents its command and the batch wrote before it', async () => {
    const tag = unique();
    const list = `gcseen${tag}`;
    const seen: (number | undefined)[] = [];
    push().onApplied(async ({ clientId }) => {
      if (!clientId.startsWith(`gc-seen-${tag}`)) return;
      const [doc] = await documents().findMany([{ collection: 'autocompletion', id: list }]);
      seen.push(doc?.version);
    });
    const [a, b] = [`gc-seen-${tag}-a`, `gc-seen-${tag}-b`];
    await Promise.all([
      push().push(admin, a, save(a, 1, list, 'Eins')),
      push().push(admin, b, save(b, 1, list, 'Zwei')),
    ]);
    expect(seen).toEqual([1, 2]);
  });

  it('ends a batch whose writes grew large and writes the rest in the next one, in order', async () => {
    // A service of its own with a tiny bound: two commands (two documents each) per batch.
    const small = new PushService(documents(), { maxBatchChanges: 3 });
    const clientId = `gc-large-${unique()}`;
    const list = `gclarge${unique()}`;
    const lockLog = vi.spyOn(documents(), 'lockLog');
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        small.push(admin, clientId, save(clientId, i + 1, list, `Gross ${i + 1}`)),
      ),
    );
    expect(lockLog).toHaveBeenCalledTimes(3);
    lockLog.mockRestore();
    const sequences = outcomes.map((o) => (o.kind === 'ack' ? o.sequence! : 0));
    expect(sequences.map((seq) => seq - sequences[0]!)).toEqual([0, 2, 4, 6, 8]);
    const [doc] = await documents().findMany([{ collection: 'autocompletion', id: list }]);
    expect(doc).toMatchObject({ version: 5, data: { title: 'Gross 5' } });
  });

  it('keeps the order of one client inside a batch: each command sees the one before', async () => {
    const clientId = `gc-order-${unique()}`;
    const list = `gcorder${unique()}`;
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        push().push(admin, clientId, save(clientId, i + 1, list, `Titel ${i + 1}`)),
      ),
    );
    expect(outcomes.map((o) => o.kind === 'ack' && o.mutationId)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    const [doc] = await documents().findMany([{ collection: 'autocompletion', id: list }]);
    expect(doc).toMatchObject({ version: 30, data: { title: 'Titel 30' } });
    const versions = (await changeRowsOf(list)).length;
    expect(versions).toBe(30);
    // Sequences increase with the mutation ids.
    const sequences = outcomes.map((o) => (o.kind === 'ack' ? o.sequence! : 0));
    expect([...sequences].sort((x, y) => x - y)).toEqual(sequences);
  });

  it('acknowledges a replay once, in the same batch and later over the socket', async () => {
    const clientId = `gc-replay-${unique()}`;
    const list = `gcreplay${unique()}`;
    const [first, again] = await Promise.all([
      push().push(gc, clientId, save(clientId, 1, list, 'Einmal')),
      push().push(gc, clientId, save(clientId, 1, list, 'Zweimal')),
    ]);
    expect(first).toMatchObject({ kind: 'ack', mutationId: 1 });
    expect((first as { sequence?: number }).sequence).toBeTypeOf('number');
    expect(again).toEqual({ kind: 'ack', mutationId: 1 });
    const socket = await connect(clientId);
    socket.send({ type: 'push', mutations: [save(clientId, 1, list, 'Dreimal')] });
    const ack = await socket.next('ack');
    expect(ack.mutationId).toBe(1);
    expect(ack.sequence).toBeUndefined();
    expect(await changeRowsOf(list)).toHaveLength(1);
    const [doc] = await documents().findMany([{ collection: 'autocompletion', id: list }]);
    expect(doc).toMatchObject({ version: 1, data: { title: 'Einmal' } });
  });

  it('picks the next mutation id under the lock for several pushes in one batch', async () => {
    const clientId = `gc-next-${unique()}`;
    const lists = [`gcnext${unique()}`, `gcnext${unique()}`];
    const outcomes = await Promise.all(
      lists.map((id) =>
        push().push(admin, clientId, save(clientId, 0, id, `Next ${id}`), {
          nextMutationId: true,
        }),
      ),
    );
    expect(outcomes.map((o) => o.mutationId)).toEqual([1, 2]);
    expect((await push().lastMutation(clientId, admin)).lastMutationId).toBe(2);
  });

  it('answers every push of a batch with the error when its transaction fails, and writes nothing', async () => {
    const clientId = `gc-fail-${unique()}`;
    const lists = [`gcfail${unique()}`, `gcfail${unique()}`];
    const setLast = vi
      .spyOn(documents(), 'setLastSequence')
      .mockRejectedValueOnce(new Error('disk gone'));
    const results = await Promise.allSettled(
      lists.map((id, i) => push().push(admin, clientId, save(clientId, i + 1, id, 'Weg'))),
    );
    setLast.mockRestore();
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(
      await documents().findMany(lists.map((id) => ({ collection: 'autocompletion', id }))),
    ).toEqual([]);
    expect((await push().lastMutation(clientId, admin)).lastMutationId).toBe(0);
    // The next push works again.
    await expect(
      push().push(admin, clientId, save(clientId, 1, lists[0]!, 'Da')),
    ).resolves.toMatchObject({ kind: 'ack' });
  });
});
