import type { JsonObject } from '@qa/sync';
import { CONFIGURATION_COLLECTION } from '../commands/configuration.commands';
import { AUTOCOMPLETION_COLLECTION } from '../commands/autocompletion.commands';
import {
  CONFIG_SEGMENTS,
  DEFAULT_CONFIGURATION,
  parseConfigSegment,
} from '../config/configuration';
import { activitySchema } from '../entities/activity.schema';
import { validateAutocompletionList } from '../entities/autocompletion.schema';
import { validationIssueMessages } from '../entities/validation-issue';
import type { DomainMessage } from '../messages/message';
import { can, type PermissionAction } from '../permissions/permissions';

export const ACTIVITIES_COLLECTION = 'activities';

export type DocumentValidation = { ok: true } | { ok: false; issues: DomainMessage[] };

/**
 * A replicated collection (DESIGN.md section 4): who may read it and the schema every document
 * must satisfy after a command ran. The server validates each written document with `validate`
 * (a failure rejects the command as `invalid_result`); subscriptions check `mayRead`.
 */
export interface CollectionDefinition {
  readonly name: string;
  /** The permission table's read action; null = every signed-in person. */
  readonly readAction: PermissionAction | null;
  validate(id: string, data: JsonObject): DocumentValidation;
}

const configurationCollection: CollectionDefinition = {
  name: CONFIGURATION_COLLECTION,
  readAction: 'configuration.read',
  validate(id, data) {
    const parsed = parseConfigSegment(id, data);
    return parsed.ok ? { ok: true } : { ok: false, issues: parsed.errors };
  },
};

const autocompletionCollection: CollectionDefinition = {
  name: AUTOCOMPLETION_COLLECTION,
  readAction: 'customerData.read',
  validate(id, data) {
    const result = validateAutocompletionList({ ...data, id });
    return result.ok ? { ok: true } : { ok: false, issues: result.errors };
  },
};

const activitiesCollection: CollectionDefinition = {
  name: ACTIVITIES_COLLECTION,
  readAction: null,
  validate(id, data) {
    const result = activitySchema.safeParse(data);
    if (!result.success) return { ok: false, issues: validationIssueMessages(result.error) };
    return result.data.id === id
      ? { ok: true }
      : { ok: false, issues: [{ key: 'validation.invalid', params: { field: 'id' } }] };
  },
};

export const DOMAIN_COLLECTIONS: readonly CollectionDefinition[] = [
  configurationCollection,
  autocompletionCollection,
  activitiesCollection,
];

const byName = new Map(DOMAIN_COLLECTIONS.map((definition) => [definition.name, definition]));

export function collectionDefinition(name: string): CollectionDefinition | undefined {
  return byName.get(name);
}

/** Validates a document a command produced; a collection nobody defined is refused. */
export function validateDocument(
  collection: string,
  id: string,
  data: JsonObject,
): DocumentValidation {
  const definition = collectionDefinition(collection);
  if (!definition) {
    return { ok: false, issues: [{ key: 'sync.unknownCollection', params: { collection } }] };
  }
  return definition.validate(id, data);
}

/** Whether a person with these roles may subscribe to (read) a collection. */
export function mayReadCollection(roles: readonly string[], collection: string): boolean {
  const definition = collectionDefinition(collection);
  if (!definition) return false;
  if (definition.readAction === null) return roles.length > 0;
  return can(roles, definition.readAction, {});
}

/**
 * The documents seeded on first start: one configuration document per segment, from
 * DEFAULT_CONFIGURATION. The server writes those that are missing.
 */
export function defaultConfigurationDocuments(): {
  collection: string;
  id: string;
  data: JsonObject;
}[] {
  return CONFIG_SEGMENTS.map((segment) => ({
    collection: CONFIGURATION_COLLECTION,
    id: segment,
    data: JSON.parse(JSON.stringify(DEFAULT_CONFIGURATION[segment])) as JsonObject,
  }));
}
