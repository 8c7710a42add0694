/**
 * Every table a backup carries, in the order a restore inserts them: a table comes after the
 * tables its foreign keys point to (better-auth's `user` before its sessions and accounts, a
 * webhook endpoint before its deliveries). A table the schema has and this list does not is
 * carried too, after these, and a test fails until it is placed here on purpose.
 */
export const BACKUP_TABLES = [
  'user',
  'session',
  'account',
  'verification',
  'rateLimit',
  'app_meta',
  'people',
  'sync_counter',
  'documents',
  'changes',
  'document_index',
  'client_mutations',
  'client_rejections',
  'files',
  'measure_reminders',
  'api_tokens',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_overdue_events',
] as const;

/** Kysely's bookkeeping: the schema version travels in backup.json instead. */
const NOT_DATA = new Set(['kysely_migration', 'kysely_migration_lock']);

/** The data tables among a database's tables, in restore order (see BACKUP_TABLES). */
export function orderTables(present: readonly string[]): string[] {
  const data = present.filter((name) => !NOT_DATA.has(name));
  const known: readonly string[] = BACKUP_TABLES;
  return [
    ...known.filter((name) => data.includes(name)),
    ...data.filter((name) => !known.includes(name)).sort(),
  ];
}

/**
 * Carried without rows, so an archive that leaks signs no one in (issue 35): live sessions (a
 * session's token is a sign-in) and pending verifications (password-reset links, sign-in
 * states). A restore therefore signs everyone out, which it must do anyway: the restored
 * installation is another moment of the data.
 */
export const LEFT_OUT_TABLES: ReadonlySet<string> = new Set(['session', 'verification']);

/**
 * Secrets a restore does without, written as null: an identity provider's tokens of a person's
 * account, which the app never uses after the sign-in and which the next sign-in renews.
 */
const BLANKED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  account: ['accessToken', 'refreshToken', 'idToken'],
};

/** A row as the archive carries it: blanked secrets set to null. */
export function archivedRow<T extends Record<string, unknown>>(table: string, row: T): T {
  const blanked = BLANKED_COLUMNS[table];
  if (!blanked) return row;
  const copy: Record<string, unknown> = { ...row };
  for (const column of blanked) if (column in copy) copy[column] = null;
  return copy as T;
}
