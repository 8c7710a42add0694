import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SYNC_PROTOCOL_VERSION, type ReplicatedDocument, type ServerMessage } from '@qa/sync';
import WebSocket from 'ws';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');

export const SIM_ADMIN = { email: 'sim-admin@example.com', password: 'sim-admin-password-1' };

export interface SimServer {
  url: string;
  signIn(credentials: { email: string; password: string }): Promise<string>;
  addPerson(person: {
    email: string;
    name: string;
    roles: string[];
    password: string;
  }): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The real server (`node --import tsx apps/server/src/main.ts`) on a fresh SQLite database in a
 * temporary DATA_DIR, on loopback: the simulation talks to it only over HTTP and WebSocket,
 * like a browser.
 */
export async function startSimServer(): Promise<SimServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qa-sync-sim-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    INITIAL_ADMIN_EMAIL: SIM_ADMIN.email,
    INITIAL_ADMIN_PASSWORD: SIM_ADMIN.password,
    // The simulation's devices share one person and drop connections at random; on a busy
    // machine the server learns of a drop after the device has reconnected, and the probe that
    // reads the server's state is one more connection. The per-person limit (tested in the
    // server's sync-hardening tests) would refuse the probe; it is not what this simulates.
    SYNC_MAX_CONNECTIONS_PER_PERSON: '1000',
  };
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    async signIn(credentials) {
      const response = await fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify(credentials),
      });
      if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
      return response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
    },
    async addPerson(person) {
      await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/server/src/cli/add-person.ts',
          '--email',
          person.email,
          '--name',
          person.name,
          '--roles',
          person.roles.join(','),
          '--password',
          person.password,
        ],
        { cwd: REPO_ROOT, env: { ...env, PORT: String(port) } },
      );
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads the server's current documents of a collection over the protocol (as `cookie`). */
export async function readServerDocuments(server: SimServer, cookie: string, collection: string) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/sync`, {
    headers: { cookie },
  });
  const snapshot = new Promise<ReplicatedDocument[]>((resolve, reject) => {
    const received: ReplicatedDocument[] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      // A large result comes in chunks; the final one completes it.
      if (message.type === 'snapshot') received.push(...message.documents);
      if (message.type === 'snapshot' && message.final) resolve(received);
      if (message.type === 'error') reject(new Error(message.message));
    });
  });
  await new Promise((resolve) => ws.once('open', resolve));
  const v = SYNC_PROTOCOL_VERSION;
  ws.send(
    JSON.stringify({ type: 'hello', v, clientId: `probe-${Date.now()}`, protocolVersion: v }),
  );
  ws.send(
    JSON.stringify({
      type: 'subscribe',
      v,
      subscriptionId: 's',
      query: { collection, filters: [] },
    }),
  );
  const documents = await snapshot;
  ws.close();
  return documents;
}
