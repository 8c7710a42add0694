import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { sql, type QueryExecutorProvider } from 'kysely';
import type { DatabaseConfig } from '../../config/env';
import { openDatabase, type Database } from '../../db/database';
import { orderTables } from './backup-tables';

/**
 * The SQL a restore runs on its target before and around loading (restore-target.ts decides
 * when): what the target holds, and on PostgreSQL moving the app's tables aside for --force and
 * back when the restore fails.
 */

/** Tables whose rows make a target "not empty": what a started server has written. */
const CONTENT_TABLES = ['documents', 'user', 'people', 'files'];

/** The content tables that have rows (none for a missing SQLite file). */
export async function contentTablesWithRows(
  target: DatabaseConfig,
  /** An open connection to the SQLite target (the restore's hold), used and left open. */
  held: SqliteDatabase.Database | null = null,
): Promise<string[]> {
  if (target.kind === 'sqlite') {
    if (!held && !existsSync(target.file)) return [];
    // Not read-only: the last connection to close removes the write-ahead log files, which a
    // read-only one would leave behind.
    const db = held ?? new SqliteDatabase(target.file, { fileMustExist: true });
    try {
      const present = new Set(
        db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[],
      );
      return CONTENT_TABLES.filter(
        (table) => present.has(table) && db.prepare(`select 1 from "${table}" limit 1`).get(),
      );
    } finally {
      if (!held) db.close();
    }
  }
  const database = openDatabase(target);
  try {
    const present = new Set(await ourTables(database.db, 'current'));
    const nonEmpty: string[] = [];
    for (const table of CONTENT_TABLES) {
      if (!present.has(table)) continue;
      const row = await sql`select 1 from ${sql.table(table)} limit 1`.execute(database.db);
      if (row.rows.length > 0) nonEmpty.push(table);
    }
    return nonEmpty;
  } finally {
    await database.close();
  }
}

/** Kysely's own tables: moved aside under another name, or its migrator would find them. */
const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];
const ASIDE_PREFIX = 'replaced_';

/** The app's tables (data, better-auth's, Kysely's) in the current schema or in `schema`. */
async function ourTables(db: QueryExecutorProvider, schema: 'current' | string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_type = 'BASE TABLE'
      and table_schema = ${schema === 'current' ? sql`current_schema()` : schema}`.execute(db);
  const names = rows.map((row) => row.name);
  return [
    ...orderTables(names.filter((name) => !name.startsWith(ASIDE_PREFIX))),
    ...[...KYSELY_TABLES, ...KYSELY_TABLES.map((name) => ASIDE_PREFIX + name)].filter((name) =>
      names.includes(name),
    ),
  ];
}

export async function moveTablesAside(database: Database): Promise<string> {
  const aside = `qa_replaced_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  await database.db.transaction().execute(async (trx) => {
    await sql`create schema ${sql.id(aside)}`.execute(trx);
    await moveTables(trx, aside, 'aside');
  });
  return aside;
}

/** Moves the app's tables into the schema `aside`, or from it back into the current one. */
async function moveTables(db: QueryExecutorProvider, aside: string, direction: 'aside' | 'back') {
  if (direction === 'aside') {
    for (const table of await ourTables(db, 'current')) {
      let name = table;
      if (KYSELY_TABLES.includes(table)) {
        name = ASIDE_PREFIX + table;
        await sql`alter table ${sql.table(table)} rename to ${sql.id(name)}`.execute(db);
      }
      await sql`alter table ${sql.table(name)} set schema ${sql.id(aside)}`.execute(db);
    }
    return;
  }
  const current = (await sql<{ name: string }>`select current_schema() as name`.execute(db))
    .rows[0]!.name;
  for (const table of await ourTables(db, aside)) {
    await sql`alter table ${sql.table(`${aside}.${table}`)} set schema ${sql.id(current)}`.execute(
      db,
    );
    if (table.startsWith(ASIDE_PREFIX)) {
      const original = table.slice(ASIDE_PREFIX.length);
      await sql`alter table ${sql.table(table)} rename to ${sql.id(original)}`.execute(db);
    }
  }
  await sql`drop schema ${sql.id(aside)}`.execute(db);
}

/** After a successful forced restore: the replaced tables go for good. */
export async function dropAside(database: Database, aside: string): Promise<void> {
  await sql`drop schema ${sql.id(aside)} cascade`.execute(database.db);
}

/** After a failed restore: what it made goes, and the replaced tables (if any) come back. */
export async function dropOwnTablesAndMoveBack(
  database: Database,
  aside: string | null,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    for (const table of (await ourTables(trx, 'current')).reverse()) {
      await sql`drop table ${sql.table(table)} cascade`.execute(trx);
    }
    if (aside) await moveTables(trx, aside, 'back');
  });
}
