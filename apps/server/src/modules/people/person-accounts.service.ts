import type { Person } from '@qa/domain';
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
    const context = await this.auth.$context;
    const { minPasswordLength, maxPasswordLength } = context.password.config;
    if (password.length < minPasswordLength || password.length > maxPasswordLength) {
      throw new RangeError(
        `The password must have ${minPasswordLength} to ${maxPasswordLength} characters`,
      );
    }
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
