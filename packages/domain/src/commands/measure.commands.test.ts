import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditItemSchema } from '../audit/audit-item.schema';
import { measureAuditName, measureSchema } from '../entities/measure.schema';
import { createAuditCommand, deleteAuditCommand } from './audit.commands';
import { createAuditItemCommand } from './audit-item.commands';
import {
  OpsState,
  applyCommandAs as apply,
  expectDeterministicAndValid,
  runCommandAs as run,
} from './audit-test-helpers';
import type { CommandDefinition } from './define-command';
import { createFindingCommand, deleteFindingCommand } from './finding.commands';
import {
  assignMeasureCommand,
  changeMeasureStatusCommand,
  checkMeasureEffectivenessCommand,
  createMeasureCommand,
  deleteMeasureCommand,
  updateMeasureCommand,
} from './measure.commands';
import { createInactivePersonCommand } from './person.commands';

const LEAD = 'p-lead';
const CO = 'p-co';
const OUTSIDER = 'p-out';
const ASSIGNEE = 'p-assignee';
const OTHER = 'p-other';

/**
 * Audit a1 (lead LEAD, co-auditor CO) with item i1 and its findings f1 and f2; audit a2 led by
 * OUTSIDER; the people ASSIGNEE and OTHER.
 */
function prepared(): OpsState {
  const state = new OpsState();
  apply(
    createAuditCommand,
    { id: 'a1', name: 'Supplier A', leadauditor: LEAD, coauditors: [CO], planning_year: 2024 },
    state,
  );
  apply(
    createAuditCommand,
    { id: 'a2', name: 'Supplier B', leadauditor: OUTSIDER, planning_year: 2024 },
    state,
  );
  apply(createAuditItemCommand, { auditId: 'a1', id: 'i1', question: { text: 'Policy?' } }, state);
  for (const [id, importance] of [
    ['f1', '3'],
    ['f2', '1'],
  ]) {
    apply(
      createFindingCommand,
      { auditId: 'a1', itemId: 'i1', finding: { id, importance, text: `Finding ${id}` } },
      state,
    );
  }
  for (const [id, name] of [
    [ASSIGNEE, 'Ann Assignee'],
    [OTHER, 'Otto Other'],
  ]) {
    apply(
      createInactivePersonCommand,
      { id, displayName: name, email: `${id}@example.com` },
      state,
    );
  }
  return state;
}

const fromFinding = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  text: 'Write the policy down',
  audit_id: 'a1',
  audititem_id: 'i1',
  deviation_id: 'f1',
  ...extra,
});

/** prepared() with measure m1 of f1, assigned to ASSIGNEE by the qm. */
function withMeasure(): OpsState {
  const state = prepared();
  apply(createMeasureCommand, fromFinding('m1', { assignedTo: [ASSIGNEE] }), state);
  return state;
}

const measure = (state: OpsState, id = 'm1') => measureSchema.parse(state.get('measures', id));
const item = (state: OpsState) => auditItemSchema.parse(state.get('audit_items', 'i1'));
const forbidden = (command: string) => ({
  ok: false,
  error: { code: 'forbidden', message: { key: 'command.forbidden', params: { command } } },
});
const ruleRefusal = (key: string) => ({ ok: false, error: { code: 'rule', message: { key } } });

/** Moves m1 along the workflow to `status` as the qm. */
function moveTo(state: OpsState, status: number) {
  for (let next = Number(measure(state).status) + 1; next <= status; next++) {
    apply(changeMeasureStatusCommand, { id: 'm1', auditId: 'a1', to: String(next) }, state);
  }
}

describe('measure.create', () => {
  it('creates a measure from a finding at the start status, recorded on its item', () => {
    const state = prepared();
    const result = apply(
      createMeasureCommand,
      fromFinding('m1', {
        description: 'In the handbook',
        measuretype: 'corrective',
        priority: 'high',
        dueDate: '2024-06-01',
        assignedTo: [ASSIGNEE, ASSIGNEE],
      }),
      state,
    );
    expect(measure(state)).toEqual({
      id: 'm1',
      text: 'Write the policy down',
      description: 'In the handbook',
      measuretype: 'corrective',
      cause_analysis: '',
      priority: 'high',
      status: '1',
      createdDate: '2024-05-01T10:00:00.000Z',
      dueDate: '2024-06-01',
      autor: 'p-qm',
      assignedTo: [ASSIGNEE],
      audit_id: 'a1',
      audititem_id: 'i1',
      deviation_id: 'f1',
      auditRef: { id: 'a1', name: 'Supplier A' },
      effectivenessChecks: [],
    });
    expect(item(state).measures).toEqual({ m1: 'f1' });
    expect(result).toMatchObject({
      activity: {
        verb: 'createdMeasure',
        object: 'Write the policy down',
        objectUrl: '/measure/m1',
      },
      message: { key: 'measure.created' },
    });
  });

  it('creates a measure of its own, without an audit, on the action list', () => {
    const state = prepared();
    apply(createMeasureCommand, { id: 'm9', text: 'Train the team' }, state, ['auditor'], CO);
    expect(measure(state, 'm9')).toMatchObject({ audit_id: null, auditRef: null, autor: CO });
  });

  it('refuses a text that is missing or over 140 characters, with its limit', () => {
    const state = prepared();
    expect(run(createMeasureCommand, fromFinding('m1', { text: '  ' }), state)).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { key: 'validation.required', params: { field: 'text' } } },
    });
    expect(
      run(createMeasureCommand, fromFinding('m1', { text: 'x'.repeat(141) }), state),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'rule',
        message: { key: 'validation.maxLength', params: { field: 'text', max: 140 } },
      },
    });
    apply(createMeasureCommand, fromFinding('m1', { text: 'x'.repeat(140) }), state);
  });

  it('refuses an unknown type, priority, person or finding, and an id in use', () => {
    const state = withMeasure();
    const refusal = (extra: Record<string, unknown>) =>
      run(createMeasureCommand, fromFinding('m2', extra), state);
    expect(refusal({ measuretype: 'magic' })).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { key: 'measure.unknownType' } },
    });
    expect(refusal({ priority: 'urgent' })).toMatchObject({
      error: { message: { key: 'measure.unknownPriority' } },
    });
    expect(refusal({ assignedTo: ['p-nobody'] })).toMatchObject({
      error: { message: { key: 'measure.unknownPerson', params: { id: 'p-nobody' } } },
    });
    expect(refusal({ deviation_id: 'f9' })).toMatchObject({
      error: { message: { key: 'measure.findingNotFound' } },
    });
    // The item belongs to a1, not to a2.
    expect(refusal({ audit_id: 'a2' })).toMatchObject({
      error: { message: { key: 'measure.findingNotFound' } },
    });
    expect(refusal({ deviation_id: null })).toMatchObject({
      error: { message: { key: 'measure.findingNotFound' } },
    });
    expect(run(createMeasureCommand, fromFinding('m1'), state)).toMatchObject({
      error: { code: 'conflict', message: { key: 'measure.idTaken' } },
    });
  });

  it('is for the audit team, qm, dispatchers and admins; assigning needs measure.assign', () => {
    const state = prepared();
    expect(run(createMeasureCommand, fromFinding('m1'), state, ['auditor'], LEAD)).toMatchObject({
      ok: true,
    });
    expect(run(createMeasureCommand, fromFinding('m1'), state, ['auditor'], OUTSIDER)).toEqual(
      forbidden('measure.create'),
    );
    expect(run(createMeasureCommand, fromFinding('m1'), state, ['user'], LEAD)).toEqual(
      forbidden('measure.create'),
    );
    expect(
      run(
        createMeasureCommand,
        fromFinding('m1', { assignedTo: [ASSIGNEE] }),
        state,
        ['auditor'],
        LEAD,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: { key: 'permission.measureAssign' } },
    });
    expect(
      run(
        createMeasureCommand,
        fromFinding('m1', { assignedTo: [ASSIGNEE] }),
        state,
        ['measure-dispatcher'],
        OTHER,
      ),
    ).toMatchObject({ ok: true });
  });
});

describe('measure.update and measure.assign', () => {
  it('writes only the fields that changed; assignees may edit their own measure', () => {
    const state = withMeasure();
    const result = apply(
      updateMeasureCommand,
      {
        id: 'm1',
        auditId: 'a1',
        changes: { cause_analysis: 'Nobody owned it', text: 'Write the policy down' },
      },
      state,
      ['user'],
      ASSIGNEE,
    );
    expect(result.ops).toEqual([
      {
        op: 'set',
        collection: 'measures',
        id: 'm1',
        path: ['cause_analysis'],
        value: 'Nobody owned it',
      },
    ]);
    expect(
      run(
        updateMeasureCommand,
        { id: 'm1', auditId: 'a1', changes: { text: 'Mine' } },
        state,
        ['user'],
        OTHER,
      ),
    ).toEqual(forbidden('measure.update'));
    // The audit team may, an auditor of another audit may not.
    expect(
      run(
        updateMeasureCommand,
        { id: 'm1', auditId: 'a1', changes: { text: 'Team' } },
        state,
        ['auditor'],
        CO,
      ),
    ).toMatchObject({ ok: true });
    expect(
      run(
        updateMeasureCommand,
        { id: 'm1', auditId: 'a1', changes: { text: 'No' } },
        state,
        ['auditor'],
        OUTSIDER,
      ),
    ).toEqual(forbidden('measure.update'));
    expect(
      run(
        updateMeasureCommand,
        { id: 'm1', auditId: 'a1', changes: { text: 'x'.repeat(141) } },
        state,
      ),
    ).toMatchObject({ error: { message: { key: 'validation.maxLength' } } });
  });

  it('answers a measure that is gone, and one named with another audit', () => {
    const state = withMeasure();
    expect(
      run(updateMeasureCommand, { id: 'm9', auditId: 'a1', changes: {} }, state),
    ).toMatchObject({
      error: { code: 'not_found', message: { key: 'measure.notFound' } },
    });
    expect(
      run(updateMeasureCommand, { id: 'm1', auditId: 'a2', changes: {} }, state),
    ).toMatchObject({
      error: { code: 'conflict', message: { key: 'measure.auditMismatch' } },
    });
  });

  it('assigns one or more people, an inactive one as well; dispatchers and qm only', () => {
    const state = withMeasure();
    const args = { id: 'm1', auditId: 'a1', assignedTo: [ASSIGNEE, OTHER] };
    expect(run(assignMeasureCommand, args, state, ['auditor'], LEAD)).toEqual(
      forbidden('measure.assign'),
    );
    apply(assignMeasureCommand, args, state, ['measure-dispatcher'], 'p-disp');
    expect(measure(state).assignedTo).toEqual([ASSIGNEE, OTHER]);
    const result = apply(assignMeasureCommand, { ...args, assignedTo: [] }, state);
    expect(result.activity?.verb).toBe('unassignedMeasure');
    expect(measure(state).assignedTo).toEqual([]);
  });
});

describe('the measure workflow', () => {
  it('moves only along configured transitions, never to "Effective" without a check', () => {
    const state = withMeasure();
    expect(
      run(changeMeasureStatusCommand, { id: 'm1', auditId: 'a1', to: '3' }, state),
    ).toMatchObject(ruleRefusal('measure.transitionNotAllowed'));
    // The assignee progresses his own measure.
    apply(
      changeMeasureStatusCommand,
      { id: 'm1', auditId: 'a1', to: '2' },
      state,
      ['user'],
      ASSIGNEE,
    );
    expect(measure(state).status).toBe('2');
    expect(
      run(changeMeasureStatusCommand, { id: 'm1', auditId: 'a1', to: '3' }, state, ['user'], OTHER),
    ).toEqual(forbidden('measure.changeStatus'));
    moveTo(state, 5);
    expect(
      run(changeMeasureStatusCommand, { id: 'm1', auditId: 'a1', to: '6' }, state),
    ).toMatchObject(ruleRefusal('measure.effectivenessCheckRequired'));
  });

  it('records a failed check (back to "In progress"), then a passed one ("Effective")', () => {
    const state = withMeasure();
    const check = (effective: boolean, comment: string) => ({
      id: 'm1',
      auditId: 'a1',
      effective,
      comment,
    });
    expect(run(checkMeasureEffectivenessCommand, check(true, ''), state)).toMatchObject(
      ruleRefusal('measure.notInEffectivenessCheck'),
    );
    moveTo(state, 5);
    expect(
      run(checkMeasureEffectivenessCommand, check(true, ''), state, ['user', 'auditor'], ASSIGNEE),
    ).toEqual(forbidden('measure.checkEffectiveness'));
    const failed = apply(checkMeasureEffectivenessCommand, check(false, 'Still missing'), state);
    expect(failed).toMatchObject({
      activity: { verb: 'measureNotEffective' },
      message: { key: 'measure.notEffective' },
    });
    expect(measure(state)).toMatchObject({
      status: '3',
      effectivenessChecks: [
        { by: 'p-qm', at: '2024-05-01T10:00:00.000Z', effective: false, comment: 'Still missing' },
      ],
    });
    moveTo(state, 5);
    apply(checkMeasureEffectivenessCommand, check(true, 'Done'), state, ['admin'], 'p-admin');
    expect(measure(state).status).toBe('6');
    expect(measure(state).effectivenessChecks.map((entry) => entry.effective)).toEqual([
      false,
      true,
    ]);
    // Final: no way on, no second check.
    expect(run(checkMeasureEffectivenessCommand, check(true, ''), state)).toMatchObject(
      ruleRefusal('measure.notInEffectivenessCheck'),
    );
  });
});

describe('measure.delete and discarded findings', () => {
  it('deletes a measure and its record on the item; qm and admin only', () => {
    const state = withMeasure();
    expect(
      run(deleteMeasureCommand, { id: 'm1', auditId: 'a1' }, state, ['auditor'], LEAD),
    ).toEqual(forbidden('measure.delete'));
    apply(deleteMeasureCommand, { id: 'm1', auditId: 'a1' }, state);
    expect(state.get('measures', 'm1')).toBeUndefined();
    expect(item(state).measures).toEqual({});
    expect(run(deleteMeasureCommand, { id: 'm1', auditId: 'a1' }, state)).toMatchObject({
      ok: true,
      ops: [],
    });
  });

  it('discards the measures of findings a state-carrying finding replaces, and of a deleted one', () => {
    const state = withMeasure();
    apply(createMeasureCommand, fromFinding('m2', { deviation_id: 'f2' }), state);
    apply(deleteFindingCommand, { auditId: 'a1', itemId: 'i1', findingId: 'f2' }, state);
    expect(state.ids('measures')).toEqual(['m1']);
    expect(item(state).measures).toEqual({ m1: 'f1' });
    apply(
      createFindingCommand,
      {
        auditId: 'a1',
        itemId: 'i1',
        finding: { id: 'ok1', importance: 'ok' },
        confirmDiscard: true,
      },
      state,
    );
    expect(state.ids('measures')).toEqual([]);
    expect(item(state).measures).toEqual({});
  });

  it('keeps the measures of a deleted audit, marked "Audit not present anymore"', () => {
    const state = withMeasure();
    apply(createMeasureCommand, { id: 'm2', text: 'Elsewhere', audit_id: 'a2' }, state);
    // The client names the audit's measures; one of another audit is left alone.
    apply(deleteAuditCommand, { id: 'a1', itemIds: ['i1'], measureIds: ['m1', 'm2'] }, state);
    expect(measure(state).auditRef).toEqual({ id: 'a1', name: 'Supplier A', gone: true });
    expect(measureAuditName(measure(state), new Map())).toEqual({ key: 'measure.auditMissing' });
    expect(measure(state, 'm2').auditRef).toEqual({ id: 'a2', name: 'Supplier B' });
    // Its assignee still works on it; the team of a gone audit no longer counts.
    apply(
      changeMeasureStatusCommand,
      { id: 'm1', auditId: 'a1', to: '2' },
      state,
      ['user'],
      ASSIGNEE,
    );
    apply(deleteMeasureCommand, { id: 'm1', auditId: 'a1' }, state);
    expect(state.ids('measures')).toEqual(['m2']);
  });
});

it('every measure command answers the same twice and leaves only valid documents', () => {
  const commands = [
    createMeasureCommand,
    updateMeasureCommand,
    assignMeasureCommand,
    changeMeasureStatusCommand,
    checkMeasureEffectivenessCommand,
    deleteMeasureCommand,
  ] as unknown as CommandDefinition[];
  const ids = fc.constantFrom('m1', 'm2', 'a1', 'a2', 'i1', 'f1', 'f2', ASSIGNEE, 'x');
  const args = fc.record(
    {
      id: ids,
      auditId: fc.option(ids),
      audit_id: fc.option(ids),
      audititem_id: fc.option(ids),
      deviation_id: fc.option(ids),
      text: fc.string({ maxLength: 150 }),
      to: fc.constantFrom('1', '2', '3', '5', '6', 'New', 'x'),
      effective: fc.boolean(),
      assignedTo: fc.array(ids, { maxLength: 3 }),
      changes: fc.record(
        { text: fc.string(), priority: fc.constantFrom('low', 'x') },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['id'] },
  );
  expectDeterministicAndValid(commands, args, withMeasure, [LEAD, CO, OUTSIDER, ASSIGNEE, 'p-qm']);
});
