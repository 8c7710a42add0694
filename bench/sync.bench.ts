import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SYNC_PROTOCOL_VERSION, type ServerMessage } from '@qa/sync';
import pg from 'pg';
import WebSocket from 'ws';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };
const v = SYNC_PROTOCOL_VERSION;

/**
 * The server tests' self-signed certificate for 127.0.0.1 (apps/server/test/fixtures/tls), for a
 * server started with its own HTTPS. The bench's fetch and WebSocket clients then skip the
 * certificate check (NODE_TLS_REJECT_UNAUTHORIZED, read per connection): they only ever talk to
 * that loopback server.
 */
export const TEST_TLS = {
  TLS_CERT_FILE: path.join(ROOT, 'apps/server/test/fixtures/tls/cert.pem'),
  TLS_KEY_FILE: path.join(ROOT, 'apps/server/test/fixtures/tls/key.pem'),
};

export function trustTestCertificate(): void {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
}

export interface Server {
  url: string;
  /** The server's DATA_DIR (its database and stored files). */
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-bench-sync-'));
  // With TLS_CERT_FILE (the server's own HTTPS and HTTP/2) the bench's own requests must accept
  // the test certificate: see TEST_TLS below.
  const url = `${env.TLS_CERT_FILE ? 'https' : 'http'}://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      INITIAL_ADMIN_EMAIL: ADMIN.email,
      INITIAL_ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT_SIGNIN: '100000/60',
      ...env,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
    if (Date.now() > deadline) throw new Error('server did not start');
  }
  return {
    url,
    dataDir,
    child,
    async stop() {
      child.kill('SIGINT');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A protocol-level client: enough to push and to watch deltas. */
class Client {
  private handlers = new Set<(m: ServerMessage) => void>();
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      for (const handler of this.handlers) handler(message);
    });
  }

  static async open(url: string, cookie: string, clientId: string): Promise<Client> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/v1/sync`, { headers: { cookie } });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const client = new Client(ws);
    client.send({ type: 'hello', clientId, protocolVersion: v });
    await client.wait((m) => m.type === 'welcome');
    return client;
  }

  on(handler: (m: ServerMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  wait(match: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    return new Promise((resolve) => {
      const off = this.on((m) => {
        if (match(m)) {
          off();
          resolve(m);
        }
      });
    });
  }

  send(message: object): void {
    this.ws.send(JSON.stringify({ ...message, v }));
  }

  async subscribeLists(): Promise<void> {
    const snapshot = this.wait((m) => m.type === 'snapshot');
    this.send({
      type: 'subscribe',
      subscriptionId: 'lists',
      query: { collection: 'autocompletion', filters: [] },
    });
    await snapshot;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

const listArgs = (id: string, title: string) => ({
  id,
  title,
  data: [{ id: 'a', name: 'Eintrag' }],
});

/** From client A's push to each subscriber's delta, one command at a time. */
async function propagation(server: Server, cookie: string, subscribers: number, commands: number) {
  const watchers = await Promise.all(
    Array.from({ length: subscribers }, (_, i) =>
      Client.open(server.url, cookie, `watch-${subscribers}-${i}`),
    ),
  );
  for (const watcher of watchers) await watcher.subscribeLists();
  const writer = await Client.open(server.url, cookie, `writer-${subscribers}`);
  const latencies: number[] = [];
  for (let n = 1; n <= commands; n += 1) {
    const id = `p${subscribers}x${n}`;
    const t0 = performance.now();
    const arrived = watchers.map((watcher) =>
      watcher
        .wait((m) => m.type === 'delta' && m.changes.some((doc) => doc.id === id))
        .then(() => latencies.push(performance.now() - t0)),
    );
    writer.send({
      type: 'push',
      mutations: [
        {
          mutationId: n,
          clientId: `writer-${subscribers}`,
          name: 'autocompletion.save',
          args: listArgs(id, `P ${n}`),
        },
      ],
    });
    await Promise.all(arrived);
  }
  latencies.sort((a, b) => a - b);
  const memory = rssKiB(server.child.pid!);
  for (const client of [...watchers, writer]) client.ws.close();
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    samples: latencies.length,
    rssKiB: memory,
  };
}

/** Accepted commands per second from one client pushing batches back to back. */
export async function throughput(server: Server, cookie: string, total: number, batch: number) {
  const clientId = `throughput-${Date.now()}`;
  const writer = await Client.open(server.url, cookie, clientId);
  let acked = 0;
  let rejected = 0;
  const done = new Promise<void>((resolve) =>
    writer.on((m) => {
      if (m.type === 'ack') acked += 1;
      if (m.type === 'reject') rejected += 1;
      if (acked + rejected === total) resolve();
    }),
  );
  const t0 = performance.now();
  for (let start = 1; start <= total; start += batch) {
    const mutations = [];
    for (let n = start; n < start + batch && n <= total; n += 1) {
      mutations.push({
        mutationId: n,
        clientId,
        name: 'autocompletion.save',
        args: listArgs(`t${n % 500}x`, `T ${n}`),
      });
    }
    writer.send({ type: 'push', mutations });
  }
  await done;
  const seconds = (performance.now() - t0) / 1000;
  writer.ws.close();
  return { perSecond: acked / seconds, acked, rejected };
}

let pgAdminUrl: string | null | undefined;

/**
 * The admin URL of a PostgreSQL for the benches: BENCH_DATABASE_URL when set (one already
 * running), else a throw-away cluster that scripts/pg.sh starts, once per bench run.
 */
export function pgUrl(): string | null {
  if (pgAdminUrl !== undefined) return pgAdminUrl;
  try {
    pgAdminUrl =
      process.env.BENCH_DATABASE_URL ??
      execFileSync('bash', [path.join(ROOT, 'scripts/pg.sh'), 'start'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
  } catch {
    pgAdminUrl = null;
  }
  return pgAdminUrl;
}

export async function freshPgDatabase(adminUrl: string, name = 'qa_bench_sync'): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/**
 * The sync engine's figures (issue 4): propagation latency A -> B with 50 and 200 subscribed
 * clients, server memory per connected client, accepted commands per second on SQLite and
 * PostgreSQL. Loopback only; the servers are our own child processes.
 */
export async function benchSync(): Promise<void> {
  const sqlite = await startServer(3178, {});
  try {
    const cookie = await signIn(sqlite.url);
    const idle = rssKiB(sqlite.child.pid!);
    for (const subscribers of [50, 200]) {
      const result = await propagation(sqlite, cookie, subscribers, subscribers === 50 ? 200 : 100);
      console.log(
        `propagation A -> B, ${subscribers} subscribed clients (SQLite, ${result.samples} deliveries): ` +
          `p50 ${fmt(result.p50)}, p95 ${fmt(result.p95)}, p99 ${fmt(result.p99)}; ` +
          `p95 / 50 ms target = ${(result.p95 / 50).toFixed(2)}`,
      );
      if (subscribers === 200) {
        const perClient = (result.rssKiB - idle) / 201;
        console.log(
          `server memory: ${(idle / 1024).toFixed(0)} MiB idle, ${(result.rssKiB / 1024).toFixed(0)} MiB with 201 clients ` +
            `= about ${perClient.toFixed(0)} KiB per connected client`,
        );
      }
    }
    await throughput(sqlite, cookie, 1000, 100); // warm-up: JIT, statement cache, pages
    const rate = await throughput(sqlite, cookie, 5000, 100);
    console.log(
      `accepted commands on SQLite: ${rate.perSecond.toFixed(0)}/s (${rate.acked} acked, ${rate.rejected} rejected); ` +
        `ratio to the 1,000/s target = ${(rate.perSecond / 1000).toFixed(2)}`,
    );
  } finally {
    await sqlite.stop();
  }

  const adminUrl = pgUrl();
  if (!adminUrl) {
    console.log(
      'accepted commands on PostgreSQL: skipped (no PostgreSQL; run as root or install it)',
    );
    return;
  }
  const postgres = await startServer(3179, { DATABASE_URL: await freshPgDatabase(adminUrl) });
  try {
    const cookie = await signIn(postgres.url);
    await throughput(postgres, cookie, 500, 100); // warm-up
    const rate = await throughput(postgres, cookie, 3000, 100);
    console.log(
      `accepted commands on PostgreSQL: ${rate.perSecond.toFixed(0)}/s (${rate.acked} acked, ${rate.rejected} rejected)`,
    );
  } finally {
    await postgres.stop();
  }
}
