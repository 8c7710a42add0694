import { canSignIn } from '../account';
import type { DomainMessage } from '../messages/message';
import { normalizePersonEmail, type Person } from '../person';
import type { RoleId } from '../roles';

/** What the people rules look at of a person. */
export type PersonState = Pick<Person, 'id' | 'roles' | 'type' | 'loginActive' | 'accountId'>;

/**
 * A change to one person: new roles, login disabled (`active: false`) or the person removed.
 * Unnamed parts stay as they are.
 */
export interface PersonChange {
  roles?: readonly RoleId[];
  active?: boolean;
  removed?: boolean;
}

function isActiveAdmin(person: PersonState): boolean {
  return canSignIn(person) && person.roles.includes('admin');
}

/**
 * SPEC section 6: there must always be an active administrator. Refuses a change that takes
 * the last active admin's role, login or record; a change that leaves things no worse (there
 * was no active admin before, or another one stays) passes.
 */
export function lastAdminRule(
  people: readonly PersonState[],
  personId: string,
  change: PersonChange,
): DomainMessage | null {
  const before = people.filter(isActiveAdmin);
  if (before.length === 0) return null;
  const after = people.filter((person) => {
    if (person.id !== personId) return isActiveAdmin(person);
    if (change.removed) return false;
    const changed: PersonState = {
      ...person,
      roles: change.roles ? [...change.roles] : person.roles,
      ...(change.active === false ? { loginActive: false } : {}),
    };
    return isActiveAdmin(changed);
  });
  return after.length === 0 ? { key: 'people.lastAdmin' } : null;
}

/**
 * SPEC section 6: the e-mail cannot be edited once set. An update that names no e-mail, or the
 * stored one (compared normalised), passes; another address is refused.
 */
export function emailImmutable(
  stored: string | null,
  requested: string | null | undefined,
): DomainMessage | null {
  if (requested === undefined || stored === null) return null;
  if (requested !== null && normalizePersonEmail(requested) === normalizePersonEmail(stored)) {
    return null;
  }
  return { key: 'people.emailImmutable', params: { field: 'email' } };
}

/**
 * Roles are permissions to sign in with: a person without a login cannot be given any (the
 * roles of an imported person stay as imported until they get one). Clearing them is allowed.
 */
export function rolesNeedLogin(
  person: Pick<Person, 'accountId'>,
  roles: readonly RoleId[],
): DomainMessage | null {
  return person.accountId === null && roles.length > 0
    ? { key: 'people.rolesNeedLogin', params: { field: 'roles' } }
    : null;
}

/**
 * Deleting a person (SPEC section 4): one named by an audit, measure or finding stays as a
 * name and is only deactivated; anyone else is deleted with their login.
 */
export function removalOf(
  _person: Pick<Person, 'id'>,
  referenced: boolean,
): 'delete' | 'deactivate' {
  return referenced ? 'deactivate' : 'delete';
}

/** Does an audit header name the person (team, responsible, participants, creator)? */
export function auditNamesPerson(data: Record<string, unknown>, personId: string): boolean {
  for (const field of ['leadauditor', 'responsible', 'created_by']) {
    if (data[field] === personId) return true;
  }
  for (const field of ['auditor', 'coauditors', 'audit_participants']) {
    const list = data[field];
    if (Array.isArray(list) && list.includes(personId)) return true;
  }
  return false;
}

/** Does a measure name the person (author or assignee)? */
export function measureNamesPerson(data: Record<string, unknown>, personId: string): boolean {
  if (data.autor === personId) return true;
  return Array.isArray(data.assignedTo) && data.assignedTo.includes(personId);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Does an audit item name the person as who captured a finding's photo or file? */
export function auditItemNamesPerson(data: Record<string, unknown>, personId: string): boolean {
  if (!isRecord(data.deviations)) return false;
  for (const finding of Object.values(data.deviations)) {
    if (!isRecord(finding) || !isRecord(finding.media)) continue;
    for (const media of Object.values(finding.media)) {
      if (isRecord(media) && media.capturedBy === personId) return true;
    }
  }
  return false;
}
