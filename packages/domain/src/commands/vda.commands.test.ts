import { describe, expect, it } from 'vitest';
import { auditItemSchema } from '../audit/audit-item.schema';
import {
  changeAuditStatusCommand,
  completeAuditCommand,
  createAuditCommand,
  updateAuditCommand,
} from './audit.commands';
import { createAuditItemCommand } from './audit-item.commands';
import { OpsState, applyCommandAs as apply, runCommandAs as run } from './audit-test-helpers';
import { createFindingCommand } from './finding.commands';
import { evaluateAuditItemCommand } from './vda.commands';

const LEAD = 'p-lead';

/** VDA audit a1 (steps Stanzen, Montage) with P5 question i1 and P6 question i6; plain audit a2. */
function prepared(): OpsState {
  const state = new OpsState();
  apply(
    createAuditCommand,
    {
      id: 'a1',
      name: 'Supplier process audit',
      leadauditor: LEAD,
      planning_year: 2024,
      reportSchema: { calcSchema: 'vda63', customResult: null },
    },
    state,
  );
  apply(
    updateAuditCommand,
    {
      id: 'a1',
      changes: {
        vda: {
          processSteps: [
            { id: 's1', name: 'Stanzen' },
            { id: 's2', name: 'Montage' },
          ],
          productProcessSplit: false,
        },
      },
    },
    state,
  );
  apply(
    createAuditCommand,
    { id: 'a2', name: 'Plain', leadauditor: LEAD, planning_year: 2024 },
    state,
  );
  apply(
    createAuditItemCommand,
    {
      auditId: 'a1',
      id: 'i1',
      question: { text: 'Supplier selection', no: '5.1', category_id: '5' },
    },
    state,
  );
  apply(
    createAuditItemCommand,
    {
      auditId: 'a1',
      id: 'i6',
      question: { text: 'Work instructions', no: '6.2.1', category_id: '6', specialRisk: true },
    },
    state,
  );
  apply(createAuditItemCommand, { auditId: 'a2', id: 'i2', question: { text: 'Plain' } }, state);
  return state;
}

const evaluate = (itemId: string, key: string, points: number | null, reason?: string) => ({
  auditId: 'a1',
  itemId,
  key,
  evaluation: { points, ...(reason === undefined ? {} : { reason }) },
});
const item = (state: OpsState, id: string) => auditItemSchema.parse(state.get('audit_items', id));

describe('auditItem.evaluate', () => {
  it('stores the points under the key, who and when, and records the edition once', () => {
    const state = prepared();
    const first = apply(
      evaluateAuditItemCommand,
      evaluate('i6', 's1', 10),
      state,
      ['auditor'],
      LEAD,
    );
    expect(item(state, 'i6').vda).toEqual({
      s1: { points: 10, reason: '', by: LEAD, at: '2024-05-01T10:00:00.000Z' },
    });
    expect(state.get('audits', 'a1')!.vdaEdition).toBe('2016');
    expect(first.ops.some((op) => op.collection === 'audits')).toBe(true);
    const second = apply(evaluateAuditItemCommand, evaluate('i6', 's2', 10), state);
    expect(second.ops).toEqual([
      expect.objectContaining({ collection: 'audit_items', path: ['vda', 's2'] }),
    ]);
    expect(Object.keys(item(state, 'i6').vda!)).toEqual(['s1', 's2']);
  });

  it('n.e. needs a reason and is stored with it', () => {
    const state = prepared();
    const refused = run(evaluateAuditItemCommand, evaluate('i1', 'all', null, '  '), state);
    expect(refused).toMatchObject({ ok: false, error: { message: { key: 'vda.reasonRequired' } } });
    apply(evaluateAuditItemCommand, evaluate('i1', 'all', null, 'No sub-suppliers'), state);
    expect(item(state, 'i1').vda!.all).toMatchObject({ points: null, reason: 'No sub-suppliers' });
  });

  it('points below 10 need a finding that documents them', () => {
    const state = prepared();
    const refused = run(evaluateAuditItemCommand, evaluate('i1', 'all', 6), state);
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { key: 'vda.findingRequired', params: { no: '5.1' } } },
    });
    // A "no deviation" finding documents nothing.
    apply(
      createFindingCommand,
      { auditId: 'a1', itemId: 'i1', finding: { id: 'f0', importance: 'ok' } },
      state,
    );
    expect(run(evaluateAuditItemCommand, evaluate('i1', 'all', 6), state).ok).toBe(false);
    apply(
      createFindingCommand,
      {
        auditId: 'a1',
        itemId: 'i1',
        finding: { id: 'f1', importance: '3', text: 'No audit plan' },
      },
      state,
      ['qm'],
      'p-qm',
    );
    // The minor deviation replaced the "no deviation" (item-state rules); now 6 is documented.
    apply(evaluateAuditItemCommand, evaluate('i1', 'all', 6), state);
    expect(item(state, 'i1').vda!.all!.points).toBe(6);
  });

  it('refuses points off the scale, keys the question is not evaluated under, plain audits', () => {
    const state = prepared();
    expect(run(evaluateAuditItemCommand, evaluate('i1', 'all', 7), state)).toMatchObject({
      ok: false,
      error: { message: { key: 'vda.pointsInvalid' } },
    });
    expect(run(evaluateAuditItemCommand, evaluate('i1', 's1', 10), state)).toMatchObject({
      ok: false,
      error: { message: { key: 'vda.keyUnknown' } },
    });
    expect(run(evaluateAuditItemCommand, evaluate('i6', 'all', 10), state)).toMatchObject({
      ok: false,
      error: { message: { key: 'vda.keyUnknown' } },
    });
    const plain = { auditId: 'a2', itemId: 'i2', key: 'all', evaluation: { points: 10 } };
    expect(run(evaluateAuditItemCommand, plain, state)).toMatchObject({
      ok: false,
      error: { message: { key: 'vda.notVdaAudit' } },
    });
  });

  it('takes an evaluation back', () => {
    const state = prepared();
    apply(evaluateAuditItemCommand, evaluate('i1', 'all', 10), state);
    apply(
      evaluateAuditItemCommand,
      { auditId: 'a1', itemId: 'i1', key: 'all', evaluation: null },
      state,
    );
    expect(item(state, 'i1').vda).toEqual({});
  });

  it('is refused to an auditor outside the audit team', () => {
    const state = prepared();
    expect(
      run(evaluateAuditItemCommand, evaluate('i1', 'all', 10), state, ['auditor'], 'p-out'),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });
});

describe('the edition and completion of a VDA audit', () => {
  it('the start of execution records the edition; a later rule set does not change it', () => {
    const state = prepared();
    apply(changeAuditStatusCommand, { id: 'a1', status: '2', numbering: 'phase' }, state);
    expect(state.get('audits', 'a1')!.vdaEdition).toBeUndefined();
    apply(changeAuditStatusCommand, { id: 'a1', status: '3', numbering: 'phase' }, state);
    expect(state.get('audits', 'a1')!.vdaEdition).toBe('2016');
    state.apply([
      { op: 'set', collection: 'audits', id: 'a1', path: ['vdaEdition'], value: '2016' },
    ]);
    const again = apply(
      changeAuditStatusCommand,
      { id: 'a1', status: '4', numbering: 'phase' },
      state,
    );
    expect(again.ops.every((op) => op.path[0] !== 'vdaEdition')).toBe(true);
  });

  it('a grade that is not valid completes only with a recorded confirmation', () => {
    const state = prepared();
    apply(evaluateAuditItemCommand, evaluate('i1', 'all', 10), state);
    // i6 is evaluated in Stanzen only: Montage has 0 of 1 P6 questions evaluated.
    apply(evaluateAuditItemCommand, evaluate('i6', 's1', 10), state);
    const args = { id: 'a1', itemIds: ['i1', 'i6'], language: 'en' };
    const refused = run(completeAuditCommand, args, state);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'rule',
        message: {
          key: 'vda.completeNotValid',
          params: {
            missing: 'Process step Montage: 0 of 1 questions evaluated, at least 1 needed',
          },
        },
      },
    });
    expect(state.get('audits', 'a1')!.protected).toBe(false);
    apply(completeAuditCommand, { ...args, confirmIncomplete: true }, state, ['auditor'], LEAD);
    expect(state.get('audits', 'a1')).toMatchObject({
      protected: true,
      vdaIncompleteConfirmed: {
        by: LEAD,
        at: '2024-05-01T10:00:00.000Z',
        missing: ['Process step Montage: 0 of 1 questions evaluated, at least 1 needed'],
      },
    });
  });

  it('a valid grade completes without confirmation', () => {
    const state = prepared();
    apply(evaluateAuditItemCommand, evaluate('i1', 'all', 10), state);
    apply(evaluateAuditItemCommand, evaluate('i6', 's1', 10), state);
    apply(evaluateAuditItemCommand, evaluate('i6', 's2', 10), state);
    apply(completeAuditCommand, { id: 'a1', itemIds: ['i1', 'i6'] }, state);
    expect(state.get('audits', 'a1')!.protected).toBe(true);
    expect(state.get('audits', 'a1')!.vdaIncompleteConfirmed).toBeUndefined();
  });
});
