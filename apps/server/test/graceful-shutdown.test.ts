import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ReplicatedDocument, ServerMessage } from '@qa/sync';
import { afterAll, expect, it } from 'vitest';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect } from './support/dialects';
import { createTestDatabase, type TestDatabase } from './support/pg-database';
import { runServer, type RunningServer } from './support/server-process';
import { SyncSocket } from './support/sync-socket';

const ADMIN = { email: 'admin@example.com', password: 'shutdown-password-1' };
const CLIENTS = 10;
const MUTATIONS = 20;
/** Pushes a client has sent without an answer yet, like a busy browser's outbox. */
const WINDOW = 4;
/** SIGTERM goes out once this many commands are acknowledged: the rest are still coming. */
const ACKED_BEFORE_SIGTERM = 60;

/** One browser: its id, its outbox (mutation ids 1..MUTATIONS) and what the server acked. */
interface Client {
  id: string;
  /** Lower-case letters and digits: what an autocompletion list id may be. */
  listPrefix: string;
  acked: Set<number>;
  nextToSend: number;
}

const listId = (client: Client, mutationId: number) => `${client.listPrefix}m${mutationId}`;

function mutation(client: Client, mutationId: number) {
  return {
    mutationId,
    clientId: client.id,
    name: 'autocompletion.save',
    args: { id: listId(client, mutationId), title: `List ${mutationId}`, data: [] },
  };
}

/** Sockets of one signed-in session (signing in ten times in a row trips the rate limit). */
async function connectAll(server: RunningServer, count: number): Promise<SyncSocket[]> {
  const jar = new CookieJar();
  const signIn = await jar.json(`${server.url}/api/auth/sign-in/email`, ADMIN);
  expect(signIn.status).toBe(200);
  const cookie = jar.cookieHeader(new URL(server.url));
  return Promise.all(Array.from({ length: count }, () => SyncSocket.open(server, { cookie })));
}

/** Every document of a collection, read as a client does (a snapshot, all its chunks). */
async function snapshot(socket: SyncSocket, collection: string): Promise<ReplicatedDocument[]> {
  const subscriptionId = `all-${collection}`;
  socket.send({ type: 'subscribe', subscriptionId, query: { collection, filters: [] } });
  const documents: ReplicatedDocument[] = [];
  for (;;) {
    const chunk = await socket.next('snapshot', (m) => m.subscriptionId === subscriptionId);
    documents.push(...chunk.documents);
    if (chunk.final) return documents;
  }
}

describeEachDialect('graceful shutdown', (dialect) => {
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  let database: TestDatabase | null = null;

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
    await database?.drop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it(
    'SIGTERM during 200 commands: acked ones are durable, sockets close with 1012, resends land once',
    { timeout: 90_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qa-shutdown-'));
      dirs.push(dataDir);
      if (dialect === 'postgres') database = await createTestDatabase();
      const env = {
        DATA_DIR: dataDir,
        INITIAL_ADMIN_EMAIL: ADMIN.email,
        INITIAL_ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        ...(database ? { DATABASE_URL: database.url } : {}),
      };
      const first = await runServer(env);
      servers.push(first);

      const clients: Client[] = Array.from({ length: CLIENTS }, (_, i) => ({
        id: `shutdown-${dialect}-${i}`,
        listPrefix: `shutdown${dialect}${i}`,
        acked: new Set<number>(),
        nextToSend: 1,
      }));
      const sockets = await connectAll(first, CLIENTS);
      await Promise.all(sockets.map((socket, i) => socket.hello(clients[i]!.id)));

      // Each client keeps WINDOW pushes in flight and goes on sending after SIGTERM, so pushes
      // arrive before, while and after the server drains.
      let sigtermSent = false;
      const totalAcked = () => clients.reduce((n, client) => n + client.acked.size, 0);
      const pump = (client: Client, socket: SyncSocket) => {
        while (
          client.nextToSend <= MUTATIONS &&
          client.nextToSend - 1 - client.acked.size < WINDOW &&
          socket.ws.readyState === socket.ws.OPEN
        ) {
          socket.send({ type: 'push', mutations: [mutation(client, client.nextToSend)] });
          client.nextToSend += 1;
        }
      };
      clients.forEach((client, i) => {
        const socket = sockets[i]!;
        socket.ws.on('message', (data) => {
          const message = JSON.parse(String(data)) as ServerMessage;
          if (message.type === 'reject' || message.type === 'error') {
            throw new Error(`unexpected answer: ${String(data)}`);
          }
          if (message.type !== 'ack') return;
          client.acked.add(message.mutationId);
          if (!sigtermSent && totalAcked() >= ACKED_BEFORE_SIGTERM) {
            sigtermSent = true;
            first.child.kill('SIGTERM');
          }
          pump(client, socket);
        });
        pump(client, socket);
      });

      const closeCodes = await Promise.all(sockets.map((socket) => socket.closed()));
      expect(await first.exited).toBe(0);
      // 1012 "service restart": reconnect at once, possibly to another instance.
      expect(closeCodes).toEqual(clients.map(() => 1012));
      expect(first.output().stderr).toBe('');

      // The restarted server has every acknowledged command.
      const second = await runServer(env);
      servers.push(second);
      const reconnected = await connectAll(second, CLIENTS);
      const welcomes = await Promise.all(
        reconnected.map((socket, i) => socket.hello(clients[i]!.id)),
      );
      const stored = new Set(
        (await snapshot(reconnected[0]!, 'autocompletion')).map((document) => document.id),
      );
      clients.forEach((client, i) => {
        for (const mutationId of client.acked) {
          expect(stored).toContain(listId(client, mutationId));
          expect(welcomes[i]!.lastMutationId).toBeGreaterThanOrEqual(mutationId);
        }
      });

      // Each client resends its whole unacknowledged outbox (some of it may have been applied
      // without the ack reaching the client: the server recognises those as replays).
      await Promise.all(
        clients.map(async (client, i) => {
          const socket = reconnected[i]!;
          const unacked: number[] = [];
          for (let id = 1; id <= MUTATIONS; id += 1) if (!client.acked.has(id)) unacked.push(id);
          if (unacked.length === 0) return;
          socket.send({ type: 'push', mutations: unacked.map((id) => mutation(client, id)) });
          for (const id of unacked) {
            await socket.next('ack', (m) => m.mutationId === id, 15_000);
          }
        }),
      );

      const lists = (await snapshot(reconnected[1]!, 'autocompletion')).filter((document) =>
        document.id.startsWith(`shutdown${dialect}`),
      );
      expect(lists).toHaveLength(CLIENTS * MUTATIONS);
      // Version 1 each: no command was applied twice.
      expect(lists.every((document) => document.version === 1)).toBe(true);
      for (const socket of reconnected) socket.close();
    },
  );
});
