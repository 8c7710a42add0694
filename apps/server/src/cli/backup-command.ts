/**
 * Backs up a running (or stopped) installation into one archive (docs/operations.md), started
 * by backup.ts:
 *
 *   npm run backup -w @qa/server -- --to /backups/qa-2026-11-26.tar [--passphrase-file <file>]
 *
 * Uses the server's environment (DATA_DIR, DATABASE_URL). The server may go on serving: the
 * archive is one consistent moment of the database with the files it lists. Written to
 * `<file>.partial` and renamed when complete, so a file under the given name is always whole.
 * Encrypted (age) to BACKUP_AGE_RECIPIENTS when set, or to the passphrase in the given file.
 */
import { existsSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { readBuildInfo } from '../config/build-info';
import { ConfigError, loadConfig } from '../config/env';
import { recipientsEncryption, type ArchiveEncryption } from '../modules/backup/archive-encryption';
import { BackupError, liveDocuments } from '../modules/backup/backup-archive';
import { writeBackup } from '../modules/backup/backup-writer';
import { filesFolderOf, LocalDiskFileStorage } from '../modules/files/local-disk-file-storage';
import { progressPrinter } from './progress-printer';

const USAGE = 'usage: backup --to <archive file (.tar)> [--passphrase-file <file>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, 'passphrase-file': { type: 'string' } },
  });
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
  let encryption: ArchiveEncryption | null = recipientsEncryption(config.backup.ageRecipients);
  const passphraseFile = values['passphrase-file'];
  if (passphraseFile) {
    if (encryption) {
      console.error(
        'BACKUP_AGE_RECIPIENTS is set: the archive is encrypted to those keys. Leave out ' +
          '--passphrase-file, or unset BACKUP_AGE_RECIPIENTS for this run.',
      );
      return 2;
    }
    const passphrase = await readPassphrase(passphraseFile);
    if (passphrase === null) return 1;
    encryption = { passphrase };
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
        encryption,
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
        `to ${values.to} (${size} bytes${encryption ? ', encrypted with age' : ''}) in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s.`,
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

/** The passphrase: the file's first line. Null (and why, printed) when there is none. */
async function readPassphrase(file: string): Promise<string | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  const passphrase = text?.split(/\r?\n/)[0] ?? '';
  if (text === null || passphrase.length < MIN_PASSPHRASE) {
    console.error(
      text === null
        ? `There is no passphrase file at ${file}.`
        : `The passphrase in ${file} is shorter than ${MIN_PASSPHRASE} characters: choose a longer one.`,
    );
    return null;
  }
  return passphrase;
}

/** scrypt slows guessing, but a short passphrase is still guessed: the age tool's advice. */
const MIN_PASSPHRASE = 12;

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
