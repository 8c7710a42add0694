import type { BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { AdvisoryLockRepository } from './advisory-lock.repository';
import type { Database } from './database';
import * as m0001 from './migrations/0001-people.migration';
import * as m0002 from './migrations/0002-sync.migration';
import * as m0003 from './migrations/0003-files.migration';
import * as m0004 from './migrations/0004-rejections.migration';
import * as m0005 from './migrations/0005-file-owners.migration';
import * as m0006 from './migrations/0006-document-index.migration';
import * as m0007 from './migrations/0007-rejections-by-person.migration';
import * as m0008 from './migrations/0008-client-sequence.migration';
import * as m0009 from './migrations/0009-measure-reminders.migration';
import * as m0010 from './migrations/0010-person-preferences.migration';
import * as m0011 from './migrations/0011-file-person-owners.migration';
import * as m0012 from './migrations/0012-api-tokens.migration';
import * as m0013 from './migrations/0013-webhooks.migration';
import * as m0014 from './migrations/0014-finding-fulfilment.migration';
import * as m0015 from './migrations/0015-audit-status-phases.migration';
import * as m0016 from './migrations/0016-default-categories.migration';
import * as m0017 from './migrations/0017-api-token-backup-scope.migration';
import * as m0018 from './migrations/0018-webhook-log-without-bodies.migration';

/**
 * In code rather than read from a folder, so tsx, tests and a bundle all see the same list.
 * Forward-only: no migration has a `down` (decision in docs/decisions.md, issue 20). Going back
 * means restoring the backup taken before the upgrade; without `down`, Kysely's migrateDown
 * and a migrateTo an earlier name leave the schema as it is instead of dropping data.
 */
const migrations: Readonly<Record<string, Migration>> = {
  '0001-people': m0001,
  '0002-sync': m0002,
  '0003-files': m0003,
  '0004-rejections': m0004,
  '0005-file-owners': m0005,
  '0006-document-index': m0006,
  '0007-rejections-by-person': m0007,
  '0008-client-sequence': m0008,
  '0009-measure-reminders': m0009,
  '0010-person-preferences': m0010,
  '0011-file-person-owners': m0011,
  '0012-api-tokens': m0012,
  '0013-webhooks': m0013,
  '0014-finding-fulfilment': m0014,
  '0015-audit-status-phases': m0015,
  '0016-default-categories': m0016,
  '0017-api-token-backup-scope': m0017,
  '0018-webhook-log-without-bodies': m0018,
};

export const provider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({ ...migrations }),
};

/** This release's schema version: the name of its last migration. */
export function schemaVersion(): string {
  return Object.keys(migrations).sort().at(-1)!;
}

/** The migrations applied to a database, oldest first ([] for an empty database). */
export async function appliedMigrations(database: Database): Promise<string[]> {
  const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === 'kysely_migration')) return [];
  const rows = await database.db
    .selectFrom('kysely_migration' as never)
    .select(['name' as never])
    .execute();
  return (rows as { name: string }[]).map((row) => row.name).sort();
}

/** The database was migrated by a release newer than this one. */
export class NewerSchemaError extends Error {
  constructor(
    readonly databaseSchema: string,
    readonly releaseSchema: string,
  ) {
    super(
      `The database was upgraded by a newer release (schema ${databaseSchema}); this release ` +
        `knows up to ${releaseSchema}. Start the newer release or restore a backup.`,
    );
    this.name = 'NewerSchemaError';
  }
}

/**
 * Throws NewerSchemaError when the database has a migration this release does not know (a
 * newer release ran it): this release's code would misread its data. Kysely would refuse too,
 * but as "corrupted migrations", which sends an operator looking for the wrong problem.
 */
export async function assertSchemaNotNewer(database: Database): Promise<void> {
  const unknown = (await appliedMigrations(database)).filter((name) => !(name in migrations));
  if (unknown.length > 0) throw new NewerSchemaError(unknown.at(-1)!, schemaVersion());
}

export interface MigrationReport {
  /** better-auth tables created in this run. */
  authTablesCreated: string[];
  /** Our migrations applied in this run. */
  applied: string[];
}

/** An arbitrary constant: the key of the PostgreSQL advisory lock held during start-up. */
const STARTUP_LOCK_KEY = 724_113_001;

/**
 * Serialises start-up work (migrations, first-start seeding) across server instances sharing
 * one PostgreSQL. SQLite needs none: one file belongs to one server, and its single connection
 * would be taken by the lock.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return new AdvisoryLockRepository(database).withLock(STARTUP_LOCK_KEY, work);
}

/**
 * Brings the schema up to date: better-auth's tables first (ours reference "user"), then our
 * migrations. Both steps only do what is missing, so running it again is a no-op.
 */
export async function migrateDatabase(
  database: Database,
  authOptions: BetterAuthOptions,
): Promise<MigrationReport> {
  // Before anything is written: not even better-auth's tables are touched then.
  await assertSchemaNotNewer(database);
  const auth = await getMigrations(authOptions);
  await auth.runMigrations();

  const migrator = new Migrator({ db: database.db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const failed = results.find((r) => r.status === 'Error');
  if (failed) throw new Error(`Migration ${failed.migrationName} failed`);

  return {
    authTablesCreated: auth.toBeCreated.map((t) => t.table),
    applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName),
  };
}

/** This release's migrations, in the order they run. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await provider.getMigrations()).sort();
}

/**
 * Brings an empty database to an earlier schema: better-auth's tables, then our migrations up
 * to and including `last`. A restore loads an older archive's rows into the schema they were
 * written for and then migrates them on with migrateDatabase, as an upgrade would.
 */
export async function migrateDatabaseTo(
  database: Database,
  authOptions: BetterAuthOptions,
  last: string,
): Promise<void> {
  await (await getMigrations(authOptions)).runMigrations();
  const { error, results = [] } = await new Migrator({ db: database.db, provider }).migrateTo(last);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const failed = results.find((r) => r.status === 'Error');
  if (failed) throw new Error(`Migration ${failed.migrationName} failed`);
}
