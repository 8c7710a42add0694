import { z } from 'zod/mini';
import { getOwn, type JsonObject, type Op } from '@qa/sync';
import { templateSchema } from '../entities/audit.schema';
import { idSchema } from '../ids';
import type { DomainMessage } from '../messages/message';
import { changedFieldOps, MAX_DOCUMENTS_PER_COMMAND } from './audit-access';
import { commandError, commandOk, defineCommand, toJsonValue } from './define-command';
import { invalidResult as invalid } from './item-command-parts';
import {
  nextVersionOp,
  TEMPLATE_CONFIG_REF,
  TEMPLATE_ITEMS_COLLECTION,
  templateConfiguration,
  templateDocRef,
  templateItemDocRef,
  templateName,
  templateUrl,
  TEMPLATES_COLLECTION,
} from './template-access';

/**
 * The template commands (issue 14, SPEC sections 2 and 7): a template is the header of an audit
 * (`templateSchema`), one document in `templates` (id = template id, `data.id` the same); its
 * questions are documents of `template_items` carrying `templateId`. Quality managers and
 * admins edit templates, everybody reads them (permission table). Every change of a template
 * or its items increments its `version`.
 */

const NO_CHANGES: DomainMessage = { key: 'command.noChanges' };

/** A field as a patch accepts it: optional, without its default (absent = unchanged). */
function patchField<T extends z.ZodMiniType>(field: T) {
  return z.optional(
    field instanceof z.ZodMiniDefault ? (field.def.innerType as z.ZodMiniType) : field,
  );
}

/** The fields of the template metadata dialog (SPEC section 2); the rest is set by commands. */
const TEMPLATE_FIELDS = [
  'name',
  'standard',
  'type',
  'audited_by',
  'scope',
  'process',
  'tags',
  'interestedparties',
  // How the template's audits are evaluated, the VDA 6.3 set-up with it (issue 19).
  'reportSchema',
  'vda',
] as const;
type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/**
 * What `template.update` takes in `changes`: the dialog's fields, each optional (absent =
 * unchanged). Anything else (items, version, creator, creation date) is stripped.
 */
export const templateChangesSchema = z.object(
  Object.fromEntries(
    TEMPLATE_FIELDS.map((key) => [key, patchField(templateSchema.shape[key])]),
  ) as {
    [K in TemplateField]: z.ZodMiniOptional<z.ZodMiniType<z.infer<typeof templateSchema>[K]>>;
  },
);
export type TemplateChanges = z.infer<typeof templateChangesSchema>;

const notFound = (id: string) =>
  commandError('not_found', { key: 'template.notFound', params: { id } });

/** `template.create` {id, name, standard?, type?, audited_by?, scope?, process?, tags?, ...}. */
export const createTemplateArgsSchema = z.looseObject({ id: idSchema });

/**
 * Creates a template at version 1, created by the actor now. Standard and audited_by default to
 * the `template` configuration's default item (SPEC section 9: ISO 9001, internal). The name is
 * required; an id in use is a `conflict`. Other fields than the dialog's are ignored.
 */
export const createTemplateCommand = defineCommand({
  name: 'template.create',
  args: createTemplateArgsSchema,
  action: 'template.create',
  reads: ({ id }) => [templateDocRef(id), TEMPLATE_CONFIG_REF],
  run(state, args, ctx) {
    if (state.get(TEMPLATES_COLLECTION, args.id)) {
      return commandError('conflict', { key: 'template.idTaken', params: { id: args.id } });
    }
    const changes = templateChangesSchema.safeParse(args);
    if (!changes.success) return invalid(changes.error);
    const defaults = templateConfiguration(state).defaultItem;
    const fields = Object.fromEntries(
      Object.entries(changes.data).filter(([, value]) => value !== undefined),
    );
    const parsed = templateSchema.safeParse({
      standard: defaults.standard,
      audited_by: defaults.audited_by,
      ...fields,
      id: args.id,
      created_by: ctx.actor.personId,
      created_date: ctx.now,
      protected: false,
      version: 1,
    });
    if (!parsed.success) return invalid(parsed.error);
    const template = parsed.data;
    return commandOk(
      [
        {
          op: 'set',
          collection: TEMPLATES_COLLECTION,
          id: template.id,
          path: [],
          value: toJsonValue(template),
        },
      ],
      {
        activity: { verb: 'created', object: template.name, objectUrl: templateUrl(template.id) },
        message: { key: 'template.created', params: { name: template.name } },
      },
    );
  },
});

/**
 * `template.update` {id, changes}: the metadata dialog's save, without the items (SPEC section
 * 7). Writes only the fields that changed, plus the next version, with an 'updated' activity
 * to /templates/{id}. Nothing changed: `unchanged`, 'no changes found'.
 */
export const updateTemplateCommand = defineCommand({
  name: 'template.update',
  args: z.object({ id: idSchema, changes: z.record(z.string(), z.unknown()) }),
  action: 'template.update',
  reads: ({ id }) => [templateDocRef(id)],
  run(state, args) {
    const stored = state.get(TEMPLATES_COLLECTION, args.id);
    if (!stored) return notFound(args.id);
    const changes = templateChangesSchema.safeParse(args.changes);
    if (!changes.success) return invalid(changes.error);
    const patch = Object.fromEntries(
      Object.entries(changes.data).filter(([, value]) => value !== undefined),
    );
    const parsed = templateSchema.safeParse({ ...stored, id: args.id, ...patch });
    if (!parsed.success) return invalid(parsed.error);
    const json = toJsonValue(parsed.data) as JsonObject;
    const next = Object.fromEntries(
      TEMPLATE_FIELDS.filter((key) => Object.hasOwn(json, key)).map((key) => [key, json[key]!]),
    );
    const ops = changedFieldOps(TEMPLATES_COLLECTION, args.id, stored, next);
    if (ops.length === 0) return commandOk([], { unchanged: true, message: NO_CHANGES });
    ops.push(nextVersionOp(args.id, stored));
    return commandOk(ops, {
      activity: { verb: 'updated', object: parsed.data.name, objectUrl: templateUrl(args.id) },
      message: { key: 'template.updated', params: { name: parsed.data.name } },
    });
  },
});

/**
 * `template.delete` {id, itemIds}: deletes the template and its items ('Are you sure you want
 * to delete this item?' is asked by the client). As with `audit.delete`, the client names the
 * items it knows (its replica's `template_items` with this `templateId`); each is deleted when
 * it belongs to this template. A template already gone is no error: its listed items that
 * remain are still deleted.
 */
export const deleteTemplateCommand = defineCommand({
  name: 'template.delete',
  args: z.object({
    id: idSchema,
    itemIds: z._default(z.array(idSchema).check(z.maxLength(MAX_DOCUMENTS_PER_COMMAND)), []),
  }),
  action: 'template.delete',
  reads: ({ id, itemIds }) => [templateDocRef(id), ...itemIds.map(templateItemDocRef)],
  run(state, args) {
    const template = state.get(TEMPLATES_COLLECTION, args.id);
    const ops: Op[] = [];
    for (const itemId of args.itemIds) {
      const item = state.get(TEMPLATE_ITEMS_COLLECTION, itemId);
      if (item && getOwn(item, 'templateId') === args.id) {
        ops.push({ op: 'delete', collection: TEMPLATE_ITEMS_COLLECTION, id: itemId, path: [] });
      }
    }
    if (!template) return commandOk(ops, ops.length === 0 ? { unchanged: true } : {});
    ops.unshift({ op: 'delete', collection: TEMPLATES_COLLECTION, id: args.id, path: [] });
    const name = templateName(template, args.id);
    return commandOk(ops, {
      activity: { verb: 'deleted', object: name, objectUrl: '/templates' },
      message: { key: 'template.deleted', params: { name } },
    });
  },
});
