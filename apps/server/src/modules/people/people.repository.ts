import {
  DEFAULT_PERSON_PREFERENCES,
  LINKED_PERSON,
  personSchema,
  preferencesOf,
  type Person,
} from '@qa/domain';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { PeopleTable } from '../../db/schema';
import { PeopleDirectory } from './people-directory.service';

type PersonRow = Selectable<PeopleTable>;

function toPerson(row: PersonRow): Person {
  return personSchema.parse({
    id: row.id,
    displayName: row.display_name,
    email: row.email,
    avatar: row.avatar,
    type: row.type,
    roles: JSON.parse(row.roles) as unknown,
    accountId: row.account_id,
    // SQLite has no boolean type and answers 0/1.
    loginActive: row.login_active === true || row.login_active === 1,
    createdDate: row.created_date,
    language: row.language ?? null,
    preferences:
      row.preferences === null
        ? { ...DEFAULT_PERSON_PREFERENCES }
        : { ...DEFAULT_PERSON_PREFERENCES, ...(JSON.parse(row.preferences) as object) },
  });
}

/** The stored form of the preferences: null while they are the defaults. */
function preferencesColumn(person: Person): string | null {
  const preferences = preferencesOf(person);
  const isDefault =
    preferences.defaultPlanningYear === DEFAULT_PERSON_PREFERENCES.defaultPlanningYear &&
    preferences.reminderMails === DEFAULT_PERSON_PREFERENCES.reminderMails;
  return isDefault ? null : JSON.stringify(preferences);
}

/**
 * The `people` table, the source of login accounts. Every write also refreshes the person's
 * document in the replicated people directory, in the same transaction (PeopleDirectory), so
 * nothing that writes people can forget it.
 */
export class PeopleRepository {
  private readonly changeListeners = new Set<(personId: string) => void>();

  constructor(
    private readonly database: Database,
    private readonly directory: PeopleDirectory = new PeopleDirectory(database),
  ) {}

  /** The open transaction if there is one (see AppKysely), so hooks inside better-auth work. */
  private get db() {
    return this.database.db.executor;
  }

  /**
   * Calls `listener` with the id of every person record written, once the write is committed
   * (the token cache forgets what it knew of the person: roles, deactivation).
   */
  onChange(listener: (personId: string) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(personId: string): void {
    this.database.db.afterCommit(() => {
      for (const listener of this.changeListeners) listener(personId);
    });
  }

  private bool(value: boolean): number | boolean {
    return this.database.dialect === 'sqlite' ? Number(value) : value;
  }

  /**
   * Inserts a person record and its directory document. An e-mail the directory holds for
   * another person (one without login) throws PersonEmailTakenError and inserts nothing.
   */
  async insert(person: Person): Promise<void> {
    await this.database.db.transaction().execute(async () => {
      await this.db
        .insertInto('people')
        .values({
          id: person.id,
          display_name: person.displayName,
          email: person.email,
          avatar: person.avatar,
          type: person.type,
          roles: JSON.stringify(person.roles),
          account_id: person.accountId,
          login_active: this.bool(person.loginActive),
          created_date: person.createdDate,
          language: person.language ?? null,
          preferences: preferencesColumn(person),
        })
        .execute();
      await this.directory.project(person);
      await this.projectRoles();
      this.changed(person.id);
    });
  }

  /**
   * Writes every field of an existing record (name, avatar, type, roles, login link and state,
   * language, preferences; `id` and `createdDate` stay) with its directory document and the
   * role documents, in one transaction. False when the record is gone. An e-mail the directory
   * holds for another person throws PersonEmailTakenError.
   */
  async save(person: Person): Promise<boolean> {
    return this.database.db.transaction().execute(async () => {
      const result = await this.db
        .updateTable('people')
        .set({
          display_name: person.displayName,
          email: person.email,
          avatar: person.avatar,
          type: person.type,
          roles: JSON.stringify(person.roles),
          account_id: person.accountId,
          login_active: this.bool(person.loginActive),
          language: person.language ?? null,
          preferences: preferencesColumn(person),
        })
        .where('id', '=', person.id)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await this.directory.project(person);
      await this.projectRoles();
      this.changed(person.id);
      return true;
    });
  }

  /**
   * Deletes a record with its directory document and e-mail index entry (and, for a person who
   * exists only in the directory, those alone), refreshing the role documents.
   */
  async delete(personId: string): Promise<void> {
    await this.database.db.transaction().execute(async () => {
      await this.db.deleteFrom('people').where('id', '=', personId).execute();
      await this.directory.remove(personId);
      await this.projectRoles();
      this.changed(personId);
    });
  }

  /** The `roles` collection from the current records (same transaction as the caller's). */
  private async projectRoles(): Promise<string[]> {
    return this.directory.projectRoles(await this.findAll());
  }

  async findById(id: string): Promise<Person | null> {
    const row = await this.db
      .selectFrom('people')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toPerson(row) : null;
  }

  async findByEmail(email: string): Promise<Person | null> {
    const row = await this.db
      .selectFrom('people')
      .selectAll()
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    return row ? toPerson(row) : null;
  }

  async findByAccountId(accountId: string): Promise<Person | null> {
    const row = await this.db
      .selectFrom('people')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row ? toPerson(row) : null;
  }

  /**
   * Links a login account to a person who has none yet and refreshes their directory document
   * (now active); false when the person is gone or was linked meanwhile (the condition makes the
   * check and the write one step).
   */
  async linkAccount(personId: string, accountId: string): Promise<boolean> {
    return this.database.db.transaction().execute(async () => {
      const result = await this.db
        .updateTable('people')
        .set({
          account_id: accountId,
          type: LINKED_PERSON.type,
          login_active: this.bool(LINKED_PERSON.loginActive),
        })
        .where('id', '=', personId)
        .where('account_id', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      const linked = await this.findById(personId);
      if (linked) await this.directory.project(linked, { emailConflict: 'take' });
      await this.projectRoles();
      this.changed(personId);
      return true;
    });
  }

  /** Which of these person ids have a record (a file of a person: their avatar). */
  async existingIds(personIds: readonly string[]): Promise<Set<string>> {
    if (personIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('people')
      .select('id')
      .where('id', 'in', [...personIds])
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  async findAll(): Promise<Person[]> {
    const rows = await this.db.selectFrom('people').selectAll().orderBy('id').execute();
    return rows.map(toPerson);
  }

  /**
   * Start-up: writes the directory document of every record that lacks it or is outdated, and
   * the role documents that differ from the records.
   */
  async syncDirectory(): Promise<string[]> {
    return this.database.db.transaction().execute(async () => {
      const people = await this.findAll();
      return [
        ...(await this.directory.backfill(people)),
        ...(await this.directory.projectRoles(people)),
      ];
    });
  }
}
