import { z } from 'zod';

/**
 * The backup archive (docs/operations.md): a tar of
 *
 *   backup.json                      what it is: format, product and schema version, source
 *   database/<table>/<n>.ndjson.gz   the rows of each table, one JSON object per line, in
 *                                    gzip-compressed chunks
 *   files/<storage key>              the stored files, as they are
 *   manifest.json                    last: counts per table and collection, SHA-256 of every entry
 *
 * Only the rows are compressed: photos and PDFs are compressed already, and deflating hundreds
 * of megabytes of them would take the CPU the running server needs during a backup for nothing.
 * The manifest comes last because it is only known once everything is written (the archive is
 * streamed, never held); an archive without it was cut short. backup.json comes first so a
 * restore refuses an archive of a newer schema before reading anything else.
 *
 * Archives of releases before issue 35 also carry `secrets/session-secret` (and the rows of live
 * sessions): a restore reads and checks it like any entry but keeps neither.
 */
export const ARCHIVE_FORMAT = 1;
export const HEADER_ENTRY = 'backup.json';
export const MANIFEST_ENTRY = 'manifest.json';
/** Only in archives of earlier releases (see above). */
export const SECRET_ENTRY = 'secrets/session-secret';
export const DATABASE_PREFIX = 'database/';
export const FILES_PREFIX = 'files/';

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

export const archiveHeaderSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  product: z.literal('quality-audit'),
  productVersion: z.string().min(1).max(100),
  createdAt: z.string().min(1).max(64),
  /** The database the backup was read from: 'sqlite' or 'postgres'. */
  source: z.enum(['sqlite', 'postgres']),
  /** The schema: the migrations applied to the source, in order. */
  migrations: z.array(z.string().min(1).max(200)).max(10_000),
});
export type ArchiveHeader = z.infer<typeof archiveHeaderSchema>;

export const manifestEntrySchema = z.object({
  name: z.string().min(1).max(500),
  size: z.number().int().min(0),
  sha256: sha256Schema,
});
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  productVersion: z.string().min(1).max(100),
  migrations: z.array(z.string().min(1).max(200)).max(10_000),
  /** Rows per table. */
  tables: z.record(z.string(), z.number().int().min(0)),
  /** Documents per collection, live and deleted (tombstones). */
  collections: z.record(
    z.string(),
    z.object({ live: z.number().int().min(0), deleted: z.number().int().min(0) }),
  ),
  files: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) }),
  /** Every entry before the manifest, in archive order. */
  entries: z.array(manifestEntrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Live documents of all collections, as the commands report them. */
export function liveDocuments(manifest: Manifest): number {
  return Object.values(manifest.collections).reduce((sum, counts) => sum + counts.live, 0);
}

/** A refused archive or target: the message says what and what to do; nothing was changed. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** `database/<table>/<n>.ndjson.gz` -> table name, or null for another entry. */
export function tableOfEntry(name: string): string | null {
  const match = /^database\/([A-Za-z0-9_]+)\/\d+\.ndjson\.gz$/.exec(name);
  return match ? match[1]! : null;
}

export function tableChunkEntry(table: string, chunk: number): string {
  return `${DATABASE_PREFIX}${table}/${String(chunk).padStart(6, '0')}.ndjson.gz`;
}
