import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database';
import { seed } from './snapshot.bench';
import { freshPgDatabase, ROOT, signIn, startServer, type Server } from './sync.bench';
import { Pusher } from './throughput.bench';

/** What the issue names: 50,000 documents and 500 MB of files (photos do not compress). */
const FILES = 500;
const FILE_BYTES = 1024 * 1024;
const CLIENTS = 10;
const WINDOW = 100;
const BASELINE_SECONDS = 5;
const TRIALS = 3;
const TARGET_RATIO = 0.8;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Measured {
  ms: number;
  /** Peak resident memory of the command's process. */
  peakBytes: number;
  output: string;
}

/** Runs a server command (src/cli) under GNU time, for its wall time and peak memory. */
function runCommand(name: string, args: string[], env: Record<string, string>): Promise<Measured> {
  const t0 = performance.now();
  const child = spawn(
    '/usr/bin/time',
    [
      '-f',
      'PEAK_KB=%M',
      process.execPath,
      '--import',
      'tsx',
      `apps/server/src/cli/${name}.ts`,
      ...args,
    ],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const ms = performance.now() - t0;
      if (code !== 0) return reject(new Error(`${name} failed (${code}):\n${output}`));
      const kb = Number(/PEAK_KB=(\d+)/.exec(output)?.[1] ?? 0);
      resolve({ ms, peakBytes: kb * 1024, output });
    });
  });
}

/** 500 files of 1 MB under DATA_DIR/files with their rows, as uploads would leave them. */
async function seedFiles(server: Server, databaseUrl: string | null): Promise<void> {
  const database = openDatabase(
    databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'app.db') },
  );
  const folder = path.join(server.dataDir, 'files');
  fs.mkdirSync(folder, { recursive: true });
  try {
    const admin = await database.db.selectFrom('people').select('id').executeTakeFirstOrThrow();
    const rows = [];
    for (let n = 0; n < FILES; n += 1) {
      const content = randomBytes(FILE_BYTES);
      const id = randomUUID();
      const storageKey = `${id}-${randomBytes(8).toString('hex')}.jpg`;
      fs.writeFileSync(path.join(folder, storageKey), content);
      rows.push({
        id,
        storage_key: storageKey,
        name: `photo-${n}.jpg`,
        content_type: 'image/jpeg',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        created_by: admin.id,
        created_at: new Date().toISOString(),
        audit_id: `bench-audit-${n % 500}`,
        audit_item_id: null,
        finding_id: null,
        media_id: null,
        owner_person_id: null,
      });
    }
    for (let i = 0; i < rows.length; i += 100) {
      await database.db
        .insertInto('files')
        .values(rows.slice(i, i + 100))
        .execute();
    }
  } finally {
    await database.close();
  }
}

async function acksPerSecond(pushers: Pusher[], during: () => Promise<unknown>) {
  for (const pusher of pushers) pusher.reset();
  const t0 = performance.now();
  await during();
  const seconds = (performance.now() - t0) / 1000;
  return pushers.reduce((sum, p) => sum + p.acked, 0) / seconds;
}

async function benchDialect(label: string, port: number, pgAdmin: string | null): Promise<void> {
  const databaseUrl = pgAdmin ? await freshPgDatabase(pgAdmin, 'qa_bench_backup') : null;
  const server = await startServer(port, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-bench-backup-'));
  try {
    const database = openDatabase(
      databaseUrl
        ? { kind: 'postgres', url: databaseUrl }
        : { kind: 'sqlite', file: path.join(server.dataDir, 'app.db') },
    );
    try {
      await seed(database);
    } finally {
      await database.close();
    }
    await seedFiles(server, databaseUrl);
    const cookie = await signIn(server.url);
    const pushers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        Pusher.open(server.url, cookie, `bk-${label}-${i}-${Date.now()}`, `bk${i}`, WINDOW),
      ),
    );
    for (const pusher of pushers) pusher.start();
    await new Promise((r) => setTimeout(r, 1000));
    // Two cores carry the server, these clients and the backup: the figures swing from run to
    // run, so each trial compares a backup with the seconds just before it, and the median counts.
    const sourceEnv = {
      DATA_DIR: server.dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const trials: { without: number; during: number; backup: Measured; archive: string }[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const without = await acksPerSecond(
        pushers,
        () => new Promise((r) => setTimeout(r, BASELINE_SECONDS * 1000)),
      );
      const archive = path.join(work, `backup-${trial}.tar`);
      let backup: Measured | null = null;
      const during = await acksPerSecond(pushers, async () => {
        backup = await runCommand('backup', ['--to', archive], sourceEnv);
      });
      trials.push({ without, during, backup: backup!, archive });
    }
    await Promise.all(pushers.map((p) => p.stop()));
    for (const pusher of pushers) pusher.close();
    trials.sort((a, b) => a.during / a.without - b.during / b.without);
    const median = trials[Math.floor(trials.length / 2)]!;
    const { without, during, archive } = median;
    const made = median.backup;
    const size = fs.statSync(archive).size;

    const targetDir = path.join(work, 'restored');
    const targetUrl = pgAdmin ? await freshPgDatabase(pgAdmin, 'qa_bench_restore') : null;
    const restore = await runCommand('restore', ['--from', archive], {
      DATA_DIR: targetDir,
      ...(targetUrl ? { DATABASE_URL: targetUrl } : {}),
    });
    const ratio = during / without;
    console.log(
      `${label}: backup of 50,000 documents + ${mb(FILES * FILE_BYTES)} of files: ${s(made.ms)}, ` +
        `archive ${mb(size)}, peak memory ${mb(made.peakBytes)}`,
    );
    console.log(
      `${label}: commands/s of ${CLIENTS} clients without a backup ${without.toFixed(0)}, during it ` +
        `${during.toFixed(0)}: ratio ${ratio.toFixed(2)} (median of ${TRIALS}: ` +
        `${trials.map((t) => (t.during / t.without).toFixed(2)).join(', ')}; target >= ${TARGET_RATIO})`,
    );
    console.log(
      `${label}: restore (check, then load) ${s(restore.ms)}, peak memory ${mb(restore.peakBytes)}`,
    );
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Issue 20's figures: backup and restore of an installation with 50,000 documents and 500 MB of
 * files (time, peak memory of the command) and the write throughput of ten clients while the
 * backup runs, against the same clients without one.
 */
export async function benchBackup(): Promise<void> {
  await benchDialect('SQLite', 3185, null);
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.log('backup on PostgreSQL: skipped (set BENCH_DATABASE_URL to an admin URL)');
    return;
  }
  await benchDialect('PostgreSQL', 3186, adminUrl);
}

if (process.argv[1]?.endsWith('backup.bench.ts')) await benchBackup();
