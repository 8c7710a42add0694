import { z } from 'zod/mini';
import type { JsonObject } from '@qa/sync';
import { auditItemSchema } from '../audit/audit-item.schema';
import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  STANDARDS_COLLECTION,
} from '../commands/audit-access';
import { AUTOCOMPLETION_COLLECTION } from '../entities/autocompletion.schema';
import {
  CONFIG_SEGMENTS,
  DEFAULT_CONFIGURATION,
  parseConfigSegment,
} from '../config/configuration';
import { DEFAULT_STANDARDS } from '../config/default-standards';
import { activitySchema } from '../entities/activity.schema';
import { auditHeaderSchema, templateSchema } from '../entities/audit.schema';
import { templateItemSchema } from '../audit/template-item.schema';
import { TEMPLATE_ITEMS_COLLECTION, TEMPLATES_COLLECTION } from '../commands/template-access';
import { FAVORITES_COLLECTION, favoritesSchema } from '../entities/favorites.schema';
import { MEASURES_COLLECTION, measureSchema } from '../entities/measure.schema';
import { standardSchema } from '../entities/standard.schema';
import { validateAutocompletionList } from '../entities/autocompletion.schema';
import { validationIssueMessages } from '../entities/validation-issue';
import { idSchema } from '../ids';
import type { DomainMessage } from '../messages/message';
import type { PermissionAction } from '../permissions/permissions';
import { ACTIVITIES_COLLECTION, CONFIGURATION_COLLECTION } from '../collection-names';
import { collectionReadAction } from './collection-access';
import {
  MAX_EMAIL_LENGTH,
  normalizePersonEmail,
  PEOPLE_COLLECTION,
  PERSON_EMAILS_COLLECTION,
  personDocumentSchema,
} from '../person';
import { isValidEmail } from '../validation/email';
import { roleSchema } from '../entities/role.schema';
import { ROLES_COLLECTION } from '../people/roles.projection';

export { ACTIVITIES_COLLECTION } from '../collection-names';
export { mayReadCollection } from './collection-access';

/** The read action of a collection defined here: collection-access.ts holds them all. */
function readActionOf(name: string): PermissionAction | null {
  const action = collectionReadAction(name);
  if (action === undefined) throw new Error(`no read action for the collection ${name}`);
  return action;
}

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
  readAction: readActionOf(CONFIGURATION_COLLECTION),
  validate(id, data) {
    const parsed = parseConfigSegment(id, data);
    return parsed.ok ? { ok: true } : { ok: false, issues: parsed.errors };
  },
};

const autocompletionCollection: CollectionDefinition = {
  name: AUTOCOMPLETION_COLLECTION,
  readAction: readActionOf(AUTOCOMPLETION_COLLECTION),
  validate(id, data) {
    const result = validateAutocompletionList({ ...data, id });
    return result.ok ? { ok: true } : { ok: false, issues: result.errors };
  },
};

const activitiesCollection: CollectionDefinition = {
  name: ACTIVITIES_COLLECTION,
  readAction: readActionOf(ACTIVITIES_COLLECTION),
  validate(id, data) {
    const result = activitySchema.safeParse(data);
    if (!result.success) return { ok: false, issues: validationIssueMessages(result.error) };
    return result.data.id === id
      ? { ok: true }
      : { ok: false, issues: [{ key: 'validation.invalid', params: { field: 'id' } }] };
  },
};

/** A document whose data carries its own id must carry the document id. */
function idMismatch(id: string, data: JsonObject): DocumentValidation | null {
  return Object.hasOwn(data, 'id') && data.id !== id
    ? { ok: false, issues: [{ key: 'validation.invalid', params: { field: 'id' } }] }
    : null;
}

/** Standards: document id = standard id, data = the standard without its id (SPEC section 3). */
const standardsCollection: CollectionDefinition = {
  name: STANDARDS_COLLECTION,
  readAction: readActionOf(STANDARDS_COLLECTION),
  validate(id, data) {
    const mismatch = idMismatch(id, data);
    if (mismatch) return mismatch;
    const result = standardSchema.safeParse({ ...data, id });
    return result.success
      ? { ok: true }
      : { ok: false, issues: validationIssueMessages(result.error) };
  },
};

/**
 * Audits: document id = audit id, data = the audit header with `id`. The items are documents of
 * their own (DESIGN.md section 4), so a legacy `audit_items` map is refused here. Stored audits
 * are checked with the header schema: an imported audit may still lack its lead auditor (SPEC
 * section 5 requires it in the dialog, which audit.create and audit.update enforce).
 */
const auditsCollection: CollectionDefinition = {
  name: AUDITS_COLLECTION,
  readAction: readActionOf(AUDITS_COLLECTION),
  validate(id, data) {
    if (Object.hasOwn(data, 'audit_items')) {
      return {
        ok: false,
        issues: [{ key: 'validation.invalid', params: { field: 'audit_items' } }],
      };
    }
    const result = auditHeaderSchema.safeParse(data);
    if (!result.success) return { ok: false, issues: validationIssueMessages(result.error) };
    return idMismatch(id, data) ?? { ok: true };
  },
};

/** Audit items: document id = item id, data = the item with `id` and its `auditId`. */
const auditItemsCollection: CollectionDefinition = {
  name: AUDIT_ITEMS_COLLECTION,
  readAction: readActionOf(AUDIT_ITEMS_COLLECTION),
  validate(id, data) {
    const result = auditItemSchema.safeParse(data);
    if (!result.success) return { ok: false, issues: validationIssueMessages(result.error) };
    return idMismatch(id, data) ?? { ok: true };
  },
};

/**
 * Templates (issue 14): document id = template id, data = the template header with `id` and its
 * `version`; like audits, the items are documents of their own and an `audit_items` map is
 * refused.
 */
const templatesCollection: CollectionDefinition = {
  name: TEMPLATES_COLLECTION,
  readAction: readActionOf(TEMPLATES_COLLECTION),
  validate(id, data) {
    if (Object.hasOwn(data, 'audit_items')) {
      return {
        ok: false,
        issues: [{ key: 'validation.invalid', params: { field: 'audit_items' } }],
      };
    }
    const result = templateSchema.safeParse(data);
    if (!result.success) return { ok: false, issues: validationIssueMessages(result.error) };
    return idMismatch(id, data) ?? { ok: true };
  },
};

/** Template items: document id = item id, data = the item with `id` and its `templateId`. */
const templateItemsCollection: CollectionDefinition = {
  name: TEMPLATE_ITEMS_COLLECTION,
  readAction: readActionOf(TEMPLATE_ITEMS_COLLECTION),
  validate(id, data) {
    const result = templateItemSchema.safeParse(data);
    if (!result.success) return { ok: false, issues: validationIssueMessages(result.error) };
    return idMismatch(id, data) ?? { ok: true };
  },
};

/**
 * People: document id = person id, data = `PersonDocument` (strict: no login link or state, as
 * every signed-in person replicates the collection).
 */
const peopleCollection: CollectionDefinition = {
  name: PEOPLE_COLLECTION,
  readAction: readActionOf(PEOPLE_COLLECTION),
  validate(id, data) {
    const result = personDocumentSchema.safeParse(data);
    if (!result.success) return { ok: false, issues: validationIssueMessages(result.error) };
    return idMismatch(id, data) ?? { ok: true };
  },
};

const personEmailEntrySchema = z.strictObject({ personId: idSchema });

/** The people directory's e-mail index: id = the normalised e-mail, data `{personId}`. */
const personEmailsCollection: CollectionDefinition = {
  name: PERSON_EMAILS_COLLECTION,
  readAction: readActionOf(PERSON_EMAILS_COLLECTION),
  validate(id, data) {
    if (id !== normalizePersonEmail(id) || id.length > MAX_EMAIL_LENGTH || !isValidEmail(id)) {
      return { ok: false, issues: [{ key: 'validation.invalid', params: { field: 'id' } }] };
    }
    const result = personEmailEntrySchema.safeParse(data);
    return result.success
      ? { ok: true }
      : { ok: false, issues: validationIssueMessages(result.error) };
  },
};

/**
 * Roles (issue 15): document id = role id, data `{id, description, members}` projected by the
 * server from the people records (`roleDocuments`); every role may read it ('role.read').
 */
const rolesCollection: CollectionDefinition = {
  name: ROLES_COLLECTION,
  readAction: readActionOf(ROLES_COLLECTION),
  validate(id, data) {
    const result = z.strictObject(roleSchema.shape).safeParse(data);
    if (!result.success) return { ok: false, issues: validationIssueMessages(result.error) };
    return result.data.id === id
      ? { ok: true }
      : { ok: false, issues: [{ key: 'validation.invalid', params: { field: 'id' } }] };
  },
};

/** Measures: document id = measure id, data = the measure with `id` (SPEC section 3). */
const measuresCollection: CollectionDefinition = {
  name: MEASURES_COLLECTION,
  readAction: readActionOf(MEASURES_COLLECTION),
  validate(id, data) {
    const result = measureSchema.safeParse(data);
    if (!result.success) return { ok: false, issues: validationIssueMessages(result.error) };
    return idMismatch(id, data) ?? { ok: true };
  },
};

/** Favorites: document id = the person's id, also in `id` (their starred audits, measures). */
const favoritesCollection: CollectionDefinition = {
  name: FAVORITES_COLLECTION,
  readAction: readActionOf(FAVORITES_COLLECTION),
  validate(id, data) {
    const result = favoritesSchema.safeParse(data);
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
  standardsCollection,
  auditsCollection,
  auditItemsCollection,
  templatesCollection,
  templateItemsCollection,
  peopleCollection,
  personEmailsCollection,
  rolesCollection,
  measuresCollection,
  favoritesCollection,
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

/**
 * The seven default standards of SPEC section 9 (`DEFAULT_STANDARDS`), one document each
 * (id = standard id, data without it). The server writes those that are missing.
 */
export function defaultStandardDocuments(): { collection: string; id: string; data: JsonObject }[] {
  return DEFAULT_STANDARDS.map(({ id, ...data }) => ({
    collection: STANDARDS_COLLECTION,
    id,
    data: JSON.parse(JSON.stringify(data)) as JsonObject,
  }));
}
