import { canSignIn } from '../account';
import { ROLE_LABELS, type Role } from '../entities/role.schema';
import type { Person } from '../person';
import { ROLE_IDS } from '../roles';
import { ROLES_COLLECTION } from '../collection-names';
export { ROLES_COLLECTION };

/**
 * The replicated `roles` collection (SPEC section 3 "Role", issue 15): document id = role id,
 * data `{id, description, members: {[personId]: {active: true}}}`. The server projects it from
 * the people records (roles are a field of the person) in the same transaction as every change
 * of roles or login, so clients that read roles the spec's way see them live.
 */

/**
 * Every role's document: its members are the people who hold it and may sign in (a person
 * without login or deactivated is no member), keyed in id order so equal inputs give equal
 * documents.
 */
export function roleDocuments(
  people: readonly Pick<Person, 'id' | 'roles' | 'type' | 'loginActive' | 'accountId'>[],
): Role[] {
  const active = people.filter(canSignIn).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return ROLE_IDS.map((id) => ({
    id,
    description: ROLE_LABELS[id].en,
    members: Object.fromEntries(
      active
        .filter((person) => person.roles.includes(id))
        .map((person) => [person.id, { active: true }]),
    ),
  }));
}
