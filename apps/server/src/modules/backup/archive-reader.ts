import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import tar from 'tar-stream';
import {
  archiveHeaderSchema,
  BackupError,
  FILES_PREFIX,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  manifestSchema,
  SECRET_ENTRY,
  tableOfEntry,
  type ArchiveHeader,
  type Manifest,
  type ManifestEntry,
} from './backup-archive';
import type { Row } from './database-snapshot.repository';

export interface ArchiveHandlers {
  /** The first entry, checked against this release before anything else is read. */
  header(header: ArchiveHeader): void | Promise<void>;
  rows(table: string, rows: Row[]): void | Promise<void>;
  /** The content of `files/<key>`: the handler must consume it. */
  file(key: string, content: Readable, size: number): Promise<void>;
  /** The installation's session secret, when the archive carries it. */
  secret?(value: string): void | Promise<void>;
}

const NOTHING_RESTORED = 'Nothing was restored.';
/** backup.json and manifest.json are small; a larger one is not an archive of ours. */
const MAX_JSON_ENTRY_BYTES = 64 * 1024 * 1024;
/** A chunk of rows is written at about 4 MB of JSON; this leaves room, not a gzip bomb. */
const MAX_CHUNK_BYTES = 256 * 1024 * 1024;
const gunzipAsync = promisify(gunzip);

/**
 * Reads an archive from start to end, checking as it goes what can be checked (the order of
 * entries, sizes, JSON) and at the end what only the manifest knows: every entry's size and
 * SHA-256, in order. Any failure is a BackupError saying what is wrong with the archive.
 */
export async function readArchive(input: Readable, handlers: ArchiveHandlers): Promise<Manifest> {
  const extract = tar.extract();
  const piped = pipeline(input, extract as unknown as NodeJS.WritableStream);
  const seen: ManifestEntry[] = [];
  let header: ArchiveHeader | null = null;
  let manifest: Manifest | null = null;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      const size = entry.header.size ?? 0;
      if (manifest) throw new BackupError(`The archive has an entry after its manifest: ${name}`);
      const hash = createHash('sha256');
      const counted = { bytes: 0 };
      if (!name.startsWith(FILES_PREFIX) && size > MAX_JSON_ENTRY_BYTES) {
        throw new BackupError(`The archive's entry ${name} is too large (${size} bytes).`);
      }
      const content = Readable.from(hashing(entry as AsyncIterable<Buffer>, hash, counted), {
        objectMode: false,
      });
      if (!header) {
        if (name !== HEADER_ENTRY) {
          throw new BackupError(
            `This is not a backup archive: it does not begin with ${HEADER_ENTRY}.`,
          );
        }
        header = parseJson(await readAll(content), archiveHeaderSchema, name);
        const read = header;
        await handled(() => handlers.header(read));
      } else if (name === MANIFEST_ENTRY) {
        manifest = parseJson(await readAll(content), manifestSchema, name);
        continue;
      } else if (name === SECRET_ENTRY) {
        const value = (await readAll(content)).toString('utf8');
        await handled(() => handlers.secret?.(value));
      } else if (tableOfEntry(name)) {
        const rows = parseRows(
          await gunzipAsync(await readAll(content), { maxOutputLength: MAX_CHUNK_BYTES }),
          name,
        );
        await handled(() => handlers.rows(tableOfEntry(name)!, rows));
      } else if (name.startsWith(FILES_PREFIX)) {
        await handled(() => handlers.file(name.slice(FILES_PREFIX.length), content, size));
        for await (const chunk of content) void chunk; // whatever the handler left
      } else {
        throw new BackupError(`The archive has an unknown entry: ${name}`);
      }
      if (counted.bytes !== size) {
        throw new BackupError(`The archive's entry ${name} is shorter than its header says.`);
      }
      seen.push({ name, size, sha256: hash.digest('hex') });
    }
    await piped;
  } catch (error) {
    extract.destroy();
    await piped.catch(() => undefined);
    // What the handlers do with good content (a database write) failed: not the archive's fault.
    if (error instanceof HandlerError) throw error.cause;
    if (error instanceof BackupError) throw new BackupError(`${error.message} ${NOTHING_RESTORED}`);
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`The archive is damaged or incomplete (${reason}). ${NOTHING_RESTORED}`);
  }
  if (!header) throw new BackupError(`The archive is empty. ${NOTHING_RESTORED}`);
  if (!manifest) {
    throw new BackupError(
      `The archive is incomplete: it has no manifest (the backup was cut short). ${NOTHING_RESTORED}`,
    );
  }
  checkEntries(seen, manifest.entries);
  return manifest;
}

/** Marks a failure of a handler, so it is not taken for a damaged archive. */
class HandlerError extends Error {
  constructor(override readonly cause: unknown) {
    super('handler failed');
  }
}

async function handled(work: () => void | Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    throw error instanceof BackupError ? error : new HandlerError(error);
  }
}

function checkEntries(seen: ManifestEntry[], listed: ManifestEntry[]): void {
  const count = Math.max(seen.length, listed.length);
  for (let i = 0; i < count; i += 1) {
    const actual = seen[i];
    const expected = listed[i];
    if (!actual || !expected || actual.name !== expected.name) {
      throw new BackupError(
        `The archive's entries differ from its manifest at ${actual?.name ?? expected?.name}. ${NOTHING_RESTORED}`,
      );
    }
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new BackupError(
        `The archive's entry ${actual.name} does not match its manifest (size or SHA-256): the archive was changed or damaged. ${NOTHING_RESTORED}`,
      );
    }
  }
}

async function* hashing(
  source: AsyncIterable<Buffer>,
  hash: ReturnType<typeof createHash>,
  counted: { bytes: number },
): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    hash.update(chunk);
    counted.bytes += chunk.length;
    yield chunk;
  }
}

async function readAll(content: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseJson<T>(
  bytes: Buffer,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  name: string,
): T {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError(`The archive's ${name} is not valid JSON.`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new BackupError(`The archive's ${name} is not one this release understands.`);
  }
  return parsed.data;
}

function parseRows(bytes: Buffer, name: string): Row[] {
  const rows: Row[] = [];
  for (const line of bytes.toString('utf8').split('\n')) {
    if (line === '') continue;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new BackupError(`The archive's ${name} has a line that is not JSON.`);
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new BackupError(`The archive's ${name} has a line that is not a row.`);
    }
    rows.push(row as Row);
  }
  return rows;
}
