import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CookieJar } from './support/cookie-jar';
import {
  createTestDatabase,
  REQUIRE_PG,
  TEST_DATABASE_URL,
  type TestDatabase,
} from './support/pg-database';
import { runServer, type RunningServer } from './support/server-process';
import { SyncSocket } from './support/sync-socket';

const ADMIN = { email: 'admin@example.com', password: 'instances-password-1' };
const enabled = Boolean(TEST_DATABASE_URL) || REQUIRE_PG;

let database: TestDatabase;
const dirs: string[] = [];
const servers: RunningServer[] = [];
const sockets: SyncSocket[] = [];

async function connect(server: RunningServer, clientId: string) {
  const jar = new CookieJar();
  const signIn = await jar.json(`${server.url}/api/auth/sign-in/email`, ADMIN);
  expect(signIn.status).toBe(200);
  const socket = await SyncSocket.open(server, { cookie: jar.cookieHeader(new URL(server.url)) });
  sockets.push(socket);
  await socket.hello(clientId);
  return socket;
}

function save(socket: SyncSocket, clientId: string, mutationId: number, id: string, title: string) {
  socket.send({
    type: 'push',
    mutations: [
      { mutationId, clientId, name: 'autocompletion.save', args: { id, title, data: [] } },
    ],
  });
  return socket.next('ack', (m) => m.mutationId === mutationId);
}

beforeAll(async () => {
  if (!enabled) return;
  database = await createTestDatabase();
  for (let i = 0; i < 2; i += 1) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'qa-instance-'));
    dirs.push(dir);
    servers.push(
      await runServer({
        DATA_DIR: dir,
        DATABASE_URL: database.url,
        INITIAL_ADMIN_EMAIL: ADMIN.email,
        INITIAL_ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      }),
    );
  }
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const server of servers) {
    server.child.kill('SIGINT');
    await server.exited;
  }
  await database?.drop();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

it.skipIf(!enabled)(
  'two server processes on one PostgreSQL deliver each other’s writes, also after LISTEN was cut',
  async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const writer = await connect(a, 'writer');
    const watcher = await connect(b, 'watcher');
    watcher.send({
      type: 'subscribe',
      subscriptionId: 'lists',
      query: { collection: 'autocompletion', filters: [] },
    });
    await watcher.next('snapshot');

    await save(writer, 'writer', 1, 'first', 'First');
    const delta = await watcher.next('delta');
    expect(delta.changes.map((doc) => doc.id)).toEqual(['first']);

    // Cut every LISTEN connection: the instances reconnect and catch up from the log.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const cut = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database()",
      );
      expect(cut.rowCount).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    await save(writer, 'writer', 2, 'second', 'Second');
    const later = await watcher.next('delta', () => true, 10_000);
    expect(later.changes.map((doc) => doc.id)).toEqual(['second']);
    expect(later.sequence).toBeGreaterThan(delta.sequence);
  },
  30_000,
);
