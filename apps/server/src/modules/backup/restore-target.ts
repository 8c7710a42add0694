import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type QueryExecutorProvider } from 'kysely';
import type { AppConfig, DatabaseConfig } from '../../config/env';
import { openDatabase, type Database } from '../../db/database';
import { createAuthOptions } from '../auth/auth-options';
import { filesFolderOf } from '../files/local-disk-file-storage';
import { MailService } from '../mail/mail.service';
import { PeopleRepository } from '../people/people.repository';
import { PeopleService } from '../people/people.service';
import { orderTables } from './backup-tables';

/** Tables whose rows make a target "not empty": what a started server has written. */
const CONTENT_TABLES = ['documents', 'user', 'people', 'files'];

/**
 * What the target already holds, said for the operator, or null when it is empty: no database
 * file (or no rows in it) and no stored files.
 */
export async function describeTargetContents(config: AppConfig): Promise<string | null> {
  const found: string[] = [];
  const rowsIn = await countContentRows(config.database);
  if (rowsIn.length > 0) found.push(`rows in ${rowsIn.join(', ')}`);
  const files = (await readdirOrEmpty(filesFolder(config))).filter((n) => !n.startsWith('.'));
  if (files.length > 0) found.push(`${files.length} stored files in ${filesFolder(config)}`);
  return found.length > 0 ? found.join('; ') : null;
}

async function countContentRows(target: DatabaseConfig): Promise<string[]> {
  if (target.kind === 'sqlite') {
    if (!existsSync(target.file)) return [];
    // Not read-only: the last connection to close removes the write-ahead log files, which a
    // read-only one would leave behind.
    const db = new SqliteDatabase(target.file, { fileMustExist: true });
    try {
      const present = new Set(
        db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[],
      );
      return CONTENT_TABLES.filter(
        (table) => present.has(table) && db.prepare(`select 1 from "${table}" limit 1`).get(),
      );
    } finally {
      db.close();
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

function filesFolder(config: AppConfig): string {
  return filesFolderOf(config.dataDir);
}

/**
 * Where a restore writes before anything of the target changes: a database file beside the
 * target's (SQLite; renamed over it at the end) or the target database itself (PostgreSQL:
 * loaded in one transaction), and a files folder beside the target's.
 */
export interface RestoreStaging {
  database: Database;
  filesFolder: string;
  /** Makes the staged restore the target's; the last step. */
  commit(): Promise<void>;
  /** Removes what was staged; the target stays as it was. */
  discard(): Promise<void>;
}

export async function openStaging(config: AppConfig, replace: boolean): Promise<RestoreStaging> {
  const stagedFiles = path.join(config.dataDir, '.files-restoring');
  await rm(stagedFiles, { recursive: true, force: true });
  await mkdir(stagedFiles, { recursive: true });
  const swapFiles = async () => {
    const target = filesFolder(config);
    const replaced = path.join(config.dataDir, `.files-replaced-${Date.now()}`);
    if (existsSync(target)) await rename(target, replaced);
    await rename(stagedFiles, target);
    await rm(replaced, { recursive: true, force: true });
  };

  if (config.database.kind === 'sqlite') {
    const file = config.database.file;
    const staged = `${file}.restoring`;
    await removeSqliteFiles(staged);
    const database = openDatabase({ kind: 'sqlite', file: staged });
    return {
      database,
      filesFolder: stagedFiles,
      async commit() {
        await database.close();
        // A write-ahead log left beside the old file would be replayed into the new one (the
        // old file itself is replaced by the rename, atomically).
        await removeSqliteFiles(file, ['-wal', '-shm', '-journal']);
        await rename(staged, file);
        await swapFiles();
      },
      async discard() {
        await database.close();
        await removeSqliteFiles(staged);
        await rm(stagedFiles, { recursive: true, force: true });
      },
    };
  }

  const database = openDatabase(config.database);
  // With --force the target's tables are moved aside (one transaction), not dropped: a restore
  // that fails after the check moves them back, and only a successful one drops them.
  const aside = replace ? await moveTablesAside(database) : null;
  return {
    database,
    filesFolder: stagedFiles,
    async commit() {
      await swapFiles();
      if (aside) await sql`drop schema ${sql.id(aside)} cascade`.execute(database.db);
      await database.close();
    },
    async discard() {
      try {
        await database.db.transaction().execute(async (trx) => {
          for (const table of (await ourTables(trx, 'current')).reverse()) {
            await sql`drop table ${sql.table(table)} cascade`.execute(trx);
          }
          if (aside) await moveTables(trx, aside, 'back');
        });
      } finally {
        await database.close();
        await rm(stagedFiles, { recursive: true, force: true });
      }
    },
  };
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

async function moveTablesAside(database: Database): Promise<string> {
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

export async function removeSqliteFiles(
  file: string,
  suffixes = ['', '-wal', '-shm', '-journal'],
): Promise<void> {
  for (const suffix of suffixes) await rm(`${file}${suffix}`, { force: true });
}

async function readdirOrEmpty(folder: string): Promise<string[]> {
  return readdir(folder).catch(() => [] as string[]);
}

/** better-auth's options for the staged database: migrations need its table definitions. */
export function authOptionsFor(config: AppConfig, database: Database) {
  const log = silentLogger();
  const mail = new MailService(
    { smtpUrl: null, from: config.mail.from, outboxDir: path.join(config.dataDir, 'outbox') },
    log,
  );
  return {
    options: createAuthOptions({
      config,
      database,
      people: new PeopleService(new PeopleRepository(database)),
      mail,
      log,
    }),
    close: () => mail.close(),
  };
}

/** Restores print their own progress; what better-auth would log while migrating is not news. */
function silentLogger(): FastifyBaseLogger {
  const nothing = () => undefined;
  const logger: FastifyBaseLogger = {
    level: 'silent',
    fatal: nothing,
    error: nothing,
    warn: nothing,
    info: nothing,
    debug: nothing,
    trace: nothing,
    silent: nothing,
    child: () => logger,
  };
  return logger;
}
