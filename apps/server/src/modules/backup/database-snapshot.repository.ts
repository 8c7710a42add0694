import { randomUUID } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { DatabaseConfig } from '../../config/env';
import { orderTables } from './backup-tables';
import { removeSqliteFiles } from '../../db/sqlite-files';

export type Row = Record<string, unknown>;

/** Rows read per step: enough to be fast, few enough that memory stays flat. */
const ROWS_PER_READ = 500;

/**
 * One consistent moment of a running installation's database, read table by table while the
 * server goes on writing. Every read sees the same moment.
 */
export interface DatabaseSnapshot {
  source: 'sqlite' | 'postgres';
  /** Applied migrations, in order: the schema. */
  migrations: string[];
  /** Data tables in restore order. */
  tables: string[];
  /** The rows of a table, streamed in steps. */
  rows(table: string): AsyncIterable<Row[]>;
}

/**
 * SQLite: the online backup API copies the database to a file beside it (pages in steps large
 * enough to end before the server's next write, which would restart it), then rows are read
 * from that copy, so the server's one connection is never held by a long read. PostgreSQL: one
 * REPEATABLE READ, READ ONLY transaction on a connection of its own, read through cursors; the
 * server keeps writing and the transaction keeps seeing the moment it began.
 */
export async function withDatabaseSnapshot<T>(
  config: DatabaseConfig,
  work: (snapshot: DatabaseSnapshot) => Promise<T>,
): Promise<T> {
  return config.kind === 'sqlite'
    ? withSqliteSnapshot(config.file, work)
    : withPostgresSnapshot(config.url, work);
}

async function withSqliteSnapshot<T>(
  file: string,
  work: (snapshot: DatabaseSnapshot) => Promise<T>,
): Promise<T> {
  const copy = `${file}.backup-${randomUUID()}`;
  try {
    const source = new SqliteDatabase(file, { fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      await source.backup(copy, {
        progress: ({ remainingPages }) => Math.max(remainingPages, 100),
      });
    } finally {
      source.close();
    }
    // Read-write, so closing it removes the write-ahead files SQLite makes beside the copy.
    const db = new SqliteDatabase(copy);
    try {
      const names = db
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
        .pluck()
        .all() as string[];
      const migrations = names.includes('kysely_migration')
        ? (db.prepare('select name from kysely_migration order by name').pluck().all() as string[])
        : [];
      return await work({
        source: 'sqlite',
        migrations,
        tables: orderTables(names),
        async *rows(table) {
          let batch: Row[] = [];
          for (const row of db.prepare(`select * from "${table}"`).iterate() as Iterable<Row>) {
            batch.push(row);
            if (batch.length === ROWS_PER_READ) {
              yield batch;
              batch = [];
            }
          }
          if (batch.length > 0) yield batch;
        },
      });
    } finally {
      db.close();
    }
  } finally {
    await removeSqliteFiles(copy);
  }
}

async function withPostgresSnapshot<T>(
  url: string,
  work: (snapshot: DatabaseSnapshot) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // The server may end the session while it waits between reads (a failover, an idle timeout):
  // without a listener that error would end the whole server process, with it the next read
  // fails and the backup with it.
  let lost: Error | null = null;
  client.on('error', (error) => {
    lost = error;
  });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const names = (
      await client.query<{ name: string }>(
        `select table_name as name from information_schema.tables
         where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      )
    ).rows.map((row) => row.name);
    const migrations = names.includes('kysely_migration')
      ? (
          await client.query<{ name: string }>('select name from kysely_migration order by name')
        ).rows.map((row) => row.name)
      : [];
    const result = await work({
      source: 'postgres',
      migrations,
      tables: orderTables(names),
      async *rows(table) {
        const cursor = client.query(new Cursor<Row>(`select * from "${table}"`));
        try {
          for (;;) {
            if (lost) throw lost;
            const rows = await cursor.read(ROWS_PER_READ);
            if (rows.length === 0) return;
            yield rows.map(plainRow);
          }
        } finally {
          await cursor.close();
        }
      },
    });
    await client.query('commit');
    return result;
  } finally {
    await client.end();
  }
}

/** Timestamps as ISO text (better-auth's columns on PostgreSQL), as SQLite keeps them. */
function plainRow(row: Row): Row {
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Date) row[key] = value.toISOString();
  }
  return row;
}
