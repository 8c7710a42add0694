/**
 * Restores a backup archive (docs/operations.md), with the server stopped:
 *
 *   npm run restore -w @qa/server -- --from /backups/qa-2026-11-26.tar [--force]
 *     [--identity <age identity file>]... [--passphrase-file <file>]
 *
 * Into the database and DATA_DIR the server's environment names: SQLite in DATA_DIR, or the
 * PostgreSQL of DATABASE_URL, whatever the archive came from (this is how an installation moves
 * from SQLite to PostgreSQL). Refuses a target that is not empty unless --force, and any archive
 * that is damaged, incomplete, altered or of a newer schema, leaving the target as it was, and
 * a target a server uses. An encrypted archive (age) opens with an identity file or its
 * passphrase. No one is signed in afterwards: the archive carries no sessions.
 */
import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env';
import { parseIdentityFile, type ArchiveKeys } from '../modules/backup/archive-encryption';
import { BackupError, liveDocuments } from '../modules/backup/backup-archive';
import { restoreBackup } from '../modules/backup/restore';
import { progressPrinter } from './progress-printer';

const USAGE =
  'usage: restore --from <archive file (.tar or .tar.age)> [--force] ' +
  '[--identity <age identity file>]... [--passphrase-file <file>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      force: { type: 'boolean', default: false },
      identity: { type: 'string', multiple: true },
      'passphrase-file': { type: 'string' },
    },
  });
  if (!values.from) {
    console.error(USAGE);
    return 2;
  }
  const from = values.from;
  if (!existsSync(from)) {
    console.error(`There is no archive at ${from}.`);
    return 1;
  }
  const keys = await readKeys(values.identity ?? [], values['passphrase-file']);
  if (!keys) return 1;
  const config = loadConfig();
  const target =
    config.database.kind === 'sqlite' ? config.database.file : 'the PostgreSQL of DATABASE_URL';
  const print = progressPrinter();
  try {
    const report = await restoreBackup({
      open: () => createReadStream(from),
      config,
      force: values.force,
      keys,
      onProgress: (progress) => {
        if (progress.phase === 'checked') {
          console.error('  The archive is complete and intact; restoring.');
        } else {
          print(progress);
        }
      },
    });
    const documents = liveDocuments(report.manifest);
    console.log(
      `Restored ${documents} documents and ${report.manifest.files.count} files from ${from} ` +
        `(made ${report.header.createdAt} by release ${report.header.productVersion} on ` +
        `${report.header.source}) into ${target} and ${config.dataDir}` +
        `${report.replaced ? `, replacing ${report.replaced}` : ''}. Start the server now; ` +
        'everyone signs in again (a backup carries no sessions).',
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

/** The keys given for an encrypted archive; null (and why, printed) when a file is missing. */
async function readKeys(
  identityFiles: string[],
  passphraseFile: string | undefined,
): Promise<ArchiveKeys | null> {
  const identities: string[] = [];
  for (const file of identityFiles) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) {
      console.error(`There is no identity file at ${file}.`);
      return null;
    }
    identities.push(...parseIdentityFile(text));
  }
  if (passphraseFile === undefined) return { identities };
  const text = await readFile(passphraseFile, 'utf8').catch(() => null);
  if (text === null) {
    console.error(`There is no passphrase file at ${passphraseFile}.`);
    return null;
  }
  return { identities, passphrase: text.split(/\r?\n/)[0] ?? '' };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error('The restore failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
