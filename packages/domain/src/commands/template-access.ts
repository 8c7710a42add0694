import { getOwn, type JsonObject, type Op } from '@qa/sync';
import {
  DEFAULT_TEMPLATE_CONFIG,
  templateConfigSchema,
  type TemplateConfig,
} from '../config/template.config';
import type { CommandState, DocRef } from './define-command';
import {
  CONFIGURATION_COLLECTION,
  TEMPLATES_COLLECTION,
  TEMPLATE_ITEMS_COLLECTION,
} from '../collection-names';
export { TEMPLATES_COLLECTION, TEMPLATE_ITEMS_COLLECTION };

/**
 * What the template commands share (issue 14): collection names, document refs, the `template`
 * configuration segment and the version every change of a template or its items increments.
 */

export const templateDocRef = (id: string): DocRef => ({ collection: TEMPLATES_COLLECTION, id });
export const templateItemDocRef = (id: string): DocRef => ({
  collection: TEMPLATE_ITEMS_COLLECTION,
  id,
});
export const TEMPLATE_CONFIG_REF: DocRef = { collection: CONFIGURATION_COLLECTION, id: 'template' };

export const templateUrl = (id: string) => `/templates/${id}`;
export const templatePreparationUrl = (id: string) => `/templates/${id}/templatepreparation`;

/** The `template` configuration segment as stored, or the default when missing or invalid. */
export function templateConfiguration(state: CommandState): TemplateConfig {
  const parsed = templateConfigSchema.safeParse(
    state.get(TEMPLATE_CONFIG_REF.collection, TEMPLATE_CONFIG_REF.id),
  );
  return parsed.success ? parsed.data : DEFAULT_TEMPLATE_CONFIG;
}

/** A template's version; a template stored without one (or a broken one) counts as 1. */
export function templateVersion(template: JsonObject): number {
  const version = getOwn(template, 'version');
  return typeof version === 'number' && Number.isInteger(version) && version >= 1 ? version : 1;
}

/** The op that makes a change of the template or its items the template's next version. */
export function nextVersionOp(templateId: string, template: JsonObject): Op {
  return {
    op: 'set',
    collection: TEMPLATES_COLLECTION,
    id: templateId,
    path: ['version'],
    value: templateVersion(template) + 1,
  };
}

/** The template's name for activities and messages, or its id. */
export function templateName(template: JsonObject | undefined, fallback: string): string {
  const name = template ? getOwn(template, 'name') : undefined;
  return typeof name === 'string' && name.trim() !== '' ? name : fallback;
}
