import { getOwn, type JsonObject, type Op } from '@qa/sync';
import { z } from 'zod/mini';
import {
  measureConfigSchema,
  DEFAULT_MEASURE_CONFIG,
  type MeasureConfig,
} from '../config/measure.config';
import {
  effectivenessCheckSchema,
  MEASURES_COLLECTION,
  measureSchema,
  measureUrl,
  type Measure,
} from '../entities/measure.schema';
import { validationIssueMessages } from '../entities/validation-issue';
import { idSchema } from '../ids';
import { MAX_LONG_TEXT_LENGTH } from '../limits';
import type { DomainMessage } from '../messages/message';
import type { PermissionContext } from '../permissions/permissions';
import { can } from '../permissions/permissions';
import { DEFAULT_MEASURE_WORKFLOW } from '../workflow/default-workflows';
import {
  finalWorkflowStatus,
  findWorkflowStatus,
  workflowFromConfig,
  resolveWorkflowStatus,
  startWorkflowStatus,
  type WorkflowView,
} from '../workflow/workflow';
import {
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  auditDocRef,
  auditItemDocRef,
  auditPermissionContext,
  changedFieldOps,
  WORKFLOW_CONFIG_REF,
} from './audit-access';
import { CONFIGURATION_COLLECTION } from '../collection-names';
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
import { PEOPLE_COLLECTION } from '../person';

/**
 * Corrective measures (issue 12, SPEC sections 3 to 6): created from a finding or on their own,
 * edited, assigned, moved along the configured measure workflow, checked for effectiveness and
 * deleted. A measure of a finding is recorded on its audit item (`measures`: measure id ->
 * finding id), so that replacing or deleting the finding discards its measures (SPEC section 4)
 * in the same command, whoever created them.
 */
export const MEASURE_CONFIG_REF: DocRef = { collection: CONFIGURATION_COLLECTION, id: 'measure' };
export const measureDocRef = (id: string): DocRef => ({ collection: MEASURES_COLLECTION, id });

/** Most people one measure may be assigned to. */
export const MAX_MEASURE_ASSIGNEES = 20;

const assigneesSchema = z.array(idSchema).check(z.maxLength(MAX_MEASURE_ASSIGNEES));

/** The fields a person edits in the measure dialog (not status, assignees or links). */
export const measureChangesSchema = z.partial(
  z.object({
    text: z.unknown(),
    description: z.unknown(),
    measuretype: z.unknown(),
    cause_analysis: z.unknown(),
    priority: z.unknown(),
    dueDate: z.unknown(),
  }),
);
const EDITABLE_FIELDS = Object.keys(measureChangesSchema.shape);

/** The `measure` configuration segment as stored, or the default. */
export function measureConfiguration(state: CommandState): MeasureConfig {
  const parsed = measureConfigSchema.safeParse(state.get(CONFIGURATION_COLLECTION, 'measure'));
  return parsed.success ? parsed.data : DEFAULT_MEASURE_CONFIG;
}

/** The measure workflow of the `workflow` segment; the default when there is none yet. */
export function measureWorkflowFromConfig(workflowConfig: unknown): WorkflowView {
  return workflowFromConfig(workflowConfig, 'measure', DEFAULT_MEASURE_WORKFLOW).workflow;
}

function measureWorkflow(state: CommandState): WorkflowView {
  return measureWorkflowFromConfig(state.get(CONFIGURATION_COLLECTION, 'workflow'));
}

/**
 * The status a failed effectiveness check sends a measure back to: the configured one (`measure`
 * segment, `reopenStatus`, '3' "In progress" by default), else the workflow's start.
 */
export function measureReopenStatus(workflow: WorkflowView, config: MeasureConfig): string | null {
  const configured = findWorkflowStatus(workflow, config.reopenStatus);
  if (configured) return configured.id;
  return startWorkflowStatus(workflow)?.id ?? null;
}

/** The status in which a measure waits for its effectiveness check: the one leading to the end. */
export function measureCheckStatus(workflow: WorkflowView): string | null {
  const final = finalWorkflowStatus(workflow);
  if (!final) return null;
  return workflow.transitions.find((transition) => transition.to === final.id)?.from ?? null;
}

function invalid(error: z.core.$ZodError): CommandResult {
  const issues = validationIssueMessages(error);
  return commandError('rule', issues[0]!, issues);
}

const refused = (message: DomainMessage) => commandError('rule', message);
const notFound = (id: string) =>
  commandError('not_found', { key: 'measure.notFound', params: { id } });

function storedMeasure(state: CommandState, id: string): Measure | null {
  const parsed = measureSchema.safeParse(state.get(MEASURES_COLLECTION, id));
  return parsed.success ? parsed.data : null;
}

/** The permission context of a measure: its assignees and, when it has one, its audit's team. */
function measureContext(
  state: CommandState,
  measure: Pick<Measure, 'assignedTo' | 'audit_id'> | null,
  ctx: CommandContext,
): PermissionContext {
  const userId = ctx.actor.personId;
  const audit = measure?.audit_id ? state.get(AUDITS_COLLECTION, measure.audit_id) : undefined;
  return {
    ...(audit ? { ...auditPermissionContext(audit, userId), protected: false } : { userId }),
    assignedTo: measure?.assignedTo ?? [],
  };
}

/** Checks the configured values of the editable fields (type and priority). */
function configuredValues(measure: Measure, config: MeasureConfig): DomainMessage | null {
  if (
    measure.measuretype !== null &&
    !config.types.some((type) => type.id === measure.measuretype)
  ) {
    return { key: 'measure.unknownType', params: { type: measure.measuretype } };
  }
  if (
    measure.priority !== null &&
    !config.priorities.some((priority) => priority.id === measure.priority)
  ) {
    return { key: 'measure.unknownPriority', params: { priority: measure.priority } };
  }
  return null;
}

/** Every assignee must be a known person (an inactive one is fine, SPEC: a record only). */
function unknownAssignee(state: CommandState, assignees: readonly string[]): DomainMessage | null {
  const unknown = assignees.find((id) => !state.get(PEOPLE_COLLECTION, id));
  return unknown === undefined ? null : { key: 'measure.unknownPerson', params: { id: unknown } };
}

const personRefs = (ids: readonly string[]): DocRef[] =>
  ids.map((id) => ({ collection: PEOPLE_COLLECTION, id }));

/** Args of a command on one stored measure: its id and the audit it belongs to (or null). */
const onMeasureArgs = z.object({ id: idSchema, auditId: z._default(z.nullable(idSchema), null) });

/**
 * The documents a command on one measure reads: the measure and, named by the caller because
 * the server loads what the args name, its audit (for the team). The run checks that the audit
 * is the measure's own ('measure.auditMismatch'), so naming another audit gains nothing.
 */
function onMeasureRefs(args: { id: string; auditId: string | null }): DocRef[] {
  return [measureDocRef(args.id), ...(args.auditId ? [auditDocRef(args.auditId)] : [])];
}

function loadMeasure(
  state: CommandState,
  args: { id: string; auditId: string | null },
): { ok: true; measure: Measure; stored: JsonObject } | { ok: false; result: CommandResult } {
  const stored = state.get(MEASURES_COLLECTION, args.id);
  const measure = storedMeasure(state, args.id);
  if (!stored || !measure) return { ok: false, result: notFound(args.id) };
  if (measure.audit_id !== args.auditId) {
    return {
      ok: false,
      result: commandError('conflict', { key: 'measure.auditMismatch', params: { id: args.id } }),
    };
  }
  return { ok: true, measure, stored };
}

/** The measure's context for `can`, or the actor's alone for a measure that is gone. */
function contextOf(
  args: { id: string; auditId: string | null },
  state: CommandState,
  ctx: CommandContext,
): PermissionContext {
  const measure = storedMeasure(state, args.id);
  // A measure that is gone (or named with another audit) is told by `run`: the table is asked
  // as if the actor were its assignee, so a role that may act at all hears why it cannot.
  if (!measure || measure.audit_id !== args.auditId) {
    return { userId: ctx.actor.personId, assignedTo: [ctx.actor.personId] };
  }
  return measureContext(state, measure, ctx);
}

// Create

export const createMeasureArgsSchema = z.extend(measureChangesSchema, {
  id: idSchema,
  assignedTo: z._default(assigneesSchema, []),
  audit_id: z._default(z.nullable(idSchema), null),
  audititem_id: z._default(z.nullable(idSchema), null),
  deviation_id: z._default(z.nullable(idSchema), null),
});
type CreateMeasureArgs = z.infer<typeof createMeasureArgsSchema>;

/**
 * `measure.create` {id, text, description?, measuretype?, cause_analysis?, priority?, dueDate?,
 * assignedTo?, audit_id?, audititem_id?, deviation_id?}: a new measure at the workflow's start
 * status, created by the actor (`autor`). From a finding, all three links are given: the item
 * must belong to the audit and hold the finding ('measure.findingNotFound'), and the measure is
 * recorded on the item. Assigning at creation needs `measure.assign` as well.
 */
export const createMeasureCommand = defineCommand({
  name: 'measure.create',
  args: createMeasureArgsSchema,
  action: 'measure.create',
  permissionContext: (args: CreateMeasureArgs, state, ctx) => {
    const audit = args.audit_id ? state.get(AUDITS_COLLECTION, args.audit_id) : undefined;
    // Without an audit the team condition has nothing to hold on: the actor counts as its team,
    // so an auditor may add a measure of his own on the action list.
    return audit
      ? { ...auditPermissionContext(audit, ctx.actor.personId), protected: false }
      : { userId: ctx.actor.personId, leadauditor: ctx.actor.personId };
  },
  authorize: (ctx, args) =>
    args.assignedTo.length === 0 ||
    can(ctx.actor.roles, 'measure.assign', { userId: ctx.actor.personId })
      ? true
      : { key: 'permission.measureAssign' },
  reads: (args) => [
    measureDocRef(args.id),
    MEASURE_CONFIG_REF,
    WORKFLOW_CONFIG_REF,
    ...(args.audit_id ? [auditDocRef(args.audit_id)] : []),
    ...(args.audititem_id ? [auditItemDocRef(args.audititem_id)] : []),
    ...personRefs(args.assignedTo),
  ],
  run(state, args, ctx) {
    if (state.get(MEASURES_COLLECTION, args.id)) {
      return commandError('conflict', { key: 'measure.idTaken', params: { id: args.id } });
    }
    const linked = [args.audititem_id, args.deviation_id].filter((id) => id !== null).length;
    if (linked > 0 && (linked < 2 || args.audit_id === null)) {
      return refused({ key: 'measure.findingNotFound', params: { id: args.deviation_id ?? '' } });
    }
    const audit = args.audit_id ? state.get(AUDITS_COLLECTION, args.audit_id) : undefined;
    if (args.audit_id && !audit) {
      return commandError('not_found', { key: 'audit.noAuditActive' });
    }
    const ops: Op[] = [];
    if (args.audititem_id && args.deviation_id) {
      const item = state.get(AUDIT_ITEMS_COLLECTION, args.audititem_id);
      const deviations = item ? getOwn(item, 'deviations') : undefined;
      const finding =
        deviations && typeof deviations === 'object' && !Array.isArray(deviations)
          ? getOwn(deviations, args.deviation_id)
          : undefined;
      if (!item || getOwn(item, 'auditId') !== args.audit_id || finding === undefined) {
        return refused({ key: 'measure.findingNotFound', params: { id: args.deviation_id } });
      }
      ops.push({
        op: 'set',
        collection: AUDIT_ITEMS_COLLECTION,
        id: args.audititem_id,
        path: ['measures', args.id],
        value: args.deviation_id,
      });
    }
    const missing = unknownAssignee(state, args.assignedTo);
    if (missing) return refused(missing);
    const workflow = measureWorkflow(state);
    const fields = Object.fromEntries(
      Object.entries(args).filter(([key]) => EDITABLE_FIELDS.includes(key)),
    );
    const auditName = audit ? getOwn(audit, 'name') : undefined;
    const parsed = measureSchema.safeParse({
      ...fields,
      id: args.id,
      status: startWorkflowStatus(workflow)?.id ?? '1',
      createdDate: ctx.now,
      autor: ctx.actor.personId,
      assignedTo: [...new Set(args.assignedTo)],
      audit_id: args.audit_id,
      audititem_id: args.audititem_id,
      deviation_id: args.deviation_id,
      auditRef:
        args.audit_id === null
          ? null
          : { id: args.audit_id, name: typeof auditName === 'string' ? auditName : '' },
    });
    if (!parsed.success) return invalid(parsed.error);
    const wrongValue = configuredValues(parsed.data, measureConfiguration(state));
    if (wrongValue) return refused(wrongValue);
    ops.unshift({
      op: 'set',
      collection: MEASURES_COLLECTION,
      id: args.id,
      path: [],
      value: toJsonValue(parsed.data),
    });
    return commandOk(ops, {
      activity: {
        verb: 'createdMeasure',
        object: parsed.data.text,
        objectUrl: measureUrl(args.id),
      },
      message: { key: 'measure.created' },
    });
  },
});

// Update

const updateMeasureArgs = z.extend(onMeasureArgs, { changes: measureChangesSchema });

/**
 * `measure.update` {id, auditId, changes}: the dialog's fields (text, description, type, cause
 * analysis, priority, due date). Assignees may edit their own measures; only changed fields are
 * written, so two people editing different fields both keep their change.
 */
export const updateMeasureCommand = defineCommand({
  name: 'measure.update',
  args: updateMeasureArgs,
  action: 'measure.update',
  permissionContext: contextOf,
  reads: (args) => [...onMeasureRefs(args), MEASURE_CONFIG_REF],
  run(state, args) {
    const found = loadMeasure(state, args);
    if (!found.ok) return found.result;
    const changes = Object.fromEntries(
      Object.entries(args.changes).filter(([, value]) => value !== undefined),
    );
    const parsed = measureSchema.safeParse({ ...found.measure, ...changes });
    if (!parsed.success) return invalid(parsed.error);
    const wrongValue = configuredValues(parsed.data, measureConfiguration(state));
    if (wrongValue) return refused(wrongValue);
    const next = Object.fromEntries(
      EDITABLE_FIELDS.map((field) => [field, toJsonValue(parsed.data[field as keyof Measure])]),
    );
    const ops = changedFieldOps(MEASURES_COLLECTION, args.id, found.stored, next);
    if (ops.length === 0) {
      return commandOk([], { unchanged: true, message: { key: 'command.noChanges' } });
    }
    return commandOk(ops, {
      activity: {
        verb: 'updatedMeasure',
        object: parsed.data.text,
        objectUrl: measureUrl(args.id),
      },
      message: { key: 'measure.updated' },
    });
  },
});

// Assign

/**
 * `measure.assign` {id, auditId, assignedTo}: who works on the measure (one or more people,
 * none = unassigned). `measure-dispatcher`, qm and admin.
 */
export const assignMeasureCommand = defineCommand({
  name: 'measure.assign',
  args: z.extend(onMeasureArgs, { assignedTo: assigneesSchema }),
  action: 'measure.assign',
  permissionContext: contextOf,
  reads: (args) => [...onMeasureRefs(args), ...personRefs(args.assignedTo)],
  run(state, args) {
    const found = loadMeasure(state, args);
    if (!found.ok) return found.result;
    const missing = unknownAssignee(state, args.assignedTo);
    if (missing) return refused(missing);
    const assignedTo = [...new Set(args.assignedTo)];
    const ops = changedFieldOps(MEASURES_COLLECTION, args.id, found.stored, { assignedTo });
    if (ops.length === 0) return commandOk([], { unchanged: true });
    return commandOk(ops, {
      activity: {
        verb: assignedTo.length === 0 ? 'unassignedMeasure' : 'assignedMeasure',
        object: found.measure.text,
        objectUrl: measureUrl(args.id),
      },
      message: { key: 'measure.assigned' },
    });
  },
});

// Status

/**
 * `measure.changeStatus` {id, auditId, to}: one step along a configured transition from the
 * measure's status ('measure.transitionNotAllowed' otherwise). The final status ("Effective")
 * is reached only through a recorded effectiveness check ('measure.effectivenessCheckRequired').
 */
export const changeMeasureStatusCommand = defineCommand({
  name: 'measure.changeStatus',
  args: z.extend(onMeasureArgs, { to: z.string().check(z.minLength(1)).check(z.maxLength(64)) }),
  action: 'measure.update',
  permissionContext: contextOf,
  reads: (args) => [...onMeasureRefs(args), WORKFLOW_CONFIG_REF],
  run(state, args) {
    const found = loadMeasure(state, args);
    if (!found.ok) return found.result;
    const workflow = measureWorkflow(state);
    const current = resolveWorkflowStatus(workflow, found.measure.status, 'measure').status;
    const target = findWorkflowStatus(workflow, args.to);
    if (current && target && current.id === target.id) return commandOk([], { unchanged: true });
    const allowed =
      current !== null &&
      target !== undefined &&
      workflow.transitions.some(
        (transition) => transition.from === current.id && transition.to === target.id,
      );
    if (!allowed) {
      return refused({
        key: 'measure.transitionNotAllowed',
        params: { from: found.measure.status, to: args.to },
      });
    }
    if (target.id === finalWorkflowStatus(workflow)?.id) {
      return refused({ key: 'measure.effectivenessCheckRequired' });
    }
    return commandOk(
      [
        {
          op: 'set',
          collection: MEASURES_COLLECTION,
          id: args.id,
          path: ['status'],
          value: target.id,
        },
      ],
      {
        activity: {
          verb: 'changedMeasureStatus',
          object: found.measure.text,
          objectUrl: measureUrl(args.id),
        },
        message: { key: 'measure.statusChanged' },
      },
    );
  },
});

// Effectiveness

/**
 * `measure.checkEffectiveness` {id, auditId, effective, comment}: records who checked the
 * measure's effectiveness, when, with what result and comment. Only in the status that leads to
 * the final one ('measure.notInEffectivenessCheck'); effective moves the measure to the final
 * status, not effective back to the reopen status ("In progress"). qm and admin.
 */
export const checkMeasureEffectivenessCommand = defineCommand({
  name: 'measure.checkEffectiveness',
  args: z.extend(onMeasureArgs, {
    effective: z.boolean(),
    comment: z._default(z.string().check(z.trim()).check(z.maxLength(MAX_LONG_TEXT_LENGTH)), ''),
  }),
  action: 'measure.verify',
  permissionContext: contextOf,
  reads: (args) => [...onMeasureRefs(args), WORKFLOW_CONFIG_REF, MEASURE_CONFIG_REF],
  run(state, args, ctx) {
    const found = loadMeasure(state, args);
    if (!found.ok) return found.result;
    const workflow = measureWorkflow(state);
    const current = resolveWorkflowStatus(workflow, found.measure.status, 'measure').status;
    const checkStatus = measureCheckStatus(workflow);
    const final = finalWorkflowStatus(workflow);
    if (!current || current.id !== checkStatus || !final) {
      return refused({ key: 'measure.notInEffectivenessCheck' });
    }
    const next = args.effective
      ? final.id
      : measureReopenStatus(workflow, measureConfiguration(state));
    if (next === null) return refused({ key: 'measure.notInEffectivenessCheck' });
    const check = effectivenessCheckSchema.parse({
      by: ctx.actor.personId,
      at: ctx.now,
      effective: args.effective,
      comment: args.comment,
    });
    return commandOk(
      [
        { op: 'set', collection: MEASURES_COLLECTION, id: args.id, path: ['status'], value: next },
        {
          op: 'set',
          collection: MEASURES_COLLECTION,
          id: args.id,
          path: ['effectivenessChecks'],
          value: toJsonValue([...found.measure.effectivenessChecks, check]),
        },
      ],
      {
        activity: {
          verb: args.effective ? 'measureEffective' : 'measureNotEffective',
          object: found.measure.text,
          objectUrl: measureUrl(args.id),
        },
        message: { key: args.effective ? 'measure.effective' : 'measure.notEffective' },
      },
    );
  },
});

// Delete

/**
 * `measure.delete` {id, auditId}: deletes the measure and its record on the finding's item (the
 * UI asks "Are you sure you want to delete this measure?" first). qm and admin. A measure
 * already gone is nothing to do.
 */
export const deleteMeasureCommand = defineCommand({
  name: 'measure.delete',
  args: onMeasureArgs,
  action: 'measure.delete',
  permissionContext: contextOf,
  reads: onMeasureRefs,
  run(state, args) {
    if (!state.get(MEASURES_COLLECTION, args.id)) return commandOk([], { unchanged: true });
    const found = loadMeasure(state, args);
    if (!found.ok) return found.result;
    const ops: Op[] = [{ op: 'delete', collection: MEASURES_COLLECTION, id: args.id, path: [] }];
    // The item may be gone with its audit (the measure lives on): deleting a field of a missing
    // document changes nothing.
    if (found.measure.audititem_id) {
      ops.push({
        op: 'delete',
        collection: AUDIT_ITEMS_COLLECTION,
        id: found.measure.audititem_id,
        path: ['measures', args.id],
      });
    }
    return commandOk(ops, {
      activity: { verb: 'deletedMeasure', object: found.measure.text, objectUrl: '/measures' },
      message: { key: 'measure.deleted' },
    });
  },
});

/**
 * Ops that discard the measures recorded on an item for some of its findings (the findings are
 * replaced or deleted, SPEC section 4): each measure's document and its record.
 */
export function discardFindingMeasuresOps(
  itemId: string,
  storedItem: JsonObject,
  findingIds: readonly string[],
): Op[] {
  const recorded = getOwn(storedItem, 'measures');
  if (!recorded || typeof recorded !== 'object' || Array.isArray(recorded)) return [];
  const ops: Op[] = [];
  for (const [measureId, findingId] of Object.entries(recorded)) {
    if (typeof findingId !== 'string' || !findingIds.includes(findingId)) continue;
    ops.push(
      { op: 'delete', collection: MEASURES_COLLECTION, id: measureId, path: [] },
      {
        op: 'delete',
        collection: AUDIT_ITEMS_COLLECTION,
        id: itemId,
        path: ['measures', measureId],
      },
    );
  }
  return ops;
}
