import type { Person, PersonType } from './person';
import type { RoleId } from './roles';

/** Password length, the same for the server's hasher and the forms (better-auth's maximum). */
export const PASSWORD_RULES = { minLength: 8, maxLength: 128 } as const;

export function passwordLengthOk(password: string): boolean {
  return password.length >= PASSWORD_RULES.minLength && password.length <= PASSWORD_RULES.maxLength;
}

/** The first administrator may do everything a fresh installation needs. */
export const INITIAL_ADMIN_ROLES: readonly RoleId[] = ['user', 'admin', 'qm', 'auditor'];

/** SPEC section 4 "User account": only an active person with an enabled login may sign in. */
export function canSignIn(person: Pick<Person, 'type' | 'loginActive' | 'accountId'>): boolean {
  return person.type === 'active' && person.loginActive && person.accountId !== null;
}

/** Linking a login makes a person active (SPEC section 4: an inactive record "can later get a login"). */
export const LINKED_PERSON: { type: PersonType; loginActive: boolean } = {
  type: 'active',
  loginActive: true,
};
