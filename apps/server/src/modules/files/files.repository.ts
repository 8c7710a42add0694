import { isPersonFileOwner, type AnyFileOwner } from '@qa/domain';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { FilesTable } from '../../db/schema';

/** An uploaded file as the service sees it. */
export interface FileRecord {
  id: string;
  storageKey: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  createdBy: string;
  createdAt: string;
  /**
   * What the file belongs to (a place in an audit, or a person); null only for files stored
   * before files had owners.
   */
  owner: AnyFileOwner | null;
}

function ownerOf(row: Selectable<FilesTable>): AnyFileOwner | null {
  if (row.owner_person_id !== null) return { personId: row.owner_person_id };
  if (row.audit_id === null) return null;
  return {
    auditId: row.audit_id,
    auditItemId: row.audit_item_id,
    findingId: row.finding_id,
    mediaId: row.media_id,
  };
}

function toRecord(row: Selectable<FilesTable>): FileRecord {
  return {
    id: row.id,
    storageKey: row.storage_key,
    name: row.name,
    contentType: row.content_type,
    size: Number(row.size),
    sha256: row.sha256,
    createdBy: row.created_by,
    createdAt: row.created_at,
    owner: ownerOf(row),
  };
}

/** The owner columns of a row: the audit place, or the person. */
function ownerColumns(owner: AnyFileOwner | null) {
  const person = owner && isPersonFileOwner(owner) ? owner : null;
  const place = owner && !isPersonFileOwner(owner) ? owner : null;
  return {
    audit_id: place?.auditId ?? null,
    audit_item_id: place?.auditItemId ?? null,
    finding_id: place?.findingId ?? null,
    media_id: place?.mediaId ?? null,
    owner_person_id: person?.personId ?? null,
  };
}

export class FilesRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db.executor;
  }

  /** Throws a unique violation when the id exists (a concurrent upload of the same file). */
  async insert(file: FileRecord): Promise<void> {
    await this.db
      .insertInto('files')
      .values({
        id: file.id,
        storage_key: file.storageKey,
        name: file.name,
        content_type: file.contentType,
        size: file.size,
        sha256: file.sha256,
        created_by: file.createdBy,
        created_at: file.createdAt,
        ...ownerColumns(file.owner),
      })
      .execute();
  }

  async findById(id: string): Promise<FileRecord | null> {
    const row = await this.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  /** The files of one audit. */
  async findByAudit(auditId: string): Promise<FileRecord[]> {
    const rows = await this.db
      .selectFrom('files')
      .selectAll()
      .where('audit_id', '=', auditId)
      .execute();
    return rows.map(toRecord);
  }

  /** Every audit id some file belongs to. */
  async ownerAuditIds(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('files')
      .select('audit_id')
      .distinct()
      .where('audit_id', 'is not', null)
      .execute();
    return rows.flatMap((row) => (row.audit_id === null ? [] : [row.audit_id]));
  }

  /** The files belonging to one person (their avatar). */
  async findByOwnerPerson(personId: string): Promise<FileRecord[]> {
    const rows = await this.db
      .selectFrom('files')
      .selectAll()
      .where('owner_person_id', '=', personId)
      .execute();
    return rows.map(toRecord);
  }

  /** Every person id some file belongs to. */
  async ownerPersonIds(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('files')
      .select('owner_person_id')
      .distinct()
      .where('owner_person_id', 'is not', null)
      .execute();
    return rows.flatMap((row) => (row.owner_person_id === null ? [] : [row.owner_person_id]));
  }

  /** Bytes stored by a person, over all their files (the quota). */
  async bytesStoredBy(personId: string): Promise<number> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.sum<number | string | null>('size').as('total'))
      .where('created_by', '=', personId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** Removes the row; a missing one is not an error. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('files').where('id', '=', id).execute();
  }
}
