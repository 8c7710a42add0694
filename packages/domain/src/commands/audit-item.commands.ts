import { z } from 'zod/mini';
import { getOwn, type JsonObject, type Op } from '@qa/sync';
import { auditItemSchema, type AuditItem } from '../audit/audit-item.schema';
import { reactivateAuditItem, withAuditItemState } from '../audit/audit-item-state';
import { validationIssueMessages } from '../entities/validation-issue';
import { idSchema } from '../ids';
import type { DomainMessage } from '../messages/message';
import type { PermissionAction } from '../permissions/permissions';
import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  auditDocRef,
  auditItemDocRef,
  auditTeamContext,
  changedFieldOps,
  MAX_DOCUMENTS_PER_COMMAND,
  protectedAuditRule,
} from './audit-access';
import {
  commandError,
  commandOk,
  defineCommand,
  toJsonValue,
  type CommandContext,
  type CommandResult,
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

/**
 * The audit item commands of the preparation tab (issue 5). Each item is its own document in
 * `audit_items` (id = item id; data = the item with `auditId`). Every command names the audit
 * in its args (`auditId`), because the permission context (team, protection) comes from the
 * stored audit and a command can only read documents its args name; a stored item of another
 * audit is refused ('auditItem.wrongAudit'), so a hand-made command cannot borrow the rights
 * of an unprotected audit. What they share with the template items' commands (issue 14) is in
 * item-command-parts.ts.
 */

const NO_CHANGES: DomainMessage = { key: 'command.noChanges' };

/** The question as the dialog must fill it: the text is required ('Item is required'). */
export const auditQuestionInputSchema = itemQuestionInputSchema;
const storedItemSchema = z.extend(auditItemSchema, { question: auditQuestionInputSchema });

/** The item fields a command takes: processes, the question and the weight. */
export const auditItemInputSchema = itemInputSchema;
export type AuditItemInput = ItemInput;

const preparationUrl = (auditId: string) => `/audit/${auditId}/auditpreparation`;

const noAuditActive = () => commandError('not_found', { key: 'audit.noAuditActive' });
const itemNotFound = (id: string) =>
  commandError('not_found', { key: 'auditItem.notFound', params: { id } });

/**
 * Authorization of a command on one item: the permission table with the team of the audit the
 * args name, the item must belong to that audit, and a protected audit refuses.
 */
function onAuditItem<A extends { auditId: string; id: string }>(action: PermissionAction) {
  return {
    action,
    permissionContext: (args: A, state: CommandState, ctx: CommandContext) =>
      auditTeamContext(state, args.auditId, ctx),
    authorize: (ctx: CommandContext, args: A, state: CommandState) => {
      const item = state.get(AUDIT_ITEMS_COLLECTION, args.id);
      if (item && getOwn(item, 'auditId') !== args.auditId) {
        return { key: 'auditItem.wrongAudit', params: { id: args.id } };
      }
      return protectedAuditRule(action, state, args.auditId, ctx);
    },
  };
}

const itemRefs = ({ auditId, id }: { auditId: string; id: string }) => [
  auditDocRef(auditId),
  auditItemDocRef(id),
];

/** A new item document: state none, no findings, validated with the required question text. */
function newItem(auditId: string, input: AuditItemInput) {
  return storedItemSchema.safeParse({
    id: input.id,
    auditId,
    processes: input.processes ?? [],
    question: input.question,
    ...(input.Weight === undefined ? {} : { Weight: input.Weight }),
    auditItemState: null,
    deviations: {},
  });
}

/**
 * `auditItem.create` {auditId, id, processes?, question, Weight?}: the question dialog's save.
 * The question text is required; the item starts without state and findings; an id in use is
 * a `conflict`; the audit must exist ('no-audit-active').
 */
export const createAuditItemCommand = defineCommand({
  name: 'auditItem.create',
  args: z.extend(auditItemInputSchema, { auditId: idSchema }),
  ...onAuditItem<{ auditId: string; id: string }>('auditItem.create'),
  reads: itemRefs,
  run(state, args) {
    if (!state.get(AUDITS_COLLECTION, args.auditId)) return noAuditActive();
    if (state.get(AUDIT_ITEMS_COLLECTION, args.id)) {
      return commandError('conflict', { key: 'auditItem.idTaken', params: { id: args.id } });
    }
    const parsed = newItem(args.auditId, args);
    if (!parsed.success) return invalid(parsed.error);
    const value = toJsonValue(parsed.data);
    return commandOk(
      [{ op: 'set', collection: AUDIT_ITEMS_COLLECTION, id: args.id, path: [], value }],
      {
        activity: {
          verb: 'created',
          object: questionLabel(parsed.data.question, args.id),
          objectUrl: preparationUrl(args.auditId),
        },
        message: { key: 'success.auditItemCreated' },
      },
    );
  },
});

/** The stored item of an item command, or the answer when it cannot be worked on. */
function storedItem(
  state: CommandState,
  args: { auditId: string; id: string },
): { ok: true; stored: JsonObject; item: AuditItem } | { ok: false; result: CommandResult } {
  const stored = state.get(AUDIT_ITEMS_COLLECTION, args.id);
  if (!stored) return { ok: false, result: itemNotFound(args.id) };
  if (!state.get(AUDITS_COLLECTION, args.auditId)) return { ok: false, result: noAuditActive() };
  const parsed = auditItemSchema.safeParse({ ...stored, id: args.id });
  if (!parsed.success) return { ok: false, result: invalid(parsed.error) };
  return { ok: true, stored, item: parsed.data };
}

export const auditItemChangesSchema = itemChangesSchema;

/**
 * `auditItem.update` {auditId, id, changes: {processes?, Weight?, question?}}: the question
 * dialog's save of an existing item. Question fields are a patch; state and findings are not
 * touched here (finding commands and deactivate/reactivate do that). Writes only what changed,
 * field by field, so edits of different fields merge.
 */
export const updateAuditItemCommand = defineCommand({
  name: 'auditItem.update',
  args: z.object({ auditId: idSchema, id: idSchema, changes: auditItemChangesSchema }),
  ...onAuditItem<{ auditId: string; id: string }>('auditItem.update'),
  reads: itemRefs,
  run(state, args) {
    const found = storedItem(state, args);
    if (!found.ok) return found.result;
    const { stored, item } = found;
    const parsed = storedItemSchema.safeParse(changedItem(item, args.changes));
    if (!parsed.success) return invalid(parsed.error);
    const ops = itemUpdateOps(AUDIT_ITEMS_COLLECTION, args.id, stored, parsed.data);
    if (ops.length === 0) return commandOk([], { unchanged: true, message: NO_CHANGES });
    return commandOk(ops, {
      activity: {
        verb: 'updated',
        object: questionLabel(parsed.data.question, args.id),
        objectUrl: preparationUrl(args.auditId),
      },
      message: { key: 'success.auditItemUpdated' },
    });
  },
});

/**
 * `auditItem.delete` {auditId, id}: deletes the item with its findings ('Are you sure you want
 * to delete this audit item?' is asked by the client). An item already gone is no error. An
 * item whose audit no longer exists may be deleted too (clean-up of an orphan).
 */
export const deleteAuditItemCommand = defineCommand({
  name: 'auditItem.delete',
  args: z.object({ auditId: idSchema, id: idSchema }),
  ...onAuditItem<{ auditId: string; id: string }>('auditItem.delete'),
  reads: itemRefs,
  run(state, args) {
    const stored = state.get(AUDIT_ITEMS_COLLECTION, args.id);
    if (!stored) return commandOk([], { unchanged: true });
    return commandOk(
      [{ op: 'delete', collection: AUDIT_ITEMS_COLLECTION, id: args.id, path: [] }],
      {
        activity: {
          verb: 'deleted',
          object: questionLabel(getOwn(stored, 'question'), args.id),
          objectUrl: preparationUrl(args.auditId),
        },
        message: { key: 'auditItem.deleted' },
      },
    );
  },
});

/** Ops writing the item state and its flags (always together, `withAuditItemState`). */
function stateOps(id: string, stored: JsonObject, item: AuditItem): Op[] {
  return changedFieldOps(AUDIT_ITEMS_COLLECTION, id, stored, {
    auditItemState: item.auditItemState,
    deactivated: item.deactivated ?? false,
    completed: item.completed ?? false,
  });
}

/**
 * `auditItem.deactivate` {auditId, id}: marks the question not applicable (state
 * 'deactivated' with its flag; scoring leaves it out). Its findings stay. Already deactivated:
 * nothing to do.
 */
export const deactivateAuditItemCommand = defineCommand({
  name: 'auditItem.deactivate',
  args: z.object({ auditId: idSchema, id: idSchema }),
  ...onAuditItem<{ auditId: string; id: string }>('auditItem.update'),
  reads: itemRefs,
  run(state, args) {
    const found = storedItem(state, args);
    if (!found.ok) return found.result;
    const ops = stateOps(args.id, found.stored, withAuditItemState(found.item, 'deactivated'));
    if (ops.length === 0) return commandOk([], { unchanged: true });
    return commandOk(ops, {
      activity: {
        verb: 'deactivated',
        object: questionLabel(found.item.question, args.id),
        objectUrl: preparationUrl(args.auditId),
      },
    });
  },
});

/**
 * `auditItem.reactivate` {auditId, id, findingId?}: the undo of deactivate or completion
 * (`reactivateAuditItem`): clears state and flags and deletes the given finding. Only for a
 * deactivated or completed item, else 'auditItem.notReactivatable'.
 */
export const reactivateAuditItemCommand = defineCommand({
  name: 'auditItem.reactivate',
  args: z.object({ auditId: idSchema, id: idSchema, findingId: z.optional(idSchema) }),
  ...onAuditItem<{ auditId: string; id: string }>('auditItem.update'),
  reads: itemRefs,
  run(state, args) {
    const found = storedItem(state, args);
    if (!found.ok) return found.result;
    const result = reactivateAuditItem(found.item, args.findingId);
    if (!result.ok) return commandError('rule', result.error);
    const ops = stateOps(args.id, found.stored, result.item);
    for (const findingId of result.discardedFindingIds) {
      ops.push({
        op: 'delete',
        collection: AUDIT_ITEMS_COLLECTION,
        id: args.id,
        path: ['deviations', findingId],
      });
    }
    return commandOk(ops, {
      activity: {
        verb: 'reactivated',
        object: questionLabel(found.item.question, args.id),
        objectUrl: preparationUrl(args.auditId),
      },
    });
  },
});

/**
 * `auditItem.import` {auditId, items: [{id, processes?, question, Weight?}]}: the result of the
 * CSV import dialog. The client parses the file with `parseAuditItemCsv`, shows its report
 * (ignored rows with their row numbers, unmappable chapters) and sends the valid items with
 * ids it generated. All or nothing: an item that is invalid here, or an id that is repeated
 * or taken, rejects the command with every problem and its 1-based position in `items`. The
 * protocol limits args to 256 KiB, so a client sends a large file in several commands.
 */
export const importAuditItemsCommand = defineCommand({
  name: 'auditItem.import',
  args: z.object({
    auditId: idSchema,
    items: z
      .array(auditItemInputSchema)
      .check(z.minLength(1))
      .check(z.maxLength(MAX_DOCUMENTS_PER_COMMAND)),
  }),
  action: 'import.auditItems',
  permissionContext: (args, state, ctx) => auditTeamContext(state, args.auditId, ctx),
  authorize: (ctx, args, state) =>
    protectedAuditRule('import.auditItems', state, args.auditId, ctx),
  reads: ({ auditId, items }) => [
    auditDocRef(auditId),
    ...items.map((item) => auditItemDocRef(item.id)),
  ],
  run(state, args) {
    const audit = state.get(AUDITS_COLLECTION, args.auditId);
    if (!audit) return noAuditActive();
    const planned = newItemOps({
      collection: AUDIT_ITEMS_COLLECTION,
      rows: args.items,
      exists: (id) => state.get(AUDIT_ITEMS_COLLECTION, id) !== undefined,
      build(input) {
        const parsed = newItem(args.auditId, input);
        return parsed.success
          ? { ok: true, value: toJsonValue(parsed.data) }
          : { ok: false, issues: validationIssueMessages(parsed.error) };
      },
      duplicateKey: 'auditItem.duplicateId',
      takenKey: 'auditItem.idTaken',
    });
    if (!planned.ok) return planned.result;
    const { ops } = planned;
    const name = getOwn(audit, 'name');
    return commandOk(ops, {
      activity: {
        verb: 'importedAuditItems',
        object: typeof name === 'string' ? name : args.auditId,
        objectUrl: preparationUrl(args.auditId),
      },
      message: { key: 'auditItem.imported', params: { count: ops.length } },
    });
  },
});
