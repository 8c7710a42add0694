import { z } from 'zod/mini';
import { getOwn, type JsonObject, type Op } from '@qa/sync';
import { auditItemSchema, type AuditItem } from '../audit/audit-item.schema';
import { auditHeaderSchema, type VdaSetup } from '../entities/audit.schema';
import { idSchema } from '../ids';
import { MAX_LONG_TEXT_LENGTH } from '../limits';
import { formatMessage, type DomainMessage, type Language } from '../messages/message';
import { RULES_MESSAGES } from '../messages/rules.messages';
import { gradeVdaAudit, vdaEvaluationKeys, type VdaGrade } from '../vda/vda-grade';
import { isVdaAudit, nonDocumentingFindingTypes } from '../vda/vda-audit';
import { CURRENT_VDA63_EDITION, vdaRuleSetOf } from '../vda/vda-rules';
import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  auditDocRef,
  auditItemDocRef,
  auditTeamContext,
  protectedAuditRule,
} from './audit-access';
import { EVALUATE_AUDIT_ITEM } from './command-names';
import {
  commandError,
  commandOk,
  defineCommand,
  type CommandResult,
  type CommandState,
} from './define-command';
import { FINDING_CONFIG_REF, findingConfiguration } from './finding.commands';

/**
 * The VDA 6.3 evaluation of a question (issue 19). Points are stored on the item under an
 * evaluation key (`vda.<key>`: 'all', 'product' / 'process', or a process step id), one field
 * per key, so two auditors evaluating different process steps offline both keep theirs. The
 * first evaluation records the rule set's edition on the audit, unless the start of execution
 * did already (`vdaEditionOps`).
 */

/** The op recording the current edition on a VDA audit that has none yet. */
export function vdaEditionOps(auditId: string, audit: JsonObject): Op[] {
  if (!isVdaAudit(audit) || typeof getOwn(audit, 'vdaEdition') === 'string') return [];
  return [
    {
      op: 'set',
      collection: AUDITS_COLLECTION,
      id: auditId,
      path: ['vdaEdition'],
      value: CURRENT_VDA63_EDITION,
    },
  ];
}

function setupOf(audit: JsonObject): VdaSetup | null {
  const parsed = auditHeaderSchema.shape.vda.safeParse(getOwn(audit, 'vda'));
  return parsed.success ? (parsed.data ?? null) : null;
}

const evaluationArgs = z.object({
  auditId: idSchema,
  itemId: idSchema,
  /** 'all', 'product', 'process' or a process step id. */
  key: idSchema,
  /** The points, null for "not evaluated"; the whole argument null clears the evaluation. */
  evaluation: z.nullable(
    z.object({
      points: z.nullable(z.number()),
      reason: z.optional(z.string().check(z.maxLength(MAX_LONG_TEXT_LENGTH))),
    }),
  ),
});

function refusal(message: DomainMessage, field?: string): CommandResult {
  return commandError(
    'rule',
    message,
    field ? [{ ...message, params: { ...message.params, field } }] : undefined,
  );
}

/**
 * `auditItem.evaluate` {auditId, itemId, key, evaluation: {points, reason?} | null}: the point
 * buttons of the execution tab. The audit must be a VDA audit, the key one this question is
 * evaluated under, the points on the edition's scale; n.e. (points null) needs a reason; points
 * below the best need a finding on the question that documents them. `evaluation: null` takes
 * an evaluation back.
 */
export const evaluateAuditItemCommand = defineCommand({
  name: EVALUATE_AUDIT_ITEM,
  args: evaluationArgs,
  action: 'finding.create',
  permissionContext: (args, state, ctx) => auditTeamContext(state, args.auditId, ctx),
  authorize: (ctx, args, state) => {
    const item = state.get(AUDIT_ITEMS_COLLECTION, args.itemId);
    if (item && getOwn(item, 'auditId') !== args.auditId) {
      return { key: 'auditItem.wrongAudit', params: { id: args.itemId } };
    }
    return protectedAuditRule('finding.create', state, args.auditId, ctx);
  },
  reads: ({ auditId, itemId }) => [
    auditDocRef(auditId),
    auditItemDocRef(itemId),
    FINDING_CONFIG_REF,
  ],
  run(state, args, ctx) {
    const audit = state.get(AUDITS_COLLECTION, args.auditId);
    if (!audit) return commandError('not_found', { key: 'audit.noAuditActive' });
    const stored = state.get(AUDIT_ITEMS_COLLECTION, args.itemId);
    if (!stored) {
      return commandError('not_found', { key: 'auditItem.notFound', params: { id: args.itemId } });
    }
    if (!isVdaAudit(audit)) return refusal({ key: 'vda.notVdaAudit' });
    const parsed = auditItemSchema.safeParse({ ...stored, id: args.itemId });
    if (!parsed.success) return refusal({ key: 'finding.invalid' });
    const item: AuditItem = parsed.data;
    const edition = getOwn(audit, 'vdaEdition');
    const rules = vdaRuleSetOf(typeof edition === 'string' ? edition : null);
    const keys = vdaEvaluationKeys(item.question, setupOf(audit), rules);
    const current = item.vda ?? {};
    if (args.evaluation === null) {
      if (!Object.hasOwn(current, args.key)) return commandOk([], { unchanged: true });
      return commandOk([
        {
          op: 'delete',
          collection: AUDIT_ITEMS_COLLECTION,
          id: args.itemId,
          path: ['vda', args.key],
        },
      ]);
    }
    if (!keys.includes(args.key)) {
      return refusal({ key: 'vda.keyUnknown', params: { key: args.key } });
    }
    const { points } = args.evaluation;
    const reason = (args.evaluation.reason ?? '').trim();
    if (points === null && reason === '') {
      return refusal({ key: 'vda.reasonRequired' }, 'reason');
    }
    if (points !== null && !rules.points.includes(points)) {
      return refusal(
        { key: 'vda.pointsInvalid', params: { points, allowed: rules.points.join(', ') } },
        'points',
      );
    }
    if (points !== null && points < rules.points[0]!) {
      const types = nonDocumentingFindingTypes(findingConfiguration(state).types);
      const documented = Object.values(item.deviations).some((f) => !types.has(f.importance));
      if (!documented)
        return refusal({ key: 'vda.findingRequired', params: { no: item.question.no } });
    }
    const value = { points, reason, by: ctx.actor.personId, at: ctx.now };
    const ops: Op[] = [
      Object.keys(current).length === 0 && item.vda === undefined
        ? {
            op: 'set',
            collection: AUDIT_ITEMS_COLLECTION,
            id: args.itemId,
            path: ['vda'],
            value: { [args.key]: value },
          }
        : {
            op: 'set',
            collection: AUDIT_ITEMS_COLLECTION,
            id: args.itemId,
            path: ['vda', args.key],
            value,
          },
      ...vdaEditionOps(args.auditId, audit),
    ];
    return commandOk(ops);
  },
});

/** The items of an audit a command named, parsed; others and unreadable ones are left out. */
export function namedAuditItems(
  state: CommandState,
  auditId: string,
  itemIds: readonly string[],
): AuditItem[] {
  return itemIds.flatMap((id) => {
    const stored = state.get(AUDIT_ITEMS_COLLECTION, id);
    if (!stored || getOwn(stored, 'auditId') !== auditId) return [];
    const parsed = auditItemSchema.safeParse({ ...stored, id });
    return parsed.success ? [parsed.data] : [];
  });
}

/** The grade of a stored VDA audit over the named items. */
export function gradeStoredVdaAudit(
  state: CommandState,
  auditId: string,
  audit: JsonObject,
  itemIds: readonly string[],
): VdaGrade {
  const edition = getOwn(audit, 'vdaEdition');
  return gradeVdaAudit({
    items: namedAuditItems(state, auditId, itemIds),
    setup: setupOf(audit),
    edition: typeof edition === 'string' ? edition : null,
    nonDocumentingTypes: nonDocumentingFindingTypes(findingConfiguration(state).types),
  });
}

/** What is missing for a valid grade, in words. */
export function vdaMissingTexts(grade: VdaGrade, language: Language): string[] {
  return grade.missing.map((message) => formatMessage(RULES_MESSAGES, message, language));
}
