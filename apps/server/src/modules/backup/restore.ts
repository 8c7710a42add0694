import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/database';
import { knownMigrations, migrateDatabase, migrateDatabaseTo } from '../../db/migrate';
import { assertStorageKey } from '../files/file-storage';
import { renewChangeLogId } from '../sync/change-log-id';
import { BackupError, type ArchiveHeader, type Manifest } from './backup-archive';
import { plainArchive, type ArchiveKeys } from './archive-encryption';
import { readArchive } from './archive-reader';
import { LEFT_OUT_TABLES } from './backup-tables';
import { collectionCounter } from './collection-counter';
import { RestoreRepository } from './restore.repository';
import { authOptionsFor, describeTargetContents, openStaging } from './restore-target';
import { holdUnusedTarget, type TargetHold } from './target-in-use';

export interface RestoreOptions {
  /** Opens the archive from its start; called twice (check, then load). */
  open: () => Readable;
  /** The target: DATABASE_URL (or SQLite in DATA_DIR) and DATA_DIR, as the server would use. */
  config: AppConfig;
  /** Replace what the target holds instead of refusing a target that is not empty. */
  force?: boolean;
  /** What opens an encrypted archive (archive-encryption.ts). */
  keys?: ArchiveKeys;
  onProgress?: (progress: RestoreProgress) => void;
}

export type RestoreProgress =
  | { phase: 'checked'; manifest: Manifest }
  | { phase: 'table'; table: string; rows: number }
  | { phase: 'files'; files: number; totalFiles: number };

export interface RestoreReport {
  header: ArchiveHeader;
  manifest: Manifest;
  /** The target held data that the restore replaced (only with force). */
  replaced: string | null;
}

/**
 * Restores an archive of writeBackup into the configured target, on either database whatever
 * the archive's source. First the whole archive is read and checked against its manifest
 * (hashes, counts, files against their records, the schema against this release) without
 * touching anything; then it is loaded into a staging place and made the target's in the last
 * step. A refused archive or target leaves the target as it was. No session is restored: everyone
 * signs in again.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  // Before anything else: a server on the target would go on with the data it has in memory.
  const held = await holdUnusedTarget(options.config.database);
  try {
    return await restoreUnused(options, held);
  } finally {
    await held.release();
  }
}

async function restoreUnused(options: RestoreOptions, held: TargetHold): Promise<RestoreReport> {
  const open = await plainArchive(options.open, options.keys);
  const replaced = await describeTargetContents(options.config, held.sqlite);
  if (replaced && !options.force) {
    throw new BackupError(
      `The target is not empty (${replaced}). Restore into an empty data folder or database, ` +
        'or pass --force to replace what it holds. Nothing was restored.',
    );
  }
  const known = await knownMigrations();
  const checked = await checkArchive(open(), known);
  options.onProgress?.({ phase: 'checked', manifest: checked.manifest });

  const staging = await openStaging(options.config, Boolean(replaced));
  const auth = authOptionsFor(options.config, staging.database);
  try {
    await migrateDatabaseTo(staging.database, auth.options, checked.header.migrations.at(-1)!);
    await load(options, open, staging.database, staging.filesFolder, checked.manifest);
    // The rows are those of the archive's schema; migrations bring them to this release's.
    await migrateDatabase(staging.database, auth.options);
  } catch (error) {
    // The first failure is the one to tell; one while putting things back is told beside it.
    await staging.discard().catch((undo: unknown) => {
      throw new BackupError(
        `The restore failed (${describe(error)}) and putting the target back failed too ` +
          `(${describe(undo)}); with --force on PostgreSQL the replaced tables are in the ` +
          'schema qa_replaced_<time>.',
      );
    });
    throw error;
  } finally {
    auth.close();
  }
  // The target's lock is let go only now: the staged database takes the target's place.
  await held.release();
  await staging.commit();
  return { header: checked.header, manifest: checked.manifest, replaced };
}

async function checkArchive(
  input: Readable,
  known: string[],
): Promise<{ header: ArchiveHeader; manifest: Manifest }> {
  let header: ArchiveHeader | null = null;
  const tables: Record<string, number> = {};
  const collections = collectionCounter();
  const fileRecords = new Map<string, { sha256: string; size: number }>();
  const fileEntries = new Map<string, { sha256: string; size: number }>();
  const manifest = await readArchive(input, {
    header(value) {
      checkSchema(value, known);
      header = value;
    },
    rows(table, rows) {
      tables[table] = (tables[table] ?? 0) + rows.length;
      for (const row of rows) {
        if (table === 'documents') collections.count(row);
        if (table === 'files') {
          fileRecords.set(String(row.storage_key), {
            sha256: String(row.sha256),
            size: Number(row.size),
          });
        }
      }
    },
    async file(key, content, size) {
      const hash = createHash('sha256');
      for await (const chunk of content) hash.update(chunk as Buffer);
      fileEntries.set(key, { sha256: hash.digest('hex'), size });
    },
  });
  const differs = (a: unknown, b: unknown) =>
    JSON.stringify(sorted(a)) !== JSON.stringify(sorted(b));
  const problem = (what: string) =>
    new BackupError(`The archive's ${what} do not match its manifest. Nothing was restored.`);
  for (const table of new Set([...Object.keys(tables), ...Object.keys(manifest.tables)])) {
    if ((tables[table] ?? 0) !== manifest.tables[table]) throw problem(`rows of ${table}`);
  }
  if (differs(collections.result(), manifest.collections))
    throw problem('documents per collection');
  const bytes = [...fileEntries.values()].reduce((sum, file) => sum + file.size, 0);
  if (fileEntries.size !== manifest.files.count || bytes !== manifest.files.bytes) {
    throw problem('files');
  }
  for (const [key, record] of fileRecords) {
    const entry = fileEntries.get(key);
    if (!entry || entry.sha256 !== record.sha256 || entry.size !== record.size) {
      throw new BackupError(
        `The archive's file ${key} is missing or differs from its record (SHA-256). Nothing was restored.`,
      );
    }
  }
  if (fileRecords.size !== fileEntries.size) throw problem('files and file records');
  return { header: header!, manifest };
}

/** The archive's schema must be this release's or an earlier one of the same line. */
function checkSchema(header: ArchiveHeader, known: string[]): void {
  const archiveLast = header.migrations.at(-1) ?? '(none)';
  const knownLast = known.at(-1) ?? '(none)';
  const unknown = header.migrations.find((name) => !known.includes(name));
  if (unknown) {
    throw new BackupError(
      `The archive has a newer schema (${archiveLast}, made by release ${header.productVersion}) ` +
        `than this release knows (${knownLast}). Restore it with that release or a newer one.`,
    );
  }
  if (header.migrations.length === 0 || header.migrations.some((name, i) => known[i] !== name)) {
    throw new BackupError(
      `The archive's schema (${archiveLast}) is not one this release can upgrade.`,
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sorted(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => [key, sorted(inner)]),
  );
}

async function load(
  options: RestoreOptions,
  open: () => Readable,
  database: Database,
  filesFolder: string,
  manifest: Manifest,
): Promise<void> {
  const rows = new RestoreRepository(database);
  const totalFiles = manifest.files.count;
  let files = 0;
  const loaded: Record<string, number> = {};
  await database.db.transaction().execute(async () => {
    await rows.clear(Object.keys(manifest.tables));
    await readArchive(open(), {
      header: () => undefined,
      async rows(table, batch) {
        // An archive of an earlier release carries live sessions; no one is signed in after.
        if (LEFT_OUT_TABLES.has(table)) return;
        await rows.insert(table, batch);
        loaded[table] = (loaded[table] ?? 0) + batch.length;
        options.onProgress?.({ phase: 'table', table, rows: loaded[table] });
      },
      async file(key, content) {
        assertStorageKey(key);
        await pipeline(content, createWriteStream(path.join(filesFolder, key), { flush: true }));
        files += 1;
        options.onProgress?.({ phase: 'files', files, totalFiles });
      },
    });
    // What the archive said is what the target now holds, or nothing is kept.
    for (const [table, carried] of Object.entries(manifest.tables)) {
      const expected = LEFT_OUT_TABLES.has(table) ? 0 : carried;
      const count = await rows.count(table);
      if (count !== expected) {
        throw new BackupError(`Restoring ${table} gave ${count} rows instead of ${expected}.`);
      }
    }
    // Sequence numbers of this log continue from the backup's moment: browsers must learn that
    // their replicas' positions belong to another log (docs/sync.md).
    await renewChangeLogId(database);
  });
}
