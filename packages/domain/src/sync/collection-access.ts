import {
  ACTIVITIES_COLLECTION,
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  AUTOCOMPLETION_COLLECTION,
  CONFIGURATION_COLLECTION,
  FAVORITES_COLLECTION,
  MEASURES_COLLECTION,
  PEOPLE_COLLECTION,
  PERSON_EMAILS_COLLECTION,
  ROLES_COLLECTION,
  STANDARDS_COLLECTION,
  TEMPLATE_ITEMS_COLLECTION,
  TEMPLATES_COLLECTION,
} from '../collection-names';
import { can, type PermissionAction } from '../permissions/permissions';

/**
 * Who may read each replicated collection: the permission table's read action, null = every
 * signed-in person. Kept apart from the collections' schemas (collections.ts), which the web
 * app's first screen does not need to decide what it subscribes to.
 */
export const COLLECTION_READ_ACTIONS: Readonly<Record<string, PermissionAction | null>> = {
  [CONFIGURATION_COLLECTION]: 'configuration.read',
  [AUTOCOMPLETION_COLLECTION]: 'customerData.read',
  [ACTIVITIES_COLLECTION]: null,
  [STANDARDS_COLLECTION]: 'standard.read',
  [AUDITS_COLLECTION]: 'audit.read',
  [AUDIT_ITEMS_COLLECTION]: 'audit.read',
  [TEMPLATES_COLLECTION]: 'template.read',
  [TEMPLATE_ITEMS_COLLECTION]: 'template.read',
  [PEOPLE_COLLECTION]: 'person.read',
  [PERSON_EMAILS_COLLECTION]: 'person.read',
  [ROLES_COLLECTION]: 'role.read',
  [MEASURES_COLLECTION]: 'measure.read',
  [FAVORITES_COLLECTION]: null,
};

/** The read action of a collection; undefined for a collection nobody defined. */
export function collectionReadAction(collection: string): PermissionAction | null | undefined {
  return Object.hasOwn(COLLECTION_READ_ACTIONS, collection)
    ? COLLECTION_READ_ACTIONS[collection]
    : undefined;
}

/** Whether a person with these roles may subscribe to (read) a collection. */
export function mayReadCollection(roles: readonly string[], collection: string): boolean {
  const action = collectionReadAction(collection);
  if (action === undefined) return false;
  if (action === null) return roles.length > 0;
  return can(roles, action, {});
}
