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
}
