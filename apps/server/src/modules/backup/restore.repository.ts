import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { Row } from './database-snapshot.repository';

/** Most bound values per INSERT: below SQLite's 32,766 and PostgreSQL's 65,535. */
const VALUES_PER_INSERT = 30_000;

/**
 * The rows a restore writes into its staged database. Through the executor, so inside the
 * load's transaction every call joins it.
 */
export class RestoreRepository {
  constructor(private readonly database: Database) {}

  private get db(): Kysely<Record<string, Row>> {
    return this.database.db.executor as unknown as Kysely<Record<string, Row>>;
  }

  /** Empties tables (migrations seed some, such as the sequence counter). */
  async clear(tables: string[]): Promise<void> {
    for (const table of tables) await this.db.deleteFrom(table).execute();
  }

  async insert(table: string, rows: Row[]): Promise<void> {
    const sqlite = this.database.dialect === 'sqlite';
    const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
    const perInsert = Math.max(1, Math.floor(VALUES_PER_INSERT / columns));
    for (let i = 0; i < rows.length; i += perInsert) {
      const values = rows.slice(i, i + perInsert).map((row) => (sqlite ? sqliteRow(row) : row));
      await this.db.insertInto(table).values(values).execute();
    }
  }

  async count(table: string): Promise<number> {
    const { count } = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }
}

/** better-sqlite3 binds no booleans (PostgreSQL's booleans arrive as true/false). */
function sqliteRow(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = typeof value === 'boolean' ? Number(value) : value;
  }
  return out;
}
