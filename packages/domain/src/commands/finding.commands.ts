import { z } from 'zod/mini';
import { getOwn, isJsonObject, jsonEquals, type JsonObject, type Op } from '@qa/sync';
import { auditItemSchema, geolocationSchema, mediaSchema } from '../audit/audit-item.schema';
import type { AuditItem } from '../audit/audit-item.schema';
import {
  deleteFinding,
  reactivateAuditItem,
  storeFinding,
  type ItemStateResult,
} from '../audit/audit-item-state';
import { findFindingType, type FindingInput, type FindingMode } from '../audit/finding-rules';
import type { FindingType } from '../config/configured-types';
import {
  DEFAULT_FINDING_CONFIG,
  findingConfigSchema,
  type FindingConfig,
} from '../config/finding.config';
import { validationIssueMessages } from '../entities/validation-issue';
import { idSchema } from '../ids';
import { MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH } from '../limits';
import type { DomainMessage } from '../messages/message';
import type { PermissionAction } from '../permissions/permissions';
import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  auditDocRef,
  auditItemDocRef,
  auditTeamContext,
  changedFieldOps,
  protectedAuditRule,
} from './audit-access';
import { CONFIGURATION_COLLECTION } from '../collection-names';
import { discardFindingMeasuresOps } from './measure.commands';
import {
  ATTACH_FINDING_MEDIA,
  CREATE_FINDING,
  DELETE_FINDING,
  REACTIVATE_FINDING,
  REMOVE_FINDING_MEDIA,
} from './command-names';
import {
  commandError,
  commandOk,
  defineCommand,
  toJsonValue,
  type CommandContext,
  type CommandResult,
  type CommandState,
  type DocRef,
} from './define-command';

/**
 * The finding commands of the execution tab (issue 11). A finding lives in its audit item's
 * `deviations` map, so every command names the audit (`auditId`, the permission context comes
 * from the stored audit, as for the item commands) and the item (`itemId`). The item-state
 * rules of SPEC section 4 are the pure functions of `audit/audit-item-state.ts`; these commands
 * only read what they need, call them and turn their result into ops.
 *
 * The ops are field-wise (`['deviations', findingId, field]`, one `delete` per removed finding),
 * never the whole item: the server re-runs each command on the current item, so two people who
 * recorded different findings of one item offline both keep theirs, and of two edits of one
 * field the later wins while the change log keeps both.
 */

export const FINDING_CONFIG_REF: DocRef = { collection: CONFIGURATION_COLLECTION, id: 'finding' };

/** The `finding` configuration segment as stored, or the default when missing or invalid. */
export function findingConfiguration(state: CommandState): FindingConfig {
  const parsed = findingConfigSchema.safeParse(state.get(FINDING_CONFIG_REF.collection, 'finding'));
  return parsed.success ? parsed.data : DEFAULT_FINDING_CONFIG;
}

const line = () => z.string().check(z.maxLength(MAX_NAME_LENGTH));
const longText = () => z.string().check(z.maxLength(MAX_LONG_TEXT_LENGTH));

/**
 * The finding fields a dialog sends, every one optional (a patch on edit). Same limits as
 * `findingSchema`, which checks the result again; without defaults, so an absent field stays
 * as stored. `id` is in the args, `media` only changes through the media commands.
 */
export const findingFieldsSchema = z.object({
  /** The finding type id; unknown or missing: 'finding.unknownType'. */
  importance: z.optional(line()),
  text: z.optional(longText()),
  reason: z.optional(longText()),
  solution: z.optional(longText()),
  geolocation: z.optional(z.nullable(geolocationSchema)),
  findingperson: z.optional(z.nullable(line())),
  riskassessment: z.optional(longText()),
  error_code: z.optional(line()),
  module: z.optional(line()),
  part: z.optional(line()),
  zone: z.optional(line()),
  costcenter: z.optional(line()),
});
export type FindingFields = z.infer<typeof findingFieldsSchema>;

/** `{id, ...fields}`: the fields are checked in `run`, so a bad one is a `rule` at its field. */
const findingArgSchema = z.looseObject({ id: idSchema });

const storeArgs = z.object({
  auditId: idSchema,
  itemId: idSchema,
  finding: findingArgSchema,
  /** The user confirmed that the item's other findings (and their measures) are discarded. */
  confirmDiscard: z.optional(z.boolean()),
  /**
   * The user's language. It chose the stored placeholder's language; no placeholder is stored
   * any more (decision 70), but clients and queued commands still send it.
   */
  language: z.optional(z.enum(['de', 'en'])),
});
type StoreArgs = z.infer<typeof storeArgs>;

const executionUrl = (auditId: string) => `/audit/${auditId}/auditexecution`;

function invalid(error: z.core.$ZodError): CommandResult {
  const issues = validationIssueMessages(error);
  return commandError('rule', issues[0]!, issues);
}

/** A refusal of the item-state rules with the code that fits its key. */
function refused(error: DomainMessage): CommandResult {
  if (error.key === 'finding.notFound') return commandError('not_found', error);
  if (error.key === 'finding.alreadyExists') return commandError('conflict', error);
  return commandError('rule', error);
}

/** The activity names the question by its text, cut to a readable length. */
function questionLabel(item: AuditItem): string {
  const label = item.question.text.trim();
  if (label === '') return item.id;
  return label.length > 120 ? `${label.slice(0, 119)}…` : label;
}

/**
 * Authorization of a command on an item's findings: the permission table with the team of the
 * audit the args name, the item must belong to that audit ('auditItem.wrongAudit', so an
 * unprotected audit cannot lend its rights to another audit's item), and a protected audit
 * refuses except for admin, qm and its lead auditor.
 */
function onItemOf<A extends { auditId: string; itemId: string }>(action: PermissionAction) {
  return {
    action,
    permissionContext: (args: A, state: CommandState, ctx: CommandContext) =>
      auditTeamContext(state, args.auditId, ctx),
    authorize: (ctx: CommandContext, args: A, state: CommandState) => {
      const item = state.get(AUDIT_ITEMS_COLLECTION, args.itemId);
      if (item && getOwn(item, 'auditId') !== args.auditId) {
        return { key: 'auditItem.wrongAudit', params: { id: args.itemId } };
      }
      return protectedAuditRule(action, state, args.auditId, ctx);
    },
  };
}

const itemRefs = ({ auditId, itemId }: { auditId: string; itemId: string }) => [
  auditDocRef(auditId),
  auditItemDocRef(itemId),
];
const itemAndTypeRefs = (args: { auditId: string; itemId: string }) => [
  ...itemRefs(args),
  FINDING_CONFIG_REF,
];

/** The stored item of a finding command, or the answer when it cannot be worked on. */
function storedItem(
  state: CommandState,
  args: { auditId: string; itemId: string },
): { ok: true; stored: JsonObject; item: AuditItem } | { ok: false; result: CommandResult } {
  const stored = state.get(AUDIT_ITEMS_COLLECTION, args.itemId);
  if (!stored) {
    return {
      ok: false,
      result: commandError('not_found', { key: 'auditItem.notFound', params: { id: args.itemId } }),
    };
  }
  if (!state.get(AUDITS_COLLECTION, args.auditId)) {
    return { ok: false, result: commandError('not_found', { key: 'audit.noAuditActive' }) };
  }
  const parsed = auditItemSchema.safeParse({ ...stored, id: args.itemId });
  if (!parsed.success) return { ok: false, result: invalid(parsed.error) };
  return { ok: true, stored, item: parsed.data };
}

/** The stored finding as JSON (what field-wise ops compare with); {} when absent. */
function storedFinding(stored: JsonObject, findingId: string): JsonObject {
  const deviations = getOwn(stored, 'deviations');
  const finding = isJsonObject(deviations) ? getOwn(deviations, findingId) : undefined;
  return isJsonObject(finding) ? finding : {};
}

/** Ops writing the item state and its flags, always together (`withAuditItemState`). */
function stateOps(itemId: string, stored: JsonObject, item: AuditItem): Op[] {
  return changedFieldOps(AUDIT_ITEMS_COLLECTION, itemId, stored, {
    auditItemState: item.auditItemState,
    deactivated: item.deactivated ?? false,
    completed: item.completed ?? false,
  });
}

/**
 * Deletes findings and discards the measures created from them (SPEC section 4: "Alle anderen
 * Feststellungen und Maßnahmen ... werden verworfen"), as recorded on the item.
 */
function deleteFindingOps(itemId: string, stored: JsonObject, findingIds: readonly string[]): Op[] {
  return [
    ...findingIds.map((findingId): Op => ({
      op: 'delete',
      collection: AUDIT_ITEMS_COLLECTION,
      id: itemId,
      path: ['deviations', findingId],
    })),
    ...discardFindingMeasuresOps(itemId, stored, findingIds),
  ];
}

/**
 * Create and edit share one path: the fields are checked, merged onto the stored finding (edit)
 * and handed to `storeFinding`, whose result becomes ops: removed findings deleted, the new
 * finding set whole (create) or field by field (edit, without `media`), state and flags.
 */
function storeFindingCommand(
  state: CommandState,
  args: StoreArgs,
  mode: FindingMode,
): CommandResult {
  const found = storedItem(state, args);
  if (!found.ok) return found.result;
  const { stored, item } = found;
  const fields = z.object({ finding: findingFieldsSchema }).safeParse({ finding: args.finding });
  if (!fields.success) return invalid(fields.error);
  const findingId = args.finding.id;
  const before = mode === 'edit' ? item.deviations[findingId] : undefined;
  if (mode === 'edit' && !before) {
    // Told before the type: a patch without `importance` would otherwise be an unknown type.
    return refused({ key: 'finding.notFound', params: { id: findingId } });
  }
  const input: FindingInput = {
    ...before,
    ...withoutUndefined(fields.data.finding),
    id: findingId,
    importance: fields.data.finding.importance ?? before?.importance ?? '',
  };
  const result = storeFinding(item, input, findingConfiguration(state).types, {
    mode,
    confirmed: args.confirmDiscard === true,
  });
  if (!result.ok) return refused(result.error);
  const finding = result.item.deviations[findingId]!;
  const ops = deleteFindingOps(args.itemId, stored, result.discardedFindingIds);
  if (mode === 'create') {
    ops.push({
      op: 'set',
      collection: AUDIT_ITEMS_COLLECTION,
      id: args.itemId,
      path: ['deviations', findingId],
      value: toJsonValue(finding),
    });
  } else {
    const { media: _media, ...next } = toJsonValue(finding) as JsonObject;
    ops.push(
      ...changedFieldOps(
        AUDIT_ITEMS_COLLECTION,
        args.itemId,
        storedFinding(stored, findingId),
        next,
        ['deviations', findingId],
      ),
    );
  }
  ops.push(...stateOps(args.itemId, stored, result.item));
  if (ops.length === 0) {
    return commandOk([], { unchanged: true, message: { key: 'command.noChanges' } });
  }
  return commandOk(ops, {
    activity: {
      verb: mode === 'create' ? 'createdFinding' : 'updatedFinding',
      object: questionLabel(item),
      objectUrl: executionUrl(args.auditId),
    },
    message: { key: mode === 'create' ? 'finding.created' : 'finding.updated' },
  });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}

/**
 * `finding.create` {auditId, itemId, finding: {id, importance, text?, reason?, ...},
 * confirmDiscard?, language?}: a new finding (its id must be new: 'finding.alreadyExists',
 * `conflict`). A type that carries an item state replaces the item's other findings and sets
 * state and flag, but only with `confirmDiscard: true` when there are others (else `rule`
 * 'auditItem.confirmDiscardFindings', the question the UI asks); an ordinary type clears the
 * state and drops the finding that had set it. A missing text stays empty (decision 70).
 */
export const createFindingCommand = defineCommand({
  name: CREATE_FINDING,
  args: storeArgs,
  ...onItemOf<StoreArgs>('finding.create'),
  reads: itemAndTypeRefs,
  run: (state, args) => storeFindingCommand(state, args, 'create'),
});

/**
 * `finding.update` {auditId, itemId, finding: {id, ...changed fields}, confirmDiscard?,
 * language?}: an edit of an existing finding ('finding.notFound', `not_found`). Absent fields
 * stay as stored; only the fields that changed are written, so concurrent edits of different
 * fields merge. A change of type follows the same item-state rules as create.
 */
export const updateFindingCommand = defineCommand({
  name: 'finding.update',
  args: storeArgs,
  ...onItemOf<StoreArgs>('finding.update'),
  reads: itemAndTypeRefs,
  run: (state, args) => storeFindingCommand(state, args, 'edit'),
});

const findingRefArgs = z.object({ auditId: idSchema, itemId: idSchema, findingId: idSchema });
type FindingRefArgs = z.infer<typeof findingRefArgs>;

/** The ops and activity of a rule result that removes findings and clears the state. */
function removalResult(
  args: { auditId: string; itemId: string },
  stored: JsonObject,
  item: AuditItem,
  result: Extract<ItemStateResult, { ok: true }>,
  verb: string,
  message?: DomainMessage,
): CommandResult {
  const ops = [
    ...deleteFindingOps(args.itemId, stored, result.discardedFindingIds),
    ...stateOps(args.itemId, stored, result.item),
  ];
  return commandOk(ops, {
    activity: { verb, object: questionLabel(item), objectUrl: executionUrl(args.auditId) },
    ...(message ? { message } : {}),
  });
}

/**
 * `finding.delete` {auditId, itemId, findingId}: deletes the finding and clears the item state
 * (`deleteFinding`). A finding already gone (deleted by someone else meanwhile) is nothing to
 * do, like a deleted item.
 */
export const deleteFindingCommand = defineCommand({
  name: DELETE_FINDING,
  args: findingRefArgs,
  ...onItemOf<FindingRefArgs>('finding.delete'),
  reads: itemRefs,
  run(state, args) {
    const found = storedItem(state, args);
    if (!found.ok) return found.result;
    const result = deleteFinding(found.item, args.findingId);
    if (!result.ok) return commandOk([], { unchanged: true });
    return removalResult(args, found.stored, found.item, result, 'deletedFinding', {
      key: 'finding.deleted',
    });
  },
});

/**
 * `finding.reactivate` {auditId, itemId, findingId?}: the undo of "not applicable" / "completed"
 * on the execution tab (`reactivateAuditItem`: only for a deactivated or completed item, else
 * 'auditItem.notReactivatable'; clears state and flags and deletes the given finding). Unlike
 * `auditItem.reactivate` it also deletes any other finding whose type carries a state: offline,
 * the finding that set the state may have been replaced by another person's, and a reactivated
 * question must not keep a "not applicable" finding.
 */
export const reactivateFindingCommand = defineCommand({
  name: REACTIVATE_FINDING,
  args: z.object({ auditId: idSchema, itemId: idSchema, findingId: z.optional(idSchema) }),
  ...onItemOf<{ auditId: string; itemId: string }>('finding.update'),
  reads: itemAndTypeRefs,
  run(state, args) {
    const found = storedItem(state, args);
    if (!found.ok) return found.result;
    const result = reactivateAuditItem(found.item, args.findingId);
    if (!result.ok) return refused(result.error);
    const types = findingConfiguration(state).types;
    const stale = Object.entries(result.item.deviations)
      .filter(([, finding]) => carriesState(types, finding.importance))
      .map(([id]) => id);
    const deviations = Object.fromEntries(
      Object.entries(result.item.deviations).filter(([id]) => !stale.includes(id)),
    );
    return removalResult(
      args,
      found.stored,
      found.item,
      {
        ok: true,
        item: { ...result.item, deviations },
        discardedFindingIds: [...result.discardedFindingIds, ...stale],
      },
      'reactivated',
    );
  },
});

function carriesState(types: readonly FindingType[], importance: string): boolean {
  return (findFindingType(types, importance)?.auditItemState ?? null) !== null;
}

/** A link the app can open: a path of this server or an http(s) address, nothing else. */
const SAFE_URL = /^(\/(?![/\\])|https?:\/\/)/i;

/**
 * A media entry as a client sends it: the stored `mediaSchema` without the id (that is
 * `mediaId`), the file named by `fileId` or `url` (at least one), `sha256` in either case
 * (stored lower case).
 */
export const mediaEntryInputSchema = z
  .extend(z.omit(mediaSchema, { id: true }), {
    url: mediaSchema.shape.url.check(
      z.refine((url) => url === undefined || SAFE_URL.test(url), {
        message: 'finding.mediaUrlInvalid',
      }),
    ),
    sha256: z.optional(
      z.pipe(
        z.string().check(z.regex(/^[0-9a-fA-F]{64}$/)),
        z.transform((hash) => hash.toLowerCase()),
      ),
    ),
  })
  .check(
    z.refine((entry) => entry.url !== undefined || entry.fileId !== undefined, {
      message: 'finding.mediaSourceRequired',
      path: ['fileId'],
    }),
  );

const mediaArgs = z.extend(findingRefArgs, { mediaId: idSchema });
type MediaArgs = z.infer<typeof mediaArgs>;

/** The item and the finding a media command works on, or the answer when there is none. */
function storedFindingOf(state: CommandState, args: FindingRefArgs) {
  const found = storedItem(state, args);
  if (!found.ok) return found;
  if (!Object.hasOwn(found.item.deviations, args.findingId)) {
    return {
      ok: false as const,
      result: commandError('not_found', {
        key: 'finding.notFound',
        params: { id: args.findingId },
      }),
    };
  }
  return { ...found, finding: found.item.deviations[args.findingId]! };
}

/**
 * `finding.attachMedia` {auditId, itemId, findingId, mediaId, media: {fileId?, url?, name?,
 * contentType?, size?, sha256?, capturedAt?, position?: {lat, lon, accuracy?, at?},
 * capturedBy?}}: adds a photo or file (uploaded before, see docs/api.md) to an existing finding;
 * counts as `finding.update`. `capturedBy` can only be the person sending the command
 * ('finding.mediaCapturedByOther'): evidence is not attributed to someone else. The same entry
 * again is nothing to do; another entry under a taken media id is a `conflict`.
 */
export const attachFindingMediaCommand = defineCommand({
  name: ATTACH_FINDING_MEDIA,
  args: z.extend(mediaArgs, { media: z.record(z.string(), z.unknown()) }),
  ...onItemOf<MediaArgs>('finding.update'),
  reads: itemRefs,
  run(state, args, ctx) {
    const found = storedFindingOf(state, args);
    if (!found.ok) return found.result;
    const parsed = z.object({ media: mediaEntryInputSchema }).safeParse({ media: args.media });
    if (!parsed.success) return invalid(parsed.error);
    const entry = toJsonValue({ id: args.mediaId, ...parsed.data.media }) as JsonObject;
    const capturedBy = getOwn(entry, 'capturedBy');
    if (capturedBy !== undefined && capturedBy !== null && capturedBy !== ctx.actor.personId) {
      return commandError('rule', {
        key: 'finding.mediaCapturedByOther',
        params: { field: 'media.capturedBy' },
      });
    }
    const media = getOwn(storedFinding(found.stored, args.findingId), 'media');
    const existing = isJsonObject(media) ? getOwn(media, args.mediaId) : undefined;
    if (existing !== undefined) {
      if (jsonEquals(existing, entry)) return commandOk([], { unchanged: true });
      return commandError('conflict', {
        key: 'finding.mediaIdTaken',
        params: { id: args.mediaId },
      });
    }
    return commandOk([
      {
        op: 'set',
        collection: AUDIT_ITEMS_COLLECTION,
        id: args.itemId,
        path: ['deviations', args.findingId, 'media', args.mediaId],
        value: entry,
      },
    ]);
  },
});

/**
 * `finding.removeMedia` {auditId, itemId, findingId, mediaId}: takes a photo or file off the
 * finding (the client asks first); counts as `finding.update`. An entry already gone is nothing
 * to do. The stored file stays with its audit and is deleted with it (docs/decisions.md, 33).
 */
export const removeFindingMediaCommand = defineCommand({
  name: REMOVE_FINDING_MEDIA,
  args: mediaArgs,
  ...onItemOf<MediaArgs>('finding.update'),
  reads: itemRefs,
  run(state, args) {
    const found = storedFindingOf(state, args);
    if (!found.ok) return found.result;
    if (!Object.hasOwn(found.finding.media, args.mediaId))
      return commandOk([], { unchanged: true });
    return commandOk([
      {
        op: 'delete',
        collection: AUDIT_ITEMS_COLLECTION,
        id: args.itemId,
        path: ['deviations', args.findingId, 'media', args.mediaId],
      },
    ]);
  },
});
