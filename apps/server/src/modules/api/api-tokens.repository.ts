import type { ApiToken } from '@qa/domain';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { ApiTokensTable } from '../../db/schema';

type Row = Selectable<ApiTokensTable>;

export interface StoredApiToken extends ApiToken {
  personId: string;
  secretHash: string;
}

function toToken(row: Row): StoredApiToken {
  return {
    id: row.id,
    personId: row.person_id,
    name: row.name,
    secretHash: row.secret_hash,
    readOnly: Number(row.read_only) === 1,
    backup: Number(row.backup) === 1,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** The only code that touches `api_tokens`. */
export class ApiTokensRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db.executor;
  }

  async insert(token: StoredApiToken): Promise<void> {
    await this.db
      .insertInto('api_tokens')
      .values({
        id: token.id,
        person_id: token.personId,
        name: token.name,
        secret_hash: token.secretHash,
        read_only: token.readOnly ? 1 : 0,
        backup: token.backup ? 1 : 0,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
  }

  async find(id: string): Promise<StoredApiToken | null> {
    const row = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toToken(row) : null;
  }

  /** A person's tokens, newest first. */
  async ofPerson(personId: string): Promise<StoredApiToken[]> {
    const rows = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('person_id', '=', personId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toToken);
  }

  /** Revokes one token of the person; false when the person has no such token. */
  async revoke(personId: string, id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_tokens')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('person_id', '=', personId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('api_tokens')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .execute();
  }
}
