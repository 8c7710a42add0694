import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditItemSchema } from '@qa/domain';
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
import { freshPgDatabase, pgUrl, signIn, startServer, type Server } from './sync.bench';

const v = SYNC_PROTOCOL_VERSION;
const ITEMS = 50_000;
const AUDITS = 500;
/** Documents per seeding transaction. */
const SEED_BATCH = 5_000;
const RUNS = 5;
/** Rows a list shows on its first screen. */
const FIRST_SCREEN = 50;

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function item(n: number): ReplicatedDocument {
  const id = `bench-item-${String(n).padStart(6, '0')}`;
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
  return {
    collection: 'audit_items',
    id,
    version: 1,
    deleted: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
    data: data as JsonObject,
  };
}

/** Writes the items the way a command does (change log, index), many per transaction. */
export async function seed(database: Database): Promise<void> {
  const documents = new DocumentsRepository(database);
  for (let start = 0; start < ITEMS; start += SEED_BATCH) {
    await documents.transaction(async () => {
      let seq = await documents.lockLog();
      for (let n = start; n < Math.min(start + SEED_BATCH, ITEMS); n += 1) {
        seq += 1;
        await documents.write(item(n), seq, null, null);
      }
      await documents.setLastSequence(seq);
    });
  }
}

/** The server's resident memory now and its peak so far (Linux /proc; 0 elsewhere). */
function serverMemory(server: Server): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

interface Run {
  /** Subscribe to the first chunk (the first screen is in it). */
  first: number;
  firstDocuments: number;
  /** Subscribe to the final chunk. */
  complete: number;
  chunks: number;
  documents: number;
  bytes: number;
}

async function open(url: string, cookie: string, clientId: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/v1/sync`, { headers: { cookie } });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const welcome = new Promise<void>((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      if ((JSON.parse(String(data)) as ServerMessage).type !== 'welcome') return;
      ws.off('message', onMessage);
      resolve();
    };
    ws.on('message', onMessage);
  });
  ws.send(JSON.stringify({ type: 'hello', v, clientId, protocolVersion: v }));
  await welcome;
  return ws;
}

/** Subscribes and reads the snapshot's chunks as a client would (parsing each), then leaves. */
function snapshot(ws: WebSocket, subscriptionId: string, query: Query): Promise<Run> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const run: Run = {
      first: 0,
      firstDocuments: 0,
      complete: 0,
      chunks: 0,
      documents: 0,
      bytes: 0,
    };
    const onMessage = (data: WebSocket.RawData) => {
      const text = String(data);
      const message = JSON.parse(text) as ServerMessage;
      if (message.type === 'error') reject(new Error(message.message));
      if (message.type !== 'snapshot' || message.subscriptionId !== subscriptionId) return;
      if (message.chunk === 0) {
        run.first = performance.now() - t0;
        run.firstDocuments = message.documents.length;
      }
      run.chunks += 1;
      run.documents += message.documents.length;
      run.bytes += text.length;
      if (!message.final) return;
      run.complete = performance.now() - t0;
      ws.off('message', onMessage);
      ws.send(JSON.stringify({ type: 'unsubscribe', v, subscriptionId }));
      resolve(run);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'subscribe', v, subscriptionId, query }));
  });
}

const QUERIES: { name: string; query: Query }[] = [
  {
    name: 'all items (whole collection, by id)',
    query: { collection: 'audit_items', filters: [] },
  },
  {
    name: 'all items ordered by question text, descending',
    query: {
      collection: 'audit_items',
      filters: [],
      orderBy: [{ path: ['question', 'text'], direction: 'desc' }],
    },
  },
];

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(label: string, port: number, env: Record<string, string>) {
  // First start: migrations and the admin. Then the items go in directly, server stopped.
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
    `${label}: seeded ${ITEMS.toLocaleString('en')} audit items in ` +
      `${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const server = await startServer(port, env);
  try {
    const cookie = await signIn(server.url);
    const ws = await open(server.url, cookie, `snapshot-bench-${port}`);
    const idle = serverMemory(server);
    for (const { name, query } of QUERIES) {
      await snapshot(ws, 'warm', query);
      const runs: Run[] = [];
      for (let n = 0; n < RUNS; n += 1) runs.push(await snapshot(ws, `s${n}`, query));
      const first = median(runs.map((r) => r.first));
      const complete = median(runs.map((r) => r.complete));
      const { chunks, documents, bytes, firstDocuments } = runs[0]!;
      // The peak only grows: after the first query it is that query's, after the second the
      // larger of both.
      const memory = serverMemory(server);
      console.log(
        `${label}, snapshot of ${name}: ${documents.toLocaleString('en')} documents, ` +
          `${mb(bytes)} in ${chunks} chunks; first screen (chunk 0, ${firstDocuments} documents ` +
          `>= ${FIRST_SCREEN} rows) after ${fmt(first)}, complete after ${fmt(complete)} ` +
          `(median of ${RUNS}); first / complete = ${(first / complete).toFixed(2)}` +
          (memory.peak > 0
            ? `; server RSS peak so far ${mb(memory.peak)} (${mb(idle.rss)} before the first)`
            : ''),
      );
    }
    ws.close();
  } finally {
    await server.stop();
  }
}

/**
 * Snapshots without limits (issue 16): a subscription to 50,000 audit items over a real server
 * and a loopback socket. Time to the first chunk (the first screen is in it: the client shows it
 * at once) and to the final chunk, and the server's memory.
 */
export async function benchSnapshot(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-bench-snapshot-'));
  try {
    await measure('SQLite', 3182, { DATA_DIR: dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const adminUrl = pgUrl();
  if (!adminUrl) {
    console.log('snapshot on PostgreSQL: skipped (no PostgreSQL)');
    return;
  }
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-bench-snapshot-pg-'));
  try {
    const url = await freshPgDatabase(adminUrl, 'qa_bench_snapshot');
    await measure('PostgreSQL', 3183, { DATA_DIR: pgDir, DATABASE_URL: url });
  } finally {
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await benchSnapshot();
}
