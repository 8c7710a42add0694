import { PASSWORD_RULES, passwordLengthOk, type Person } from '@qa/domain';
import type { Auth } from '../auth/auth';
import { insertCredentialUser } from '../auth/credential-user';
import type { PeopleService } from './people.service';

/**
 * People who sign in with a password: the person record and its better-auth login are created
 * in one transaction, so there is never a login without a person or the other way round.
 */
export class PersonAccountsService {
  constructor(
    private readonly auth: Auth,
    private readonly people: PeopleService,
  ) {}

  async createWithPassword(input: unknown, password: string): Promise<Person> {
    if (!passwordLengthOk(password)) {
      throw new RangeError(
        `The password must have ${PASSWORD_RULES.minLength} to ${PASSWORD_RULES.maxLength} characters`,
      );
    }
    const context = await this.auth.$context;
    const hash = await context.password.hash(password);
    return context.adapter.transaction(async (trx) => {
      const person = await this.people.create(input);
      const user = await insertCredentialUser(trx, {
        name: person.displayName,
        email: person.email ?? '',
        passwordHash: hash,
      });
      return this.people.linkAccount(person.id, user.id);
    });
  }
}
