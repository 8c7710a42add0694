import type { Person, RoleId } from '@qa/domain';
import { getOwn, type JsonObject } from '@qa/sync';
import { useMemo } from 'react';
import { usePeopleDocument } from './use-people-document';

/**
 * ROLE_IDS of @qa/domain, spelled out: this module is part of the app's entry, which must not
 * load the domain's schemas (vite.config.ts); live-roles.test.tsx checks they are the same.
 */
export const KNOWN_ROLE_IDS: readonly RoleId[] = [
  'user',
  'auditor',
  'qm',
  'admin',
  'measure-dispatcher',
];

/** The roles of a people document, if they are known roles without repeats. */
function rolesOf(value: unknown): RoleId[] | null {
  if (!Array.isArray(value)) return null;
  const known: readonly string[] = KNOWN_ROLE_IDS;
  const valid =
    value.every((role) => typeof role === 'string' && known.includes(role)) &&
    new Set(value).size === value.length;
  return valid ? (value as RoleId[]) : null;
}

/**
 * The session's person with what the replica knows newer of them (issue 15.4): roles, name and
 * picture from their `people` document. When an admin removes a role, every open page of that
 * person follows at once (the permission checks read `usePerson().roles`); the server enforces
 * the change on its own within seconds (its session check).
 */
export function overlayPerson(person: Person, data: JsonObject | undefined): Person {
  if (!data) return person;
  const roles = rolesOf(getOwn(data, 'roles'));
  const name = getOwn(data, 'displayName');
  const avatar = getOwn(data, 'avatar');
  const next: Person = {
    ...person,
    ...(roles ? { roles } : {}),
    ...(typeof name === 'string' && name.trim() !== '' ? { displayName: name } : {}),
    ...(typeof avatar === 'string' || avatar === null ? { avatar } : {}),
  };
  const same =
    next.roles.join(',') === person.roles.join(',') &&
    next.displayName === person.displayName &&
    next.avatar === person.avatar;
  return same ? person : next;
}

/** `person` overlaid with its live `people` document (see overlayPerson); null stays null. */
export function useLivePerson(person: Person | null): Person | null {
  const document = usePeopleDocument(person?.id);
  const data = document?.data;
  return useMemo(() => (person ? overlayPerson(person, data) : null), [person, data]);
}
