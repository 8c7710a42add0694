import { z } from 'zod/mini';
import { getOwn, type JsonObject } from '@qa/sync';
import { templateItemSchema } from '../audit/template-item.schema';
import { validationIssueMessages } from '../entities/validation-issue';
import { idSchema } from '../ids';
import type { DomainMessage } from '../messages/message';
import { MAX_DOCUMENTS_PER_COMMAND } from './audit-access';
import {
  commandError,
  commandOk,
  defineCommand,
  toJsonValue,
  type CommandState,
} from './define-command';
import {
  changedItem,
  invalidResult as invalid,
  itemChangesSchema,
  itemInputSchema,
  itemQuestionInputSchema,
  itemUpdateOps,
  newItemOps,
  questionLabel,
  type ItemInput,
} from './item-command-parts';
import {
  nextVersionOp,
  TEMPLATE_ITEMS_COLLECTION,
  templateDocRef,
  templateItemDocRef,
  templateName,
  templatePreparationUrl,
  TEMPLATES_COLLECTION,
} from './template-access';

/**
 * The commands on a template's questions (issue 14; SPEC section 7 "audit-items create, update
 * and delete as above"): the same inputs and rules as the audit item commands, stored in
 * `template_items` with `templateId`. Editing the questions is editing the template, so each
 * needs `template.update` (qm, admin) and increments the template's version. Like the audit
 * item commands, each names its template (`templateId`); a stored item of another template is
 * refused ('templateItem.wrongTemplate').
 */

const NO_CHANGES: DomainMessage = { key: 'command.noChanges' };
const storedItemSchema = z.extend(templateItemSchema, { question: itemQuestionInputSchema });

const templateNotFound = (id: string) =>
  commandError('not_found', { key: 'template.notFound', params: { id } });
const itemNotFound = (id: string) =>
  commandError('not_found', { key: 'templateItem.notFound', params: { id } });

/** The item must belong to the template the args name. */
function sameTemplate(
  _ctx: unknown,
  args: { templateId: string; id: string },
  state: CommandState,
) {
  const item = state.get(TEMPLATE_ITEMS_COLLECTION, args.id);
  if (item && getOwn(item, 'templateId') !== args.templateId) {
    return { key: 'templateItem.wrongTemplate', params: { id: args.id } } satisfies DomainMessage;
  }
  return true;
}

const itemRefs = ({ templateId, id }: { templateId: string; id: string }) => [
  templateDocRef(templateId),
  templateItemDocRef(id),
];

/** A new template item, validated with the required question text. */
function newItem(templateId: string, input: ItemInput) {
  return storedItemSchema.safeParse({
    id: input.id,
    templateId,
    processes: input.processes ?? [],
    question: input.question,
    ...(input.Weight === undefined ? {} : { Weight: input.Weight }),
  });
}

/**
 * `templateItem.create` {templateId, id, processes?, question, Weight?}: the question dialog's
 * save on the template page. The question text is required; an id in use is a `conflict`; the
 * template must exist.
 */
export const createTemplateItemCommand = defineCommand({
  name: 'templateItem.create',
  args: z.extend(itemInputSchema, { templateId: idSchema }),
  action: 'template.update',
  authorize: sameTemplate,
  reads: itemRefs,
  run(state, args) {
    const template = state.get(TEMPLATES_COLLECTION, args.templateId);
    if (!template) return templateNotFound(args.templateId);
    if (state.get(TEMPLATE_ITEMS_COLLECTION, args.id)) {
      return commandError('conflict', { key: 'templateItem.idTaken', params: { id: args.id } });
    }
    const parsed = newItem(args.templateId, args);
    if (!parsed.success) return invalid(parsed.error);
    const value = toJsonValue(parsed.data);
    return commandOk(
      [
        { op: 'set', collection: TEMPLATE_ITEMS_COLLECTION, id: args.id, path: [], value },
        nextVersionOp(args.templateId, template),
      ],
      {
        activity: {
          verb: 'createdTemplateItem',
          object: questionLabel(parsed.data.question, args.id),
          objectUrl: templatePreparationUrl(args.templateId),
        },
        message: { key: 'templateItem.created' },
      },
    );
  },
});

/**
 * `templateItem.update` {templateId, id, changes: {processes?, Weight?, question?}}: question
 * fields are a patch; writes only what changed, plus the template's next version.
 */
export const updateTemplateItemCommand = defineCommand({
  name: 'templateItem.update',
  args: z.object({ templateId: idSchema, id: idSchema, changes: itemChangesSchema }),
  action: 'template.update',
  authorize: sameTemplate,
  reads: itemRefs,
  run(state, args) {
    const stored = state.get(TEMPLATE_ITEMS_COLLECTION, args.id);
    if (!stored) return itemNotFound(args.id);
    const template = state.get(TEMPLATES_COLLECTION, args.templateId);
    if (!template) return templateNotFound(args.templateId);
    const item = templateItemSchema.safeParse({ ...stored, id: args.id });
    if (!item.success) return invalid(item.error);
    const parsed = storedItemSchema.safeParse(changedItem(item.data, args.changes));
    if (!parsed.success) return invalid(parsed.error);
    const ops = itemUpdateOps(TEMPLATE_ITEMS_COLLECTION, args.id, stored, parsed.data);
    if (ops.length === 0) return commandOk([], { unchanged: true, message: NO_CHANGES });
    ops.push(nextVersionOp(args.templateId, template));
    return commandOk(ops, {
      activity: {
        verb: 'updatedTemplateItem',
        object: questionLabel(parsed.data.question, args.id),
        objectUrl: templatePreparationUrl(args.templateId),
      },
      message: { key: 'templateItem.updated' },
    });
  },
});

/**
 * `templateItem.delete` {templateId, id}: ('Are you sure you want to delete this item?' is asked
 * by the client). An item already gone is no error; the template's version moves on when it
 * still exists.
 */
export const deleteTemplateItemCommand = defineCommand({
  name: 'templateItem.delete',
  args: z.object({ templateId: idSchema, id: idSchema }),
  action: 'template.update',
  authorize: sameTemplate,
  reads: itemRefs,
  run(state, args) {
    const stored = state.get(TEMPLATE_ITEMS_COLLECTION, args.id);
    if (!stored) return commandOk([], { unchanged: true });
    const template = state.get(TEMPLATES_COLLECTION, args.templateId);
    return commandOk(
      [
        { op: 'delete', collection: TEMPLATE_ITEMS_COLLECTION, id: args.id, path: [] },
        ...(template ? [nextVersionOp(args.templateId, template)] : []),
      ],
      {
        activity: {
          verb: 'deletedTemplateItem',
          object: questionLabel(getOwn(stored, 'question'), args.id),
          objectUrl: templatePreparationUrl(args.templateId),
        },
        message: { key: 'templateItem.deleted' },
      },
    );
  },
});

/**
 * `templateItem.import` {templateId, items: [{id, processes?, question, Weight?}], source?}:
 * the CSV import of the template page (the client parses the file with `parseItemImportField`
 * / `parseAuditItemCsv` and shows its report) or the process-audit catalogue
 * (`catalogueTemplateItems`, source 'catalogue') or questions chosen from another template
 * ("use template" of the template preparation page, source 'template'). All or nothing, as `auditItem.import`: an
 * invalid item, or an id repeated or taken, rejects the command with every problem and its
 * 1-based position in `items`. One command, one transaction, one new version of the template.
 */
export const importTemplateItemsCommand = defineCommand({
  name: 'templateItem.import',
  args: z.object({
    templateId: idSchema,
    items: z
      .array(itemInputSchema)
      .check(z.minLength(1))
      .check(z.maxLength(MAX_DOCUMENTS_PER_COMMAND)),
    source: z._default(z.enum(['csv', 'catalogue', 'template']), 'csv'),
  }),
  action: 'template.update',
  reads: ({ templateId, items }) => [
    templateDocRef(templateId),
    ...items.map((item) => templateItemDocRef(item.id)),
  ],
  run(state, args) {
    const template = state.get(TEMPLATES_COLLECTION, args.templateId);
    if (!template) return templateNotFound(args.templateId);
    const planned = newItemOps({
      collection: TEMPLATE_ITEMS_COLLECTION,
      rows: args.items,
      exists: (id) => state.get(TEMPLATE_ITEMS_COLLECTION, id) !== undefined,
      build(input) {
        const parsed = newItem(args.templateId, input);
        return parsed.success
          ? { ok: true, value: toJsonValue(parsed.data) }
          : { ok: false, issues: validationIssueMessages(parsed.error) };
      },
      duplicateKey: 'templateItem.duplicateId',
      takenKey: 'templateItem.idTaken',
    });
    if (!planned.ok) return planned.result;
    const count = planned.ops.length;
    return commandOk([...planned.ops, nextVersionOp(args.templateId, template)], {
      activity: {
        verb: args.source === 'catalogue' ? 'importedCatalogue' : 'importedTemplateItems',
        object: templateName(template as JsonObject, args.templateId),
        objectUrl: templatePreparationUrl(args.templateId),
      },
      message: { key: 'templateItem.imported', params: { count } },
    });
  },
});
