import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env';
import { openDatabase, type Database } from '../../db/database';
import { createAuthOptions } from '../auth/auth-options';
import { filesFolderOf } from '../files/local-disk-file-storage';
import { MailService } from '../mail/mail.service';
import { PeopleRepository } from '../people/people.repository';
import { PeopleService } from '../people/people.service';
import { removeSqliteFiles } from '../../db/sqlite-files';
import {
  contentTablesWithRows,
  dropAside,
  dropOwnTablesAndMoveBack,
  moveTablesAside,
} from './restore-target.repository';

/**
 * What the target already holds, said for the operator, or null when it is empty: no database
 * file (or no rows in it) and no stored files.
 */
export async function describeTargetContents(
  config: AppConfig,
  held: SqliteDatabase.Database | null = null,
): Promise<string | null> {
  const found: string[] = [];
  const rowsIn = await contentTablesWithRows(config.database, held);
  if (rowsIn.length > 0) found.push(`rows in ${rowsIn.join(', ')}`);
  const files = (await readdirOrEmpty(filesFolder(config))).filter((n) => !n.startsWith('.'));
  if (files.length > 0) found.push(`${files.length} stored files in ${filesFolder(config)}`);
  return found.length > 0 ? found.join('; ') : null;
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
      if (aside) await dropAside(database, aside);
      await database.close();
    },
    async discard() {
      try {
        await dropOwnTablesAndMoveBack(database, aside);
      } finally {
        await database.close();
        await rm(stagedFiles, { recursive: true, force: true });
      }
    },
  };
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
