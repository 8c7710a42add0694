import { Dexie, liveQuery, type DexieOptions, type EntityTable, type Observable } from 'dexie';
import type { OfflineBlob, OfflineFile } from './offline-files';

/*
 * The database of files kept on this device, apart from the functions that use it
 * (offline-files.ts): those only need an open database, which the sync engine's chunk brings,
 * so a screen that shows photos does not carry Dexie in its own first load (issue 40).
 */

/** What Dexie needs besides the browser's globals (tests pass fake-indexeddb's). */
export type IndexedDbDeps = Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>;

export class OfflineFilesDatabase extends Dexie {
  declare files: EntityTable<OfflineFile, 'fileId'>;
  declare blobs: EntityTable<OfflineBlob, 'fileId'>;

  /** One database per person, so a shared device never mixes two people's pending files. */
  constructor(personId: string, deps?: IndexedDbDeps) {
    super(`qa-files-${personId}`, deps);
    this.version(1).stores({ files: 'fileId, uploaded' });
    // The bytes move out of the rows once (version 1 kept them in `files.blob`).
    this.version(2)
      .stores({ files: 'fileId, uploaded', blobs: 'fileId' })
      .upgrade(async (tx) => {
        const files = tx.table<OfflineFile & { blob?: Blob | null }, string>('files');
        const rows = await files.toArray();
        await tx
          .table<OfflineBlob, string>('blobs')
          .bulkAdd(
            rows.flatMap((file) => (file.blob ? [{ fileId: file.fileId, blob: file.blob }] : [])),
          );
        await files.toCollection().modify((file) => {
          delete file.blob;
        });
      });
  }

  /** `read`, again whenever what it read changes (Dexie's liveQuery). */
  watch<T>(read: () => Promise<T>): Observable<T> {
    return liveQuery(read);
  }
}

export function openOfflineFiles(personId: string, deps?: IndexedDbDeps): OfflineFilesDatabase {
  return new OfflineFilesDatabase(personId, deps);
}
