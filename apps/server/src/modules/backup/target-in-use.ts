import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseConfig } from '../../config/env';
import { ignoreDroppedConnection } from '../../db/pg-pool';
import { BackupError } from './backup-archive';

/** A restore's hold on its target: SQLite's connection that keeps others out, until released. */
export interface TargetHold {
  /** The holding connection (SQLite), the one way to read the target meanwhile. */
  sqlite: SqliteDatabase.Database | null;
  release(): Promise<void>;
}

const IN_USE =
  'Stop the server (and any backup) that uses it, then restore again. Nothing was restored.';

/**
 * Refuses a target that a server (or another process) uses, and keeps it unused while the
 * restore runs. A running server would go on with what it holds in memory (sequence numbers,
 * sessions, caches) on top of the restored data, or write into the database being replaced.
 *
 * SQLite: the server keeps its connection open in WAL mode, which holds a shared lock on the
 * database for the connection's life; a connection in exclusive locking mode cannot read while
 * another holds it, and once it has read, nobody else can open the database until it closes. So
 * the check is also the hold, and a server started meanwhile fails instead of joining.
 * PostgreSQL: `pg_stat_activity` lists the other sessions on the target database; a hold is not
 * possible without the owner's rights, so the check is made at the start, before anything is read.
 */
export async function holdUnusedTarget(target: DatabaseConfig): Promise<TargetHold> {
  if (target.kind === 'sqlite') return holdSqlite(target.file);
  await refuseUsedPostgres(target.url);
  return { sqlite: null, release: async () => undefined };
}

function holdSqlite(file: string): TargetHold {
  if (!existsSync(file)) return { sqlite: null, release: async () => undefined };
  const db = new SqliteDatabase(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // The first read takes the lock, and fails at once while another connection has it.
    db.prepare('select count(*) from sqlite_master').get();
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new BackupError(`The database ${file} is in use by a running server. ${IN_USE}`);
    }
    throw error;
  }
  let open = true;
  return {
    sqlite: db,
    async release() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}

/** A connection that just closed (this process's own, a moment ago) may be listed briefly. */
const SETTLE_TRIES = 5;
const SETTLE_MS = 200;

async function refuseUsedPostgres(url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    application_name: 'quality-audit restore',
  });
  ignoreDroppedConnection(client);
  await client.connect();
  try {
    let others = await otherSessions(client);
    for (let i = 1; i < SETTLE_TRIES && others.length > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      others = await otherSessions(client);
    }
    if (others.length > 0) {
      const who = others
        .slice(0, 3)
        .map((row) => row.application || row.address || 'a local client')
        .join(', ');
      throw new BackupError(
        `The database is in use: ${others.length} other connection(s) (${who}). ${IN_USE}`,
      );
    }
  } finally {
    await client.end();
  }
}

async function otherSessions(client: pg.Client) {
  const { rows } = await client.query<{ application: string; address: string | null }>(
    `select application_name as application, client_addr::text as address
         from pg_stat_activity
        where datname = current_database()
          and pid <> pg_backend_pid()
          and backend_type = 'client backend'`,
  );
  return rows;
}
