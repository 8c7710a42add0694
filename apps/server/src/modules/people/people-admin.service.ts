import { randomBytes } from 'node:crypto';
import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  CONFIGURATION_COLLECTION,
  LINKED_PERSON,
  MEASURES_COLLECTION,
  auditItemNamesPerson,
  auditNamesPerson,
  canSignIn,
  configSegmentOrDefault,
  createPersonRequestSchema,
  emailImmutable,
  importRowsByEmail,
  lastAdminRule,
  measureNamesPerson,
  parsePeopleCsv,
  parsePeopleJson,
  removalOf,
  requestIssues,
  rolesNeedLogin,
  setRolesRequestSchema,
  updatePersonRequestSchema,
  type DomainMessage,
  type Language,
  type Person,
  type PersonChange,
} from '@qa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../shared/app-error';
import type { Auth } from '../auth/auth';
import { insertCredentialUser } from '../auth/credential-user';
import type { MailService } from '../mail/mail.service';
import { SET_PASSWORD_LINK_DAYS, setPasswordMail } from '../mail/set-password.mail';
import type { DocumentsRepository } from '../sync/documents.repository';
import { PersonEmailTakenError, type PeopleDirectory } from './people-directory.service';
import { newPersonRecord } from './people.factory';
import type { PeopleRepository } from './people.repository';

/** Where the web app's reset form lives (SPEC section 2), as for password-reset mails. */
const RESET_PASSWORD_PAGE = '/resetpassword';

export interface PeopleAdminDeps {
  auth: Auth;
  people: PeopleRepository;
  directory: PeopleDirectory;
  documents: DocumentsRepository;
  mail: MailService;
  log: FastifyBaseLogger;
  /**
   * Tells this instance's open sync connections to re-read their session now, so ended
   * sessions and changed roles take effect at once (other instances on their next check).
   */
  recheckSessions?: () => void;
}

export interface ImportResult {
  imported: Person[];
  /** `row`: the CSV line or JSON entry (null only for a problem of the whole file). */
  rejected: { row: number | null; issues: DomainMessage[] }[];
}

/** A parse failure as the contract's 400: `invalid_request` with the messages per field. */
export function invalidRequest(error: z.core.$ZodError): AppError {
  return new AppError('invalid_request', 'Invalid request', undefined, requestIssues(error));
}

function ruleError(
  code: 'last_admin' | 'email_immutable' | 'roles_need_login' | 'self' | 'has_login',
  message: string,
  issue: DomainMessage,
): AppError {
  return new AppError(code, message, undefined, [issue]);
}

const emailTaken = () =>
  new AppError('email_taken', 'A person with this e-mail address exists already', undefined, [
    { key: 'people.emailTaken', params: { field: 'email' } },
  ]);

const notFound = () =>
  new AppError('not_found', 'Person not found', undefined, [{ key: 'people.notFound' }]);

/**
 * Managing people (issue 15, admin only; the routes check the role): create with or without a
 * login, give a login, rename, roles, deactivate, delete, import, end sessions. The rules come
 * from the domain (packages/domain/src/people); every write of a record refreshes its
 * directory document and the role documents in the same transaction (PeopleRepository).
 */
export class PeopleAdminService {
  constructor(private readonly deps: PeopleAdminDeps) {}

  async create(_actor: Person, body: unknown): Promise<Person> {
    const parsed = createPersonRequestSchema.safeParse(body);
    if (!parsed.success) throw invalidRequest(parsed.error);
    const { displayName, email, roles, login, language } = parsed.data;
    if (await this.deps.people.findByEmail(email)) throw emailTaken();
    const person: Person = {
      ...newPersonRecord({ displayName, email, roles }),
      language: language ?? null,
    };
    if (!login) {
      await this.insertOrConflict(person);
      return (await this.deps.people.findById(person.id)) ?? person;
    }
    return this.withLogin(person, 'insert');
  }

  /** Enables login for a person without one (or deactivated), mailing the set-password link. */
  async enableLogin(_actor: Person, personId: string): Promise<Person> {
    const person = await this.recordOf(personId);
    if (canSignIn(person)) {
      throw ruleError('has_login', 'The person has an active login already', {
        key: 'people.hasLogin',
      });
    }
    if (person.email === null) {
      throw new AppError('invalid_request', 'The person has no e-mail address', undefined, [
        { key: 'person.emailRequired', params: { field: 'email' } },
      ]);
    }
    if (person.accountId !== null) {
      // Deactivated: the login comes back, and a fresh link to set a password goes out.
      const active: Person = { ...person, ...LINKED_PERSON };
      await this.saveOrConflict(active);
      await this.mailSetPassword(active, person.accountId);
      return (await this.deps.people.findById(personId)) ?? active;
    }
    return this.withLogin(person, 'link');
  }

  async update(_actor: Person, personId: string, body: unknown): Promise<Person> {
    const parsed = updatePersonRequestSchema.safeParse(body);
    if (!parsed.success) throw invalidRequest(parsed.error);
    const person = await this.recordOf(personId);
    const immutable = emailImmutable(person.email, parsed.data.email);
    if (immutable) {
      throw ruleError('email_immutable', 'The e-mail cannot be changed once set', immutable);
    }
    const updated: Person = {
      ...person,
      ...(parsed.data.displayName === undefined ? {} : { displayName: parsed.data.displayName }),
      ...(parsed.data.avatar === undefined ? {} : { avatar: parsed.data.avatar }),
      ...(person.email === null && parsed.data.email ? { email: parsed.data.email } : {}),
    };
    await this.saveOrConflict(updated);
    if (updated.accountId !== null && updated.displayName !== person.displayName) {
      await this.renameLogin(updated.accountId, updated.displayName);
    }
    return (await this.deps.people.findById(personId)) ?? updated;
  }

  async setRoles(_actor: Person, personId: string, body: unknown): Promise<Person> {
    const parsed = setRolesRequestSchema.safeParse(body);
    if (!parsed.success) throw invalidRequest(parsed.error);
    const { roles } = parsed.data;
    const person = await this.recordOf(personId);
    const needsLogin = rolesNeedLogin(person, roles);
    if (needsLogin) {
      throw ruleError('roles_need_login', 'Only people with a login can have roles', needsLogin);
    }
    await this.checkLastAdmin(personId, { roles });
    const updated: Person = { ...person, roles: [...roles] };
    await this.saveOrConflict(updated);
    this.deps.recheckSessions?.();
    return (await this.deps.people.findById(personId)) ?? updated;
  }

  /** Disables the login and ends every session (open sync connections close on their recheck). */
  async deactivate(actor: Person, personId: string): Promise<Person> {
    if (actor.id === personId) throw selfError();
    const person = await this.recordOf(personId);
    await this.checkLastAdmin(personId, { active: false });
    const deactivated: Person = { ...person, type: 'inactive', loginActive: false };
    await this.saveOrConflict(deactivated);
    if (person.accountId !== null) await this.endSessions(person.accountId);
    return (await this.deps.people.findById(personId)) ?? deactivated;
  }

  /**
   * Deletes a person nobody names (record, login, directory document); one named by an audit,
   * measure or finding medium is deactivated instead and stays readable as a name.
   */
  async remove(actor: Person, personId: string): Promise<{ result: 'deleted' | 'deactivated' }> {
    if (actor.id === personId) throw selfError();
    const record = await this.deps.people.findById(personId);
    const document = record ? null : await this.deps.directory.document(personId);
    if (!record && !document) throw notFound();
    const referenced = await this.isReferenced(personId);
    if (removalOf({ id: personId }, referenced) === 'deactivate') {
      if (record && (record.type === 'active' || record.loginActive)) {
        await this.deactivate(actor, personId);
      }
      return { result: 'deactivated' };
    }
    await this.checkLastAdmin(personId, { removed: true });
    await this.deps.people.delete(personId);
    // After the record: a login left behind by a failure here cannot sign in (no person).
    if (record?.accountId) {
      const context = await this.deps.auth.$context;
      await context.internalAdapter.deleteUser(record.accountId);
    }
    return { result: 'deleted' };
  }

  /** Ends every session of the person; answers how many there were. */
  async signOut(_actor: Person, personId: string): Promise<{ revoked: number }> {
    const person = await this.deps.people.findById(personId);
    if (!person) {
      if (await this.deps.directory.document(personId)) return { revoked: 0 };
      throw notFound();
    }
    return { revoked: person.accountId === null ? 0 : await this.endSessions(person.accountId) };
  }

  /**
   * People from a CSV (bytes, ISO-8859-1) or JSON file, each created inactive (SPEC section 7).
   * Rows the parser refuses, and e-mails someone has already, are reported per row.
   */
  async import(
    _actor: Person,
    file: { csv: Uint8Array } | { json: string },
  ): Promise<ImportResult> {
    const defaultRoles = (await this.userConfiguration()).defaultRoles;
    const report =
      'csv' in file
        ? parsePeopleCsv(file.csv, { defaultRoles })
        : parsePeopleJson(file.json, { defaultRoles });
    const rejected: ImportResult['rejected'] = report.errors.map((issue) => ({
      row: issue.row ?? null,
      issues: [{ key: issue.key, ...(issue.params ? { params: issue.params } : {}) }],
    }));
    const imported: Person[] = [];
    const rows = importRowsByEmail(file);
    for (const entry of report.records) {
      const person = newPersonRecord({
        displayName: entry.displayName,
        email: entry.email ?? '',
        roles: entry.roles,
      });
      const record: Person = { ...person, email: entry.email };
      try {
        if (entry.email !== null && (await this.deps.people.findByEmail(entry.email))) {
          throw emailTaken();
        }
        await this.insertOrConflict(record);
        imported.push((await this.deps.people.findById(record.id)) ?? record);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'email_taken') throw error;
        rejected.push({
          row: rows.get(entry.email ?? '') ?? null,
          issues: [{ key: 'people.emailTaken', params: { email: entry.email ?? '' } }],
        });
      }
    }
    return { imported, rejected };
  }

  /** The record of a person; one that exists only in the directory gets one (no login). */
  private async recordOf(personId: string): Promise<Person> {
    const record = await this.deps.people.findById(personId);
    if (record) return record;
    const document = await this.deps.directory.document(personId);
    if (!document) throw notFound();
    const adopted: Person = {
      ...document,
      roles: [...document.roles],
      type: 'inactive',
      accountId: null,
      loginActive: false,
      createdDate: new Date().toISOString(),
      language: null,
    };
    try {
      await this.deps.people.insert(adopted);
    } catch (error) {
      if (isUniqueViolation(error) || error instanceof PersonEmailTakenError) throw emailTaken();
      throw error;
    }
    return (await this.deps.people.findById(personId)) ?? adopted;
  }

  /**
   * Gives the person a credential login with a random password (nobody knows it) and mails the
   * link to set their own; record and login are written in one transaction.
   */
  private async withLogin(person: Person, mode: 'insert' | 'link'): Promise<Person> {
    const context = await this.deps.auth.$context;
    const hash = await context.password.hash(randomBytes(32).toString('base64url'));
    const linked = await context.adapter.transaction(async (trx) => {
      if (mode === 'insert') await this.insertOrConflict(person);
      let user: { id: string };
      try {
        user = await insertCredentialUser(trx, {
          name: person.displayName,
          email: person.email ?? '',
          passwordHash: hash,
        });
      } catch (error) {
        // A login with this e-mail exists (a leftover without person): a conflict, not a 500.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      if (!(await this.deps.people.linkAccount(person.id, user.id))) {
        throw new AppError('has_login', 'The person has a login already', undefined, [
          { key: 'people.hasLogin' },
        ]);
      }
      return { userId: user.id };
    });
    const stored = await this.deps.people.findById(person.id);
    if (!stored) throw notFound();
    await this.mailSetPassword(stored, linked.userId);
    return stored;
  }

  /**
   * better-auth's reset-token machinery: a `reset-password:<token>` verification value for the
   * login, valid SET_PASSWORD_LINK_DAYS days, and the link better-auth's reset flow follows
   * (GET /api/auth/reset-password/<token> -> the web app's form -> POST reset-password).
   */
  private async mailSetPassword(person: Person, userId: string): Promise<void> {
    const context = await this.deps.auth.$context;
    const token = randomBytes(18).toString('base64url');
    await context.internalAdapter.createVerificationValue({
      value: userId,
      identifier: `reset-password:${token}`,
      expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_DAYS * 24 * 3600 * 1000),
    });
    const url = `${context.baseURL}/reset-password/${token}?callbackURL=${encodeURIComponent(RESET_PASSWORD_PAGE)}`;
    const language = person.language ?? (await this.appLanguage());
    this.deps.mail.send(setPasswordMail(person.email ?? '', person.displayName, url, language), {
      personId: person.id,
    });
  }

  private async endSessions(userId: string): Promise<number> {
    const context = await this.deps.auth.$context;
    const sessions = await context.internalAdapter.listSessions(userId);
    await context.internalAdapter.deleteUserSessions(userId);
    this.deps.recheckSessions?.();
    return sessions.length;
  }

  private async renameLogin(userId: string, name: string): Promise<void> {
    const context = await this.deps.auth.$context;
    await context.internalAdapter.updateUser(userId, { name });
  }

  private async checkLastAdmin(personId: string, change: PersonChange): Promise<void> {
    const refused = lastAdminRule(await this.deps.people.findAll(), personId, change);
    if (refused) {
      throw ruleError('last_admin', 'There must always be an active administrator', refused);
    }
  }

  private async isReferenced(personId: string): Promise<boolean> {
    const checks: [string, (data: Record<string, unknown>, id: string) => boolean][] = [
      [AUDITS_COLLECTION, auditNamesPerson],
      [MEASURES_COLLECTION, measureNamesPerson],
      [AUDIT_ITEMS_COLLECTION, auditItemNamesPerson],
    ];
    for (const [collection, names] of checks) {
      for (const doc of await this.deps.documents.liveDocuments(collection)) {
        if (names(doc.data, personId)) return true;
      }
    }
    return false;
  }

  private async insertOrConflict(person: Person): Promise<void> {
    try {
      await this.deps.people.insert(person);
    } catch (error) {
      if (isUniqueViolation(error) || error instanceof PersonEmailTakenError) throw emailTaken();
      throw error;
    }
  }

  private async saveOrConflict(person: Person): Promise<void> {
    try {
      if (!(await this.deps.people.save(person))) throw notFound();
    } catch (error) {
      if (isUniqueViolation(error) || error instanceof PersonEmailTakenError) throw emailTaken();
      throw error;
    }
  }

  private async configurationSegment(id: 'app' | 'user') {
    const [doc] = await this.deps.documents.findMany([
      { collection: CONFIGURATION_COLLECTION, id },
    ]);
    return doc && !doc.deleted ? doc.data : undefined;
  }

  private async appLanguage(): Promise<Language> {
    return configSegmentOrDefault('app', await this.configurationSegment('app')).defaultLanguage;
  }

  private async userConfiguration() {
    return configSegmentOrDefault('user', await this.configurationSegment('user'));
  }
}

function selfError(): AppError {
  return ruleError('self', 'You cannot deactivate or delete yourself', { key: 'people.self' });
}
