import { randomUUID } from 'node:crypto';
import { DEFAULT_PERSON_PREFERENCES, LINKED_PERSON, type Person, type RoleId } from '@qa/domain';

export interface NewPersonFields {
  displayName: string;
  email: string;
  roles: readonly RoleId[];
  /** The better-auth user to link at once; without one the person starts inactive. */
  accountId?: string | null;
}

/** A new person record: a fresh id, no avatar, active exactly when a login is linked. */
export function newPersonRecord({
  displayName,
  email,
  roles,
  accountId = null,
}: NewPersonFields): Person {
  const state =
    accountId === null ? { type: 'inactive' as const, loginActive: false } : LINKED_PERSON;
  return {
    id: randomUUID(),
    displayName,
    email,
    avatar: null,
    roles: [...roles],
    accountId,
    ...state,
    createdDate: new Date().toISOString(),
    language: null,
    preferences: { ...DEFAULT_PERSON_PREFERENCES },
  };
}
