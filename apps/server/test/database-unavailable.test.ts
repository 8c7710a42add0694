import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { resilientPool } from '../src/db/pg-pool';
import {
  createTestDatabase,
  REQUIRE_PG,
  TEST_DATABASE_URL,
  type TestDatabase,
} from './support/pg-database';
import { startApp, type TestApp } from './support/start-app';
import { signedInCookie, SyncSocket } from './support/sync-socket';
import { TcpProxy } from './support/tcp-proxy';

/**
 * Issue 35: a write while PostgreSQL cannot be reached is a 503 the client may retry (REST:
 * problem+json with Retry-After; sync: closed with 1013 "try again later", the command kept by
 * the client), not a 500 it must take for a bug.
 */
let app: TestApp | null = null;
let database: TestDatabase | null = null;
let proxy: TcpProxy | null = null;
afterAll(async () => {
  proxy?.restore();
  await app?.stop();
  await proxy?.close();
  await database?.drop();
});

it.skipIf(!TEST_DATABASE_URL && !REQUIRE_PG)(
  'a write while PostgreSQL is unreachable answers 503, over REST and over the sync socket',
  async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url);
    proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port) });
    const proxied = new URL(database.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    app = await startApp({
      dialect: 'postgres',
      reuse: { dataDir: await mkdtemp(path.join(os.tmpdir(), 'qa-db-down-')), database },
      env: { DATABASE_URL: proxied.toString() },
    });
    const qm = await signedInCookie(app, { email: 'qm-down@example.com', roles: ['qm'] });
    const socket = await SyncSocket.open(app, { cookie: qm.cookie });
    await socket.hello('down-client');

    proxy.cut();
    const write = await fetch(`${app.url}/api/v1/audits`, {
      method: 'POST',
      headers: { cookie: qm.cookie, origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'While down', planning_year: 2026 }),
    });
    expect(write.status).toBe(503);
    expect(write.headers.get('content-type')).toContain('application/problem+json');
    expect(write.headers.get('retry-after')).toBe('5');
    expect(((await write.json()) as { code: string }).code).toBe('unavailable');

    socket.send({
      type: 'push',
      mutations: [
        {
          mutationId: 1,
          clientId: 'down-client',
          name: 'autocompletion.save',
          args: { id: 'down', title: 'Down', data: [] },
        },
      ],
    });
    expect(await socket.closed()).toBe(1013);
  },
  60_000,
);

it.skipIf(!TEST_DATABASE_URL && !REQUIRE_PG)(
  'a connection the database drops while it is checked out fails its next query instead of ending the process',
  async () => {
    const db = await createTestDatabase();
    const direct = new URL(db.url);
    const relay = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port) });
    const through = new URL(db.url);
    through.host = `127.0.0.1:${relay.port}`;
    const idleErrors: Error[] = [];
    const pool = resilientPool({ connectionString: through.toString(), max: 2 }, (error) =>
      idleErrors.push(error),
    );
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const held = await pool.connect();
      await held.query('select 1');
      relay.cut();
      // Between two queries of a transaction, say: nobody waits on this connection right now.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(held.query('select 1')).rejects.toThrow();
      held.release();
      relay.restore();
      const again = await pool.query<{ one: number }>('select 1 as one');
      expect(again.rows[0]!.one).toBe(1);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await pool.end();
      await relay.close();
      await db.drop();
    }
  },
  30_000,
);
