import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  CONFIGURATION_COLLECTION,
  configSegmentOrDefault,
  type FileOwner,
  type StoredFileParent,
} from '@qa/domain';
import type { DocumentsRepository } from '../sync/documents.repository';

/** The stored audit a file belongs to and, if the owner names one, its stored audit item. */
export interface FileParentDocuments {
  audit: StoredFileParent | null;
  item: StoredFileParent | null;
}

/**
 * Reads the documents the file rules judge by (the audit, its item, the configured file types)
 * from the sync tables, so the team, the protection and the types are the stored ones. Read
 * only; tombstones included.
 */
export class FileParents {
  constructor(private readonly documents: Pick<DocumentsRepository, 'findMany'>) {}

  async of(owner: FileOwner): Promise<FileParentDocuments> {
    const refs = [{ collection: AUDITS_COLLECTION, id: owner.auditId }];
    if (owner.auditItemId !== null) {
      refs.push({ collection: AUDIT_ITEMS_COLLECTION, id: owner.auditItemId });
    }
    const found = await this.documents.findMany(refs);
    const pick = (collection: string, id: string | null): StoredFileParent | null => {
      const doc = found.find((d) => d.collection === collection && d.id === id);
      return doc ? { deleted: doc.deleted, data: doc.data } : null;
    };
    return {
      audit: pick(AUDITS_COLLECTION, owner.auditId),
      item: pick(AUDIT_ITEMS_COLLECTION, owner.auditItemId),
    };
  }

  /** The stored audit alone (a download, the check after an upload). */
  async audit(auditId: string): Promise<StoredFileParent | null> {
    const [doc] = await this.documents.findMany([{ collection: AUDITS_COLLECTION, id: auditId }]);
    return doc ? { deleted: doc.deleted, data: doc.data } : null;
  }

  /** Of these audit ids, the ones not stored as a live audit (deleted or never stored). */
  async goneAudits(auditIds: readonly string[]): Promise<string[]> {
    const found = await this.documents.findMany(
      auditIds.map((id) => ({ collection: AUDITS_COLLECTION, id })),
    );
    const live = new Set(found.filter((doc) => !doc.deleted).map((doc) => doc.id));
    return auditIds.filter((id) => !live.has(id));
  }

  /**
   * The file types the `app` configuration segment allows (SPEC section 5 "unless configured
   * otherwise"); the default list while the segment is missing, deleted or invalid.
   */
  async allowedExtensions(): Promise<readonly string[]> {
    const [doc] = await this.documents.findMany([
      { collection: CONFIGURATION_COLLECTION, id: 'app' },
    ]);
    const data = doc && !doc.deleted ? doc.data : undefined;
    return configSegmentOrDefault('app', data).attachments.allowedExtensions;
  }
}
