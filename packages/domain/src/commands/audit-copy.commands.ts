import { z } from 'zod/mini';
import { getOwn, isId, isJsonObject, jsonEquals, type JsonObject, type Op } from '@qa/sync';
import { auditItemSchema } from '../audit/audit-item.schema';
import { remapChapters, standardIdsOf, type ChapterTarget } from '../audit/chapter-remap';
import { vdaSetupSchema } from '../entities/audit.schema';
import { validationIssueMessages } from '../entities/validation-issue';
import { CALC_SCHEMA_VDA63 } from '../vda/vda-rules';
import { idSchema } from '../ids';
import { MAX_NAME_LENGTH } from '../limits';
import type { DomainMessage, Language } from '../messages/message';
import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  auditDocRef,
  auditItemDocRef,
  auditTeamContext,
  MAX_DOCUMENTS_PER_COMMAND,
  protectedAuditRule,
  STANDARDS_COLLECTION,
} from './audit-access';
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
import { newItemOps } from './item-command-parts';
import {
  TEMPLATE_ITEMS_COLLECTION,
  templateDocRef,
  templateItemDocRef,
  templateName,
  TEMPLATES_COLLECTION,
  templateVersion,
} from './template-access';
import { isVdaAudit } from '../vda/vda-audit';

/**
 * Preparing an audit from what exists (issue 14): "use template" copies chosen template items
 * into an audit, "new audit from the last audit of this scope" copies the questions of an
 * earlier audit. Each is one command and one transaction however many items it copies (the
 * client names a new id per item, read here so an id in use is a conflict, not an overwrite).
 * Chapters are re-mapped onto the audit's standards (`remapChapters`); the copies start fresh:
 * no state, no findings, no measures. Adding questions to the audit is `auditItem.create` on it,
 * with its team and protection.
 */

/** Most items one copy may name: each row reads its source and its new document. */
export const MAX_COPIED_ITEMS = MAX_DOCUMENTS_PER_COMMAND / 2;
/** Most of its items a client names to say whether an audit has any (`audit.useTemplate`). */
export const MAX_KNOWN_AUDIT_ITEMS = 20;
/** Most standards an audit names for the chapter re-mapping. */
export const MAX_AUDIT_STANDARDS = 20;

const languageSchema = z.enum(['de', 'en']);
const standardIdsSchema = z
  .array(z.string().check(z.maxLength(MAX_NAME_LENGTH)))
  .check(z.maxLength(MAX_AUDIT_STANDARDS));

/** What both copies take besides their source: the audit, its standards, the user's language. */
const copyTargetArgs = {
  auditId: idSchema,
  /**
   * The audit's standard ids as the client sees them (`standardIdsOf(audit.standard)`): the
   * standards to read for the re-mapping. If the audit's standards changed meanwhile, the copy
   * is refused ('audit.standardChanged') rather than mapped onto the wrong chapters.
   */
  standardIds: z._default(standardIdsSchema, []),
  /** Language of the generic description of an unmappable chapter: the user's. */
  language: z._default(languageSchema, 'de'),
};

const auditUrl = (id: string) => `/audit/${id}/auditpreparation`;
const noAuditActive = () => commandError('not_found', { key: 'audit.noAuditActive' });

function standardRefs(ids: readonly string[]): DocRef[] {
  return ids.filter((id) => isId(id)).map((id) => ({ collection: STANDARDS_COLLECTION, id }));
}

/** The chapters of the audit's standards as stored (a standard nobody has: no chapters). */
function chapterTargets(state: CommandState, ids: readonly string[]): ChapterTarget[] {
  return ids.map((id) => {
    const doc = isId(id) ? state.get(STANDARDS_COLLECTION, id) : undefined;
    const chapters = doc ? getOwn(doc, 'chapters') : undefined;
    const list = Array.isArray(chapters) ? chapters : [];
    return {
      id,
      chapters: list.flatMap((entry) => {
        if (!isJsonObject(entry)) return [];
        const chapterId = getOwn(entry, 'id');
        const description = getOwn(entry, 'description');
        return typeof chapterId === 'string'
          ? [{ id: chapterId, description: typeof description === 'string' ? description : '' }]
          : [];
      }),
    };
  });
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((entry, index) => entry === b[index]);
}

/** Authorization of a copy: adding items to the audit (team, protection). */
const addsItemsToAudit = {
  action: 'auditItem.create' as const,
  permissionContext: (args: { auditId: string }, state: CommandState, ctx: CommandContext) =>
    auditTeamContext(state, args.auditId, ctx),
  authorize: (ctx: CommandContext, args: { auditId: string }, state: CommandState) =>
    protectedAuditRule('auditItem.create', state, args.auditId, ctx),
};

interface CopyRow {
  /** The new audit item's id. */
  id: string;
  /** The source question, or undefined when it is missing (or not the source's). */
  source: JsonObject | undefined;
  sourceId: string;
}

/**
 * The ops writing the copies into the audit and recording where they came from, or the
 * refusal. `fresh` drops what belonged to the source audit's plan (assigned auditor, day).
 */
function copyIntoAudit(
  state: CommandState,
  target: { auditId: string; standardIds: string[]; language: Language },
  rows: readonly CopyRow[],
  options: { fresh: boolean; preparedFrom: JsonObject; missingKey: string },
): { ok: true; ops: Op[]; unmappable: number } | { ok: false; result: CommandResult } {
  const audit = state.get(AUDITS_COLLECTION, target.auditId);
  if (!audit) return { ok: false, result: noAuditActive() };
  if (!sameList(standardIdsOf(getOwn(audit, 'standard')), target.standardIds)) {
    return {
      ok: false,
      result: commandError('conflict', {
        key: 'audit.standardChanged',
        params: { id: target.auditId },
      }),
    };
  }
  const targets = chapterTargets(state, target.standardIds);
  let unmappable = 0;
  const planned = newItemOps({
    collection: AUDIT_ITEMS_COLLECTION,
    rows,
    exists: (id) => state.get(AUDIT_ITEMS_COLLECTION, id) !== undefined,
    build(row) {
      const source = row.source;
      const question = source ? getOwn(source, 'question') : undefined;
      if (!source || !isJsonObject(question)) {
        return { ok: false, issues: [{ key: options.missingKey, params: { id: row.sourceId } }] };
      }
      const { assignedAuditor: _auditor, auditDay: _day, ...kept } = question;
      const copied = auditItemSchema.safeParse({
        id: row.id,
        auditId: target.auditId,
        processes: getOwn(source, 'processes') ?? [],
        question: options.fresh ? kept : question,
        Weight: getOwn(source, 'Weight') ?? 1,
        auditItemState: null,
        deviations: {},
      });
      if (!copied.success) return { ok: false, issues: validationIssueMessages(copied.error) };
      const remap = remapChapters(copied.data.question.chapters, targets, target.language);
      unmappable += remap.warnings.length;
      const item = {
        ...copied.data,
        question: { ...copied.data.question, chapters: remap.chapters },
      };
      return { ok: true, value: toJsonValue(item) };
    },
    duplicateKey: 'auditItem.duplicateId',
    takenKey: 'auditItem.idTaken',
  });
  if (!planned.ok) return planned;
  const ops: Op[] = [
    ...planned.ops,
    {
      op: 'set',
      collection: AUDITS_COLLECTION,
      id: target.auditId,
      path: ['preparedFrom'],
      value: options.preparedFrom,
    },
  ];
  return { ok: true, ops, unmappable };
}

function auditName(state: CommandState, auditId: string): string {
  const audit = state.get(AUDITS_COLLECTION, auditId);
  const name = audit ? getOwn(audit, 'name') : undefined;
  return typeof name === 'string' && name.trim() !== '' ? name : auditId;
}

export const useTemplateArgsSchema = z.object({
  ...copyTargetArgs,
  templateId: idSchema,
  /** One row per chosen template item: the new audit item's id and the template item's. */
  items: z
    .array(z.object({ id: idSchema, templateItemId: idSchema }))
    .check(z.minLength(1))
    .check(z.maxLength(MAX_COPIED_ITEMS)),
  /**
   * Some of the audit's items as the client knows them (up to `MAX_KNOWN_AUDIT_ITEMS`; an empty
   * list: none). Given and none of them an item of the audit, the audit has no questions yet and
   * takes the template's VDA 6.3 evaluation (issue 19). Absent: the audit's evaluation stays.
   */
  auditItemIds: z.optional(z.array(idSchema).check(z.maxLength(MAX_KNOWN_AUDIT_ITEMS))),
});
export type UseTemplateArgs = z.input<typeof useTemplateArgsSchema>;

/**
 * The ops by which an audit without items takes a VDA 6.3 template's evaluation: its
 * `reportSchema.calcSchema` (the audit's `customResult` kept) and its `vda` set-up (issue 19).
 * Nothing when the template is not evaluated by VDA 6.3 or the audit has its edition recorded.
 */
function vdaTemplateSetupOps(auditId: string, audit: JsonObject, template: JsonObject): Op[] {
  if (!isVdaAudit(template) || typeof getOwn(audit, 'vdaEdition') === 'string') return [];
  const ops: Op[] = [];
  const reportSchema = getOwn(audit, 'reportSchema');
  if (!isVdaAudit(audit)) {
    ops.push({
      op: 'set',
      collection: AUDITS_COLLECTION,
      id: auditId,
      path: ['reportSchema'],
      value: {
        customResult: null,
        ...(isJsonObject(reportSchema) ? reportSchema : {}),
        calcSchema: CALC_SCHEMA_VDA63,
      },
    });
  }
  const setup = vdaSetupSchema.safeParse(getOwn(template, 'vda') ?? {});
  if (setup.success && !jsonEquals(getOwn(audit, 'vda') ?? null, toJsonValue(setup.data))) {
    ops.push({
      op: 'set',
      collection: AUDITS_COLLECTION,
      id: auditId,
      path: ['vda'],
      value: toJsonValue(setup.data),
    });
  }
  return ops;
}

/**
 * `audit.useTemplate` {auditId, templateId, items: [{id, templateItemId}], standardIds,
 * language}: "use template" of the preparation tab. Copies the chosen items of the template into
 * the audit in one transaction, chapters re-mapped onto the audit's standards (the success
 * message counts the unmappable ones; `remapChapters` gives the client the full report), and
 * records `preparedFrom: {templateId, version}` on the audit. All or nothing: an item that is
 * not the template's ('templateItem.notFound' with its row) or an id in use refuses the copy.
 * An audit without items that uses a template evaluated by VDA 6.3 takes its evaluation schema
 * and VDA set-up along (`auditItemIds`, issue 19).
 */
export const useTemplateCommand = defineCommand({
  name: 'audit.useTemplate',
  args: useTemplateArgsSchema,
  ...addsItemsToAudit,
  reads: (args) => [
    auditDocRef(args.auditId),
    templateDocRef(args.templateId),
    ...standardRefs(args.standardIds),
    ...args.items.map((row) => templateItemDocRef(row.templateItemId)),
    ...args.items.map((row) => auditItemDocRef(row.id)),
    ...(args.auditItemIds ?? []).map(auditItemDocRef),
  ],
  run(state, args) {
    const audit = state.get(AUDITS_COLLECTION, args.auditId);
    if (!audit) return noAuditActive();
    const template = state.get(TEMPLATES_COLLECTION, args.templateId);
    if (!template) {
      return commandError('not_found', {
        key: 'template.notFound',
        params: { id: args.templateId },
      });
    }
    const rows = args.items.map((row) => {
      const source = state.get(TEMPLATE_ITEMS_COLLECTION, row.templateItemId);
      const own = source && getOwn(source, 'templateId') === args.templateId;
      return { id: row.id, sourceId: row.templateItemId, source: own ? source : undefined };
    });
    const copied = copyIntoAudit(state, args, rows, {
      fresh: false,
      preparedFrom: { templateId: args.templateId, version: templateVersion(template) },
      missingKey: 'templateItem.notFound',
    });
    if (!copied.ok) return copied.result;
    const count = args.items.length;
    const empty =
      args.auditItemIds !== undefined &&
      !args.auditItemIds.some((id) => {
        const item = state.get(AUDIT_ITEMS_COLLECTION, id);
        return item !== undefined && getOwn(item, 'auditId') === args.auditId;
      });
    if (empty) copied.ops.push(...vdaTemplateSetupOps(args.auditId, audit, template));
    return commandOk(copied.ops, {
      activity: {
        verb: 'usedTemplate',
        object: auditName(state, args.auditId),
        objectUrl: auditUrl(args.auditId),
      },
      message: {
        key: 'audit.templateUsed',
        params: {
          count,
          template: templateName(template, args.templateId),
          unmappable: copied.unmappable,
        },
      } satisfies DomainMessage,
    });
  },
});

export const copyAuditItemsArgsSchema = z.object({
  ...copyTargetArgs,
  sourceAuditId: idSchema,
  /** One row per question to copy: the new audit item's id and the earlier audit's item id. */
  items: z
    .array(z.object({ id: idSchema, sourceItemId: idSchema }))
    .check(z.minLength(1))
    .check(z.maxLength(MAX_COPIED_ITEMS)),
});
export type CopyAuditItemsArgs = z.input<typeof copyAuditItemsArgsSchema>;

/**
 * `audit.copyItems` {auditId, sourceAuditId, items: [{id, sourceItemId}], standardIds,
 * language}: "new audit from the last audit of this scope" (the client creates the audit with
 * `audit.create`, then sends this). The questions are copied without findings, measures, state,
 * assigned auditor or audit day, chapters re-mapped like `audit.useTemplate`; the audit records
 * `preparedFrom: {auditId: sourceAuditId}`. All or nothing: an item that is not the source
 * audit's ('auditItem.notFound' with its row) or an id in use refuses the copy.
 */
export const copyAuditItemsCommand = defineCommand({
  name: 'audit.copyItems',
  args: copyAuditItemsArgsSchema,
  ...addsItemsToAudit,
  reads: (args) => [
    auditDocRef(args.auditId),
    ...standardRefs(args.standardIds),
    ...args.items.map((row) => auditItemDocRef(row.sourceItemId)),
    ...args.items.map((row) => auditItemDocRef(row.id)),
  ],
  run(state, args) {
    if (args.sourceAuditId === args.auditId) {
      return commandError('rule', { key: 'audit.copyFromItself' });
    }
    const rows = args.items.map((row) => {
      const source = state.get(AUDIT_ITEMS_COLLECTION, row.sourceItemId);
      const own = source && getOwn(source, 'auditId') === args.sourceAuditId;
      return { id: row.id, sourceId: row.sourceItemId, source: own ? source : undefined };
    });
    const copied = copyIntoAudit(state, args, rows, {
      fresh: true,
      preparedFrom: { auditId: args.sourceAuditId },
      missingKey: 'auditItem.notFound',
    });
    if (!copied.ok) return copied.result;
    const count = args.items.length;
    return commandOk(copied.ops, {
      activity: {
        verb: 'copiedAuditItems',
        object: auditName(state, args.auditId),
        objectUrl: auditUrl(args.auditId),
      },
      message: { key: 'audit.itemsCopied', params: { count, unmappable: copied.unmappable } },
    });
  },
});
