import { canSignIn, newPersonSchema, type Person } from '@qa/domain';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../shared/app-error';
import { PersonEmailTakenError } from './people-directory.service';
import { newPersonRecord } from './people.factory';
import type { PeopleRepository } from './people.repository';

export class PeopleService {
  constructor(private readonly people: PeopleRepository) {}

  /**
   * Creates a person record without a login (SPEC section 4: "created inactive"), and its
   * document in the people directory. Input is parsed with the domain schema; an unknown role
   * gets its own code so the form can say so. An e-mail any person of the directory has is a
   * conflict.
   */
  async create(input: unknown): Promise<Person> {
    const parsed = newPersonSchema.safeParse(input);
    if (!parsed.success) {
      const roleIssue = parsed.error.issues.find((issue) => issue.path[0] === 'roles');
      if (roleIssue) throw new AppError('invalid_role', 'Unknown or repeated role', roleIssue.path);
      throw new AppError('invalid_request', 'Invalid person', parsed.error.issues);
    }
    const { displayName, email, roles } = parsed.data;
    if (await this.people.findByEmail(email)) {
      throw new AppError('conflict', 'A person with this e-mail address exists already');
    }
    const person = newPersonRecord({ displayName, email, roles });
    try {
      await this.people.insert(person);
    } catch (error) {
      // A person without login (only in the people directory) may hold the address too.
      if (isUniqueViolation(error) || error instanceof PersonEmailTakenError) {
        throw new AppError('conflict', 'A person with this e-mail address exists already');
      }
      throw error;
    }
    return person;
  }

  /** Gives a person their login account; from then on they are an active user. */
  async linkAccount(personId: string, accountId: string): Promise<Person> {
    if (!(await this.people.linkAccount(personId, accountId))) {
      throw new AppError('conflict', 'The person does not exist or already has a login');
    }
    const linked = await this.people.findById(personId);
    if (!linked) throw new AppError('not_found', 'Person not found');
    return linked;
  }

  findByEmail(email: string): Promise<Person | null> {
    return this.people.findByEmail(email);
  }

  findByAccountId(accountId: string): Promise<Person | null> {
    return this.people.findByAccountId(accountId);
  }

  /** The person allowed to sign in with this login account, or null. */
  async findSignInPerson(accountId: string): Promise<Person | null> {
    const person = await this.people.findByAccountId(accountId);
    return person && canSignIn(person) ? person : null;
  }
}
