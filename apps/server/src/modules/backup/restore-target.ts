import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
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
    const present = new Set(
      (await database.db.introspection.getTables()).map((table) => table.name),
    );
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
        // A write-ahead log left beside the old file would be replayed into the new one.
        await removeSqliteFiles(file);
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
  if (replace) await dropDataTables(database);
  return {
    database,
    filesFolder: stagedFiles,
    async commit() {
      await database.close();
      await swapFiles();
    },
    async discard() {
      await database.close();
      await rm(stagedFiles, { recursive: true, force: true });
    },
  };
}

async function dropDataTables(database: Database): Promise<void> {
  // Kysely's introspection leaves out its own tables; they go too, or the migrations would
  // think they had run.
  const names = (await database.db.introspection.getTables()).map((table) => table.name);
  const ours = [...orderTables(names), 'kysely_migration', 'kysely_migration_lock'];
  await database.db.transaction().execute(async (trx) => {
    for (const table of ours.reverse()) {
      await sql`drop table if exists ${sql.table(table)} cascade`.execute(trx);
    }
  });
}

async function removeSqliteFiles(file: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm', '-journal'])
    await rm(`${file}${suffix}`, { force: true });
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
