import {
  normalizePersonEmail,
  PEOPLE_COLLECTION,
  PERSON_EMAILS_COLLECTION,
  personDocumentSchema,
  personIdOfEmailEntry,
  roleDocuments,
  ROLES_COLLECTION,
  toPersonDocument,
  validateDocument,
  type Person,
  type PersonDocument,
} from '@qa/domain';
import { documentKey, jsonEquals, type JsonObject } from '@qa/sync';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { DocumentsRepository, type StoredDocument } from '../sync/documents.repository';
import { SYNC_CHANNEL } from '../sync/pg-change-notifier';

/** The e-mail belongs to another person of the directory (a person without login, say). */
export class PersonEmailTakenError extends Error {
  constructor(
    readonly email: string,
    readonly ownerId: string,
  ) {
    super(`The e-mail ${email} belongs to person ${ownerId}`);
    this.name = 'PersonEmailTakenError';
  }
}

/**
 * What to do when a person record's e-mail is indexed for another person: `refuse` (a new
 * record) throws PersonEmailTakenError; `take` (a record that exists already: a login being
 * linked, the start-up backfill) moves the index entry to the record, as the people table is the
 * source of login accounts.
 */
export type EmailConflict = 'refuse' | 'take';

interface PlannedWrite {
  collection: string;
  id: string;
  /** The new data; null deletes the document (a tombstone). */
  data: JsonObject | null;
  previous: StoredDocument | undefined;
}

const live = (doc: StoredDocument | undefined): doc is StoredDocument =>
  doc !== undefined && !doc.deleted;

/**
 * The people directory (DESIGN.md section 4): the `people` table stays the source of login
 * accounts, and every person record is projected into the replicated `people` collection (plus
 * its entry in the `person_emails` index) through the change log, so subscribers get a delta and
 * resuming clients find it. Every write of a person record calls `project` inside the record's
 * transaction (PeopleRepository does), so record and document commit together; `backfill` brings
 * the directory up to date on start. People without a login (`person.createInactive`) exist only
 * as documents; they are never touched here.
 */
export class PeopleDirectory {
  private readonly documents: DocumentsRepository;

  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.documents = new DocumentsRepository(database);
  }

  /**
   * Writes the person's document and index entry where they differ from what is stored, in the
   * caller's transaction if one is open. Takes the change-log lock first, which serialises it
   * with every command, so the e-mail check cannot race `person.createInactive`. Answers the
   * keys written (`people/<id>`, `person_emails/<email>`).
   */
  project(person: Person, { emailConflict = 'refuse' }: { emailConflict?: EmailConflict } = {}) {
    return this.documents.transaction(async () => {
      const last = await this.documents.lockLog();
      const planned = await this.plan(person, emailConflict);
      return (await this.writeAll(planned, last)).keys;
    });
  }

  /**
   * Start-up: every person record whose document is missing or outdated gets it written, and
   * every document-only person's e-mail its index entry where the address is free, in one
   * transaction. Records are the truth here (`take`): a document-only person sharing an e-mail
   * with a record loses the index entry to it.
   */
  backfill(people: readonly Person[]): Promise<string[]> {
    return this.documents.transaction(async () => {
      let seq = await this.documents.lockLog();
      const documents = new Map(
        (await this.documents.liveDocuments(PEOPLE_COLLECTION)).map((doc) => [doc.id, doc.data]),
      );
      const index = new Map(
        (await this.documents.liveDocuments(PERSON_EMAILS_COLLECTION)).map((doc) => [
          doc.id,
          personIdOfEmailEntry(doc.data),
        ]),
      );
      const keys: string[] = [];
      for (const person of people) {
        const upToDate =
          jsonEquals(documents.get(person.id), toPersonDocument(person)) &&
          (person.email === null || index.get(normalizePersonEmail(person.email)) === person.id);
        if (upToDate) continue;
        // One person at a time: each plan reads what the previous ones wrote.
        const written = await this.writeAll(await this.plan(person, 'take'), seq);
        seq = written.seq;
        keys.push(...written.keys);
      }
      // People without a record: their e-mail is indexed unless someone holds it already.
      const records = new Set(people.map((person) => person.id));
      const indexed = new Set(
        (await this.documents.liveDocuments(PERSON_EMAILS_COLLECTION)).map((doc) => doc.id),
      );
      const missing: PlannedWrite[] = [];
      for (const [id, data] of documents) {
        if (records.has(id) || typeof data.email !== 'string') continue;
        const email = normalizePersonEmail(data.email);
        if (indexed.has(email)) continue;
        indexed.add(email);
        const [previous] = await this.documents.findMany([
          { collection: PERSON_EMAILS_COLLECTION, id: email },
        ]);
        missing.push({
          collection: PERSON_EMAILS_COLLECTION,
          id: email,
          data: { personId: id },
          previous,
        });
      }
      keys.push(...(await this.writeAll(missing, seq)).keys);
      return keys;
    });
  }

  /** The person's directory document (also of a person without record), or null. */
  async document(personId: string): Promise<PersonDocument | null> {
    const [stored] = await this.documents.findMany([
      { collection: PEOPLE_COLLECTION, id: personId },
    ]);
    if (!live(stored)) return null;
    const parsed = personDocumentSchema.safeParse(stored.data);
    return parsed.success ? parsed.data : null;
  }

  /**
   * Deletes the person's directory document and the e-mail index entry it holds (tombstones, so
   * clients drop them), in the caller's transaction if one is open.
   */
  remove(personId: string): Promise<string[]> {
    return this.documents.transaction(async () => {
      const last = await this.documents.lockLog();
      const [stored] = await this.documents.findMany([
        { collection: PEOPLE_COLLECTION, id: personId },
      ]);
      if (!live(stored)) return [];
      const writes: PlannedWrite[] = [
        { collection: PEOPLE_COLLECTION, id: personId, data: null, previous: stored },
      ];
      if (typeof stored.data.email === 'string') {
        const email = normalizePersonEmail(stored.data.email);
        const [entry] = await this.documents.findMany([
          { collection: PERSON_EMAILS_COLLECTION, id: email },
        ]);
        if (live(entry) && personIdOfEmailEntry(entry.data) === personId) {
          writes.push({
            collection: PERSON_EMAILS_COLLECTION,
            id: email,
            data: null,
            previous: entry,
          });
        }
      }
      return (await this.writeAll(writes, last)).keys;
    });
  }

  /**
   * The `roles` collection (issue 15): writes each role document (`roleDocuments` of the
   * records) that differs from the stored one, in the caller's transaction if one is open.
   */
  projectRoles(people: readonly Person[]): Promise<string[]> {
    return this.documents.transaction(async () => {
      const last = await this.documents.lockLog();
      const roles = roleDocuments(people);
      const stored = new Map(
        (
          await this.documents.findMany(
            roles.map((role) => ({ collection: ROLES_COLLECTION, id: role.id })),
          )
        ).map((doc) => [doc.id, doc]),
      );
      const writes: PlannedWrite[] = [];
      for (const role of roles) {
        const data = role as unknown as JsonObject;
        const previous = stored.get(role.id);
        if (live(previous) && jsonEquals(previous.data, data)) continue;
        writes.push({ collection: ROLES_COLLECTION, id: role.id, data, previous });
      }
      return (await this.writeAll(writes, last)).keys;
    });
  }

  private async plan(person: Person, emailConflict: EmailConflict): Promise<PlannedWrite[]> {
    const data = toPersonDocument(person) as JsonObject;
    const email = person.email === null ? null : normalizePersonEmail(person.email);
    const [stored] = await this.documents.findMany([
      { collection: PEOPLE_COLLECTION, id: person.id },
    ]);
    const storedEmail =
      live(stored) && typeof stored.data.email === 'string' ? stored.data.email : null;
    const emails = [...new Set([email, storedEmail].filter((entry) => entry !== null))];
    const entries = new Map(
      (
        await this.documents.findMany(
          emails.map((id) => ({ collection: PERSON_EMAILS_COLLECTION, id })),
        )
      ).map((doc) => [doc.id, doc]),
    );
    const ownerOf = (id: string) => {
      const entry = entries.get(id);
      return live(entry) ? personIdOfEmailEntry(entry.data) : null;
    };

    const writes: PlannedWrite[] = [];
    if (email !== null) {
      const owner = ownerOf(email);
      if (owner !== null && owner !== person.id && emailConflict === 'refuse') {
        throw new PersonEmailTakenError(email, owner);
      }
      if (owner !== person.id) {
        writes.push({
          collection: PERSON_EMAILS_COLLECTION,
          id: email,
          data: { personId: person.id },
          previous: entries.get(email),
        });
      }
    }
    if (!live(stored) || !jsonEquals(stored.data, data)) {
      writes.push({ collection: PEOPLE_COLLECTION, id: person.id, data, previous: stored });
    }
    // The e-mail changed: the old address is free again (unless someone else holds it).
    if (storedEmail !== null && storedEmail !== email && ownerOf(storedEmail) === person.id) {
      writes.push({
        collection: PERSON_EMAILS_COLLECTION,
        id: storedEmail,
        data: null,
        previous: entries.get(storedEmail),
      });
    }
    return writes;
  }

  /** Writes through the change log after `lastSequence`; answers the new last sequence. */
  private async writeAll(
    writes: readonly PlannedWrite[],
    lastSequence: number,
  ): Promise<{ seq: number; keys: string[] }> {
    let seq = lastSequence;
    const now = this.clock().toISOString();
    const keys: string[] = [];
    for (const { collection, id, data, previous } of writes) {
      if (data !== null) {
        const validation = validateDocument(collection, id, data);
        // A person record the domain schema accepted always makes a valid document; if not,
        // the record's transaction fails rather than replicating something clients refuse.
        if (!validation.ok) {
          throw new Error(`${collection}/${id} is invalid: ${JSON.stringify(validation.issues)}`);
        }
      }
      seq += 1;
      await this.documents.write(
        {
          collection,
          id,
          version: (previous?.version ?? 0) + 1,
          deleted: data === null,
          updatedAt: now,
          // A tombstone keeps its last data on the server, as push.service.ts does.
          data: data ?? previous?.data ?? {},
        },
        seq,
        live(previous) ? previous.data : null,
        null,
      );
      keys.push(documentKey(collection, id));
    }
    if (seq !== lastSequence) {
      await this.documents.setLastSequence(seq);
      await this.announce(seq);
    }
    return { seq, keys };
  }

  /**
   * PostgreSQL delivers a NOTIFY sent inside a transaction when it commits, so every instance's
   * change feed (this one's included, it listens too) reads the change at once, whoever owns
   * the transaction. SQLite has one instance, whose feed finds the change on its next poll.
   */
  private async announce(seq: number): Promise<void> {
    if (this.database.dialect !== 'postgres') return;
    await sql`select pg_notify(${SYNC_CHANNEL}, ${String(seq)})`.execute(this.database.db.executor);
  }
}
