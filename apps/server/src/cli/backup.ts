/**
 * Backs up a running (or stopped) installation into one archive (docs/operations.md):
 *
 *   npm run backup -w @qa/server -- --to /backups/qa-2026-11-26.tar
 *
 * Uses the server's environment (DATA_DIR, DATABASE_URL). The server may go on serving: the
 * archive is one consistent moment of the database with the files it lists. Written to
 * `<file>.partial` and renamed when complete, so a file under the given name is always whole.
 */
import { existsSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { readBuildInfo } from '../config/build-info';
import { ConfigError, loadConfig } from '../config/env';
import { BackupError } from '../modules/backup/backup-archive';
import { writeBackup } from '../modules/backup/backup-writer';
import { filesFolderOf, LocalDiskFileStorage } from '../modules/files/local-disk-file-storage';

const USAGE = 'usage: backup --to <archive file (.tar)>';
/** Unix niceness of the backup process: well below the server, above idle. */
const BACKUP_NICENESS = 10;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (!values.to) {
    console.error(USAGE);
    return 2;
  }
  // The server on the same machine comes first: the backup takes the CPU it leaves (hashing and
  // copying hundreds of megabytes would otherwise slow everyone's commands while it runs).
  lowerPriority();
  const config = loadConfig();
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file)) {
    console.error(`There is no database at ${config.database.file}: is DATA_DIR right?`);
    return 1;
  }
  const partial = `${values.to}.partial`;
  const started = Date.now();
  let lastLine = 0;
  try {
    const manifest = await writeBackup(
      {
        database: config.database,
        storage: new LocalDiskFileStorage(filesFolderOf(config.dataDir)),
        productVersion: readBuildInfo(config.buildId).version,
        sessionSecret: config.sessionSecret,
      },
      createWriteStream(partial, { flags: 'wx', flush: true }),
      (progress) => {
        if (Date.now() - lastLine < 1000) return;
        lastLine = Date.now();
        console.error(
          progress.phase === 'table'
            ? `  ${progress.table}: ${progress.rows} rows`
            : `  files: ${progress.files} of ${progress.totalFiles}`,
        );
      },
    );
    await rename(partial, values.to);
    const { size } = await stat(values.to);
    const documents = Object.values(manifest.collections).reduce((n, c) => n + c.live, 0);
    console.log(
      `Backed up ${documents} documents, ${manifest.files.count} files (${manifest.files.bytes} bytes) ` +
        `to ${values.to} (${size} bytes) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof BackupError || isFileError(error)) {
      console.error(`The backup failed: ${(error as Error).message}`);
      return 1;
    }
    throw error;
  }
}

function lowerPriority(): void {
  try {
    os.setPriority(BACKUP_NICENESS);
  } catch {
    // Not allowed here (some containers): the backup runs at normal priority.
  }
}

function isFileError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException | null)?.code === 'string';
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error('The backup failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
