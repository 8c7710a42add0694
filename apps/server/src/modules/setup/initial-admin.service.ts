import { randomBytes } from 'node:crypto';
import { INITIAL_ADMIN_ROLES } from '@qa/domain';
import { isUniqueViolation } from '../../db/errors';
import type { Auth } from '../auth/auth';
import { insertCredentialUser } from '../auth/credential-user';
import { newPersonRecord } from '../people/people.factory';
import type { PeopleRepository } from '../people/people.repository';
import type { AppMetaRepository } from './app-meta.repository';

const INITIALIZED = 'initialized';
const ADMIN_NAME = 'Administrator';

export interface InitialAdminSettings {
  email: string;
  /** Null: generate one and hand it back to be shown once. */
  password: string | null;
}

export type InitialAdminResult =
  { created: false } | { created: true; email: string; generatedPassword: string | null };

/** 24 characters from 144 random bits: strong, and safe to copy from a terminal. */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * First start only: creates the admin person with a password login, so a fresh installation
 * can be used at all (there is no self-sign-up). Later starts change no person, even when the
 * INITIAL_ADMIN_* variables changed: by then the admin owns that account. Every start brings
 * the replicated people directory up to date with the people table first (a database from
 * before the directory existed, or a record changed by hand).
 */
export class InitialAdminService {
  constructor(
    private readonly auth: Auth,
    private readonly appMeta: AppMetaRepository,
    private readonly people: PeopleRepository,
  ) {}

  async ensure(settings: InitialAdminSettings): Promise<InitialAdminResult> {
    await this.people.syncDirectory();
    if (await this.appMeta.get(INITIALIZED)) return { created: false };

    const password = settings.password ?? generatePassword();
    const context = await this.auth.$context;
    // better-auth's own hasher (scrypt), so sign-in verifies it like any other password.
    const hash = await context.password.hash(password);

    try {
      // better-auth's adapter opens the transaction on our shared Kysely instance; our
      // repositories join it (AppKysely.executor), so flag, user, account, person and its
      // directory document commit together or not at all.
      await context.adapter.transaction(async (trx) => {
        // The flag first: a second instance starting at the same moment fails on its key.
        await this.appMeta.insert(INITIALIZED, new Date().toISOString());
        const user = await insertCredentialUser(trx, {
          name: ADMIN_NAME,
          email: settings.email,
          passwordHash: hash,
        });
        await this.people.insert(
          newPersonRecord({
            displayName: ADMIN_NAME,
            email: settings.email,
            roles: INITIAL_ADMIN_ROLES,
            accountId: user.id,
          }),
        );
      });
    } catch (error) {
      if (isUniqueViolation(error) && (await this.appMeta.get(INITIALIZED))) {
        return { created: false };
      }
      throw error;
    }
    return {
      created: true,
      email: settings.email,
      generatedPassword: settings.password ? null : password,
    };
  }
}
