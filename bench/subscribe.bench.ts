import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { activitySchema, auditItemSchema } from '@qa/domain';
import {
  SYNC_PROTOCOL_VERSION,
  type JsonObject,
  type Query,
  type ReplicatedDocument,
  type ServerMessage,
} from '@qa/sync';
import WebSocket from 'ws';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { DocumentsRepository } from '../apps/server/src/modules/sync/documents.repository';
import { freshPgDatabase, pgUrl, signIn, startServer } from './sync.bench';

const v = SYNC_PROTOCOL_VERSION;
const ACTIVITIES = 100_000;
const AUDITS = 100;
const ITEMS_PER_AUDIT = 100;
/** Each actor has ACTIVITIES / ACTORS activities: a query by actor returns 100 as well. */
const ACTORS = 1_000;
/** Documents per seeding transaction. */
const SEED_BATCH = 2_000;
const RUNS = 40;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

function activity(n: number): ReplicatedDocument {
  const id = `bench-activity-${n}`;
  const data = activitySchema.parse({
    id,
    actor: `bench-person-${n % ACTORS}`,
    actor_name: `Person ${n % ACTORS}`,
    verb: 'updated',
    object: `Audit ${n % AUDITS}`,
    object_url: `/audits/bench-audit-${n % AUDITS}`,
    timestamp: new Date(Date.UTC(2026, 0, 1) + n * 1_000).toISOString(),
    notified: { [`bench-person-${(n + 1) % ACTORS}`]: true },
  });
  return document('activities', id, data);
}

function item(n: number): ReplicatedDocument {
  const id = `bench-item-${n}`;
  const data = auditItemSchema.parse({
    id,
    auditId: `bench-audit-${n % AUDITS}`,
    question: {
      text: `Question ${n}: is requirement ${n % 97} of chapter ${(n % 10) + 4} met?`,
      category: `Kategorie ${n % 7}`,
      no: String(n + 1),
      importance: ['0', '1', '3', '9'][n % 4],
      chapters: [{ id: String((n % 7) + 4), standard: 'iso9001', description: 'Chapter' }],
    },
  });
  return document('audit_items', id, data);
}

function document(collection: string, id: string, data: object): ReplicatedDocument {
  return {
    collection,
    id,
    version: 1,
    deleted: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
    data: data as JsonObject,
  };
}

/** Writes the documents the way a command does (change log, index), many per transaction. */
async function seed(database: Database): Promise<void> {
  const documents = new DocumentsRepository(database);
  const total = ACTIVITIES + AUDITS * ITEMS_PER_AUDIT;
  for (let start = 0; start < total; start += SEED_BATCH) {
    await documents.transaction(async () => {
      let seq = await documents.lockLog();
      for (let n = start; n < Math.min(start + SEED_BATCH, total); n += 1) {
        seq += 1;
        const doc = n < ACTIVITIES ? activity(n) : item(n - ACTIVITIES);
        await documents.write(doc, seq, null, null);
      }
      await documents.setLastSequence(seq);
    });
  }
}

/** A socket that answers with the first message matching a predicate. */
class Client {
  private waiters: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] =
    [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      const waiter = this.waiters.find((w) => w.match(message));
      if (!waiter) return;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    });
  }

  static async open(url: string, cookie: string, clientId: string): Promise<Client> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/v1/sync`, { headers: { cookie } });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const client = new Client(ws);
    const welcome = client.wait((m) => m.type === 'welcome');
    client.send({ type: 'hello', clientId, protocolVersion: v });
    await welcome;
    return client;
  }

  wait(match: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  send(message: object): void {
    this.ws.send(JSON.stringify({ ...message, v }));
  }

  /** Subscribes, waits for the snapshot (or a refusal), unsubscribes; answers ms and size. */
  async subscribeOnce(subscriptionId: string, query: Query) {
    const answer = this.wait(
      (m) => (m.type === 'snapshot' || m.type === 'error') && m.subscriptionId === subscriptionId,
    );
    const t0 = performance.now();
    this.send({ type: 'subscribe', subscriptionId, query });
    const message = await answer;
    const ms = performance.now() - t0;
    this.send({ type: 'unsubscribe', subscriptionId });
    if (message.type !== 'snapshot')
      throw new Error(`subscribe failed: ${JSON.stringify(message)}`);
    return { ms, documents: message.documents.length };
  }
}

const QUERIES: { name: string; indexed: boolean; query: (run: number) => Query }[] = [
  {
    name: 'audit items of one audit (auditId ==, index)',
    indexed: true,
    query: (run) => ({
      collection: 'audit_items',
      filters: [{ path: ['auditId'], op: '==', value: `bench-audit-${(run * 37) % AUDITS}` }],
    }),
  },
  {
    name: 'newest 100 activities (timestamp desc, limit 100, index)',
    indexed: true,
    query: () => ({
      collection: 'activities',
      filters: [],
      orderBy: [{ path: ['timestamp'], direction: 'desc' }],
      limit: 100,
    }),
  },
  {
    name: 'activities of one actor (unindexed field: whole collection read)',
    indexed: false,
    query: (run) => ({
      collection: 'activities',
      filters: [{ path: ['actor'], op: '==', value: `bench-person-${(run * 37) % ACTORS}` }],
    }),
  },
];

/** How long another connection's ping waits while a whole-collection read runs. */
async function pingDuringScan(scanner: Client, other: Client): Promise<number[]> {
  const waits: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const scan = scanner.subscribeOnce(`scan-${run}`, QUERIES[2]!.query(run));
    const pings: Promise<void>[] = [];
    for (let p = 0; p < 10; p += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const t0 = performance.now();
      pings.push(
        other.wait((m) => m.type === 'pong').then(() => void waits.push(performance.now() - t0)),
      );
      other.send({ type: 'ping' });
    }
    await Promise.all([scan, ...pings]);
  }
  return waits.sort((a, b) => a - b);
}

async function measure(label: string, port: number, env: Record<string, string>) {
  // First start: migrations and the admin. Then the documents go in directly, server stopped.
  await (await startServer(port, env)).stop();
  const database = openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(env.DATA_DIR!, 'app.db') },
  );
  const seeding = performance.now();
  try {
    await seed(database);
  } finally {
    await database.close();
  }
  console.log(
    `${label}: seeded ${ACTIVITIES.toLocaleString('en')} activities and ` +
      `${(AUDITS * ITEMS_PER_AUDIT).toLocaleString('en')} audit items in ` +
      `${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const server = await startServer(port, env);
  try {
    const cookie = await signIn(server.url);
    const client = await Client.open(server.url, cookie, `subscribe-bench-${port}`);
    for (const { name, indexed, query } of QUERIES) {
      for (let run = 0; run < 3; run += 1) await client.subscribeOnce(`warm-${run}`, query(run));
      const times: number[] = [];
      let size = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const result = await client.subscribeOnce(`q-${run}`, query(run));
        times.push(result.ms);
        size = result.documents;
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label}, subscribe ${name}: ${size} documents, p50 ${fmt(percentile(times, 50))}, ` +
          `p95 ${fmt(percentile(times, 95))}, max ${fmt(times[times.length - 1]!)} (${RUNS} runs)` +
          (indexed ? `; p95 / 10 ms target = ${(percentile(times, 95) / 10).toFixed(2)}` : ''),
      );
    }
    const other = await Client.open(server.url, cookie, `subscribe-bench-other-${port}`);
    const waits = await pingDuringScan(client, other);
    console.log(
      `${label}, another connection's ping during whole-collection reads: ` +
        `p50 ${fmt(percentile(waits, 50))}, max ${fmt(waits[waits.length - 1]!)} (${waits.length} pings)`,
    );
    client.ws.close();
    other.ws.close();
  } finally {
    await server.stop();
  }
}

/**
 * Subscribe cost (issue 10, item 7): with 100,000 activities and 10,000 audit items stored, the
 * time from a subscribe to its snapshot for queries returning 100 documents, through the index
 * and (for comparison) through a whole-collection read, and how long another connection waits
 * meanwhile. Target: under 10 ms through the index.
 */
export async function benchSubscribe(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-bench-subscribe-'));
  try {
    await measure('SQLite', 3180, { DATA_DIR: dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const adminUrl = pgUrl();
  if (!adminUrl) {
    console.log('subscribe on PostgreSQL: skipped (no PostgreSQL)');
    return;
  }
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-bench-subscribe-pg-'));
  try {
    const url = await freshPgDatabase(adminUrl, 'qa_bench_subscribe');
    await measure('PostgreSQL', 3181, { DATA_DIR: pgDir, DATABASE_URL: url });
  } finally {
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await benchSubscribe();
}
