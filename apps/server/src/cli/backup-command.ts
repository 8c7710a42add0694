/**
 * Backs up a running (or stopped) installation into one archive (docs/operations.md), started
 * by backup.ts:
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
import { parseArgs } from 'node:util';
import { readBuildInfo } from '../config/build-info';
import { ConfigError, loadConfig } from '../config/env';
import { BackupError, liveDocuments } from '../modules/backup/backup-archive';
import { writeBackup } from '../modules/backup/backup-writer';
import { filesFolderOf, LocalDiskFileStorage } from '../modules/files/local-disk-file-storage';
import { progressPrinter } from './progress-printer';

const USAGE = 'usage: backup --to <archive file (.tar)>';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (!values.to) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file)) {
    console.error(`There is no database at ${config.database.file}: is DATA_DIR right?`);
    return 1;
  }
  if (existsSync(values.to)) {
    console.error(`${values.to} exists already: name a new file.`);
    return 1;
  }
  const partial = `${values.to}.partial`;
  let created = false;
  const started = Date.now();
  try {
    const manifest = await writeBackup(
      {
        database: config.database,
        storage: new LocalDiskFileStorage(filesFolderOf(config.dataDir)),
        productVersion: readBuildInfo(config.buildId).version,
        sessionSecret: config.sessionSecret,
      },
      createWriteStream(partial, { flags: 'wx', flush: true }).once('open', () => {
        created = true;
      }),
      progressPrinter(),
    );
    await rename(partial, values.to);
    const { size } = await stat(values.to);
    const documents = liveDocuments(manifest);
    console.log(
      `Backed up ${documents} documents, ${manifest.files.count} files (${manifest.files.bytes} bytes) ` +
        `to ${values.to} (${size} bytes) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } catch (error) {
    // Only this run's own: another run may be writing a partial file of the same name.
    if (created) await rm(partial, { force: true });
    if (error instanceof BackupError || isFileError(error)) {
      console.error(`The backup failed: ${(error as Error).message}`);
      return 1;
    }
    throw error;
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
