import { PEOPLE_COLLECTION, roleListSchema, type Person } from '@qa/domain';
import { getOwn, type JsonObject } from '@qa/sync';
import { useMemo } from 'react';
import { useDocument } from '../sync/use-document';

/**
 * The session's person with what the replica knows newer of them (issue 15.4): roles, name and
 * picture from their `people` document. When an admin removes a role, every open page of that
 * person follows at once (the permission checks read `usePerson().roles`); the server enforces
 * the change on its own within seconds (its session check).
 */
export function overlayPerson(person: Person, data: JsonObject | undefined): Person {
  if (!data) return person;
  const roles = roleListSchema.safeParse(getOwn(data, 'roles'));
  const name = getOwn(data, 'displayName');
  const avatar = getOwn(data, 'avatar');
  const next: Person = {
    ...person,
    ...(roles.success ? { roles: roles.data } : {}),
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
  const { document } = useDocument(PEOPLE_COLLECTION, person?.id);
  const data = document?.data;
  return useMemo(() => (person ? overlayPerson(person, data) : null), [person, data]);
}
