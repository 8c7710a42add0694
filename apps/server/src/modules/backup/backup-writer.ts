import { createHash } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import tar from 'tar-stream';
import type { DatabaseConfig } from '../../config/env';
import type { FileStorage } from '../files/file-storage';
import {
  ARCHIVE_FORMAT,
  BackupError,
  FILES_PREFIX,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  tableChunkEntry,
  type ArchiveHeader,
  type Manifest,
  type ManifestEntry,
} from './backup-archive';
import { encryptingStream, type ArchiveEncryption } from './archive-encryption';
import { archivedRow, LEFT_OUT_TABLES } from './backup-tables';
import { collectionCounter } from './collection-counter';
import { withDatabaseSnapshot, type Row } from './database-snapshot.repository';

const gzipAsync = promisify(gzip);

/** Rows of a table go into entries of about this size: streamed, yet few entries. */
const CHUNK_BYTES = 4 * 1024 * 1024;

export interface BackupSource {
  database: DatabaseConfig;
  storage: FileStorage;
  productVersion: string;
  /** Encrypt the archive (age); null or absent: a plain tar. */
  encryption?: ArchiveEncryption | null;
  now?: () => Date;
}

export type BackupProgress =
  | { phase: 'table'; table: string; rows: number }
  | { phase: 'files'; files: number; bytes: number; totalFiles: number };

/**
 * Writes a backup archive (backup-archive.ts) of one moment of a running installation to
 * `output`, streamed: memory stays flat whatever the size. Resolves with the manifest once the
 * archive is complete; on failure `output` is destroyed, so a half-written archive never looks
 * complete (it has no manifest either).
 */
export async function writeBackup(
  source: BackupSource,
  output: Writable,
  onProgress: (progress: BackupProgress) => void = () => undefined,
): Promise<Manifest> {
  const pack = tar.pack();
  const encrypting = source.encryption
    ? await encryptingStream(source.encryption).catch((error: unknown) => {
        output.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      })
    : null;
  const written = encrypting ? pipeline(pack, encrypting, output) : pipeline(pack, output);
  // A reader that goes away (a download cancelled) ends the pipeline, and the backup must end
  // too (it holds a database snapshot and the file deletions): tar-stream fails the entry being
  // written when the pack is destroyed, and each step also ends with the pipeline, so that does
  // not depend on it.
  const broken = new Promise<never>((_, reject) => {
    written.catch(reject);
  });
  broken.catch(() => undefined);
  const whileWritten = <T>(step: Promise<T>): Promise<T> => Promise.race([step, broken]);
  const mtime = (source.now ?? (() => new Date()))();
  const entries: ManifestEntry[] = [];
  const add = async (name: string, content: Buffer | Readable, size: number) => {
    const sha256 = await whileWritten(addEntry(pack, { name, size, mtime }, content));
    entries.push({ name, size, sha256 });
    return sha256;
  };

  // Held before the database moment is taken: a file deleted after that moment stays readable
  // until it is copied (files.service deletes a file's row before its bytes).
  const release = await source.storage.holdDeletions();
  try {
    const manifest = await withDatabaseSnapshot(source.database, async (snapshot) => {
      const header: ArchiveHeader = {
        format: ARCHIVE_FORMAT,
        product: 'quality-audit',
        productVersion: source.productVersion,
        createdAt: mtime.toISOString(),
        source: snapshot.source,
        migrations: snapshot.migrations,
      };
      const headerBytes = jsonBytes(header);
      await add(HEADER_ENTRY, headerBytes, headerBytes.length);

      const tables: Record<string, number> = {};
      const collections = collectionCounter();
      for (const table of snapshot.tables) {
        if (LEFT_OUT_TABLES.has(table)) {
          tables[table] = 0;
          continue;
        }
        let rows = 0;
        let chunk: Buffer[] = [];
        let chunkBytes = 0;
        let chunkNumber = 0;
        const flush = async () => {
          if (chunk.length === 0) return;
          // The fastest level: JSON text shrinks several times even so, and a higher one would
          // take CPU from the server that goes on running meanwhile.
          const content = await gzipAsync(Buffer.concat(chunk), { level: 1 });
          chunk = [];
          chunkBytes = 0;
          chunkNumber += 1;
          await add(tableChunkEntry(table, chunkNumber), content, content.length);
        };
        for await (const batch of snapshot.rows(table)) {
          for (const row of batch) {
            const line = Buffer.from(`${JSON.stringify(archivedRow(table, row))}\n`);
            chunk.push(line);
            chunkBytes += line.length;
            if (table === 'documents') collections.count(row);
            if (chunkBytes >= CHUNK_BYTES) await flush();
          }
          rows += batch.length;
          onProgress({ phase: 'table', table, rows });
        }
        await flush();
        tables[table] = rows;
      }

      const files = { count: 0, bytes: 0 };
      const totalFiles = tables.files ?? 0;
      if (snapshot.tables.includes('files')) {
        for await (const batch of snapshot.rows('files')) {
          for (const row of batch) {
            await copyFile(source.storage, row, add);
            files.count += 1;
            files.bytes += Number(row.size);
          }
          onProgress({ phase: 'files', files: files.count, bytes: files.bytes, totalFiles });
        }
      }
      return {
        format: ARCHIVE_FORMAT,
        productVersion: source.productVersion,
        migrations: snapshot.migrations,
        tables,
        collections: collections.result(),
        files,
        entries,
      } satisfies Manifest;
    });
    const manifestBytes = jsonBytes(manifest);
    await whileWritten(
      addEntry(pack, { name: MANIFEST_ENTRY, size: manifestBytes.length, mtime }, manifestBytes),
    );
    pack.finalize();
    await written;
    return manifest;
  } catch (error) {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    await written.catch(() => undefined);
    throw error;
  } finally {
    await release();
  }
}

async function copyFile(
  storage: FileStorage,
  row: Row,
  add: (name: string, content: Readable, size: number) => Promise<string>,
): Promise<void> {
  const key = String(row.storage_key);
  const content = await storage.get(key);
  if (!content) {
    throw new BackupError(`The stored file ${key} (file ${String(row.id)}) is missing`);
  }
  if (content.size !== Number(row.size)) {
    content.stream.destroy();
    throw new BackupError(
      `The stored file ${key} has ${content.size} bytes, its record says ${String(row.size)}`,
    );
  }
  const sha256 = await add(`${FILES_PREFIX}${key}`, content.stream, content.size).catch(
    (error: unknown) => {
      content.stream.destroy();
      throw error;
    },
  );
  // The archive carries what the disk has; a file that changed on disk is a damaged file.
  if (row.sha256 && sha256 !== row.sha256) {
    throw new BackupError(`The stored file ${key} does not match its recorded SHA-256`);
  }
}

function jsonBytes(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}

/** Adds one entry with backpressure; resolves with its SHA-256 once the pack has taken it. */
function addEntry(
  pack: tar.Pack,
  header: Partial<tar.Header> & Pick<tar.Header, 'name'>,
  content: Buffer | Readable,
): Promise<string> {
  const hash = createHash('sha256');
  return new Promise<string>((resolve, reject) => {
    const sink = pack.entry(header, (error) => {
      if (error) reject(error);
      else resolve(hash.digest('hex'));
    });
    if (Buffer.isBuffer(content)) {
      hash.update(content);
      sink.end(content);
      return;
    }
    // Destroyed with the pack when the download ends early: the entry's failure, not an
    // unhandled one.
    sink.on('error', reject);
    content.on('data', (data: Buffer) => hash.update(data));
    content.once('error', (error) => {
      sink.destroy(error);
      reject(error);
    });
    content.pipe(sink as unknown as Writable);
  });
}
