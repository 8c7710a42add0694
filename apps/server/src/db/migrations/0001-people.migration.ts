import { sql, type Kysely } from 'kysely';

/**
 * People (SPEC section 3 "User") and the key/value table for one-time facts such as "the
 * initial admin exists". Schema builder only, so the same code runs on SQLite and PostgreSQL.
 * Runs after better-auth's migrations: account_id references its "user" table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('avatar', 'text')
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`${sql.ref('type')} in ('active', 'inactive')`),
    )
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('account_id', 'text', (c) => c.unique().references('user.id').onDelete('set null'))
    .addColumn('login_active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
