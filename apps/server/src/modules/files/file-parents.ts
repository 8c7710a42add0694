import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  CONFIGURATION_COLLECTION,
  configSegmentOrDefault,
  PEOPLE_COLLECTION,
  type FileOwner,
  type StoredFileParent,
} from '@qa/domain';
import type { DocumentsRepository } from '../sync/documents.repository';

/** Which of some person ids have a record in the `people` table. */
export type PersonRecordIds = (personIds: readonly string[]) => Promise<Set<string>>;

/** The stored audit a file belongs to and, if the owner names one, its stored audit item. */
export interface FileParentDocuments {
  audit: StoredFileParent | null;
  item: StoredFileParent | null;
}

/**
 * Reads the documents the file rules judge by (the audit, its item, the configured file types)
 * from the sync tables, so the team, the protection and the types are the stored ones, and
 * which people exist (a file of a person: their avatar). Read only; tombstones included.
 */
export class FileParents {
  constructor(
    private readonly documents: Pick<DocumentsRepository, 'findMany'>,
    private readonly personRecords: PersonRecordIds = () => Promise.resolve(new Set()),
  ) {}

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
   * Of these person ids, the ones that exist: with a record in the `people` table or a live
   * document of the replicated `people` collection (a person without login).
   */
  async livePeople(personIds: readonly string[]): Promise<Set<string>> {
    const live = await this.personRecords(personIds);
    const rest = personIds.filter((id) => !live.has(id));
    if (rest.length === 0) return live;
    const found = await this.documents.findMany(
      rest.map((id) => ({ collection: PEOPLE_COLLECTION, id })),
    );
    for (const doc of found) if (!doc.deleted) live.add(doc.id);
    return live;
  }

  /** The person exists (see livePeople). */
  async personExists(personId: string): Promise<boolean> {
    return (await this.livePeople([personId])).has(personId);
  }

  /** Of these person ids, the ones that do not exist (deleted or never stored). */
  async gonePeople(personIds: readonly string[]): Promise<string[]> {
    const live = await this.livePeople(personIds);
    return personIds.filter((id) => !live.has(id));
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
