import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAuditItemCsv } from '../imports/audit-item-csv.parser';
import { createAuditCommand, protectAuditCommand } from './audit.commands';
import {
  createAuditItemCommand,
  deactivateAuditItemCommand,
  deleteAuditItemCommand,
  importAuditItemsCommand,
  reactivateAuditItemCommand,
  updateAuditItemCommand,
} from './audit-item.commands';
import {
  OpsState,
  applyCommandAs as apply,
  expectDeterministicAndValid,
  runCommandAs as run,
} from './audit-test-helpers';
import type { CommandDefinition } from './define-command';

const LEAD = 'p-lead';
const CO = 'p-co';
const OUTSIDER = 'p-out';

const question = { text: 'Is the policy documented?', importance: '3', no: '1' };

/** Audits a1 (lead LEAD, co-auditor CO) and a2 (lead OUTSIDER), item i1 in a1. */
function prepared(): OpsState {
  const state = new OpsState();
  for (const [id, lead] of [
    ['a1', LEAD],
    ['a2', OUTSIDER],
  ] as const) {
    apply(
      createAuditCommand,
      { id, name: `Audit ${id}`, leadauditor: lead, coauditors: [CO], planning_year: 2024 },
      state,
    );
  }
  apply(createAuditItemCommand, { auditId: 'a1', id: 'i1', question }, state);
  return state;
}

function protectedA1(): OpsState {
  const state = prepared();
  apply(protectAuditCommand, { id: 'a1' }, state, ['auditor'], LEAD);
  return state;
}

const forbidden = (command: string) => ({
  ok: false,
  error: { code: 'forbidden', message: { key: 'command.forbidden', params: { command } } },
});
const protectedRefusal = {
  ok: false,
  error: { code: 'forbidden', message: { key: 'permission.auditProtected' } },
};

describe('auditItem.create', () => {
  it('stores a new item with its audit id, no state and no findings', () => {
    const state = prepared();
    const result = apply(
      createAuditItemCommand,
      {
        auditId: 'a1',
        id: 'i2',
        question: { text: ' Q2 ', chapters: [{ id: '4' }] },
        processes: ['p'],
      },
      state,
      ['auditor'],
      CO,
    );
    expect(state.get('audit_items', 'i2')).toEqual({
      id: 'i2',
      auditId: 'a1',
      processes: ['p'],
      question: {
        text: 'Q2',
        hint: '',
        description: '',
        category: '',
        category_id: '',
        subcategory: '',
        no: '',
        importance: '',
        chapters: [{ id: '4', standard: '', description: '' }],
      },
      Weight: 1,
      auditItemState: null,
      deviations: {},
    });
    expect(result.activity).toEqual({
      verb: 'created',
      object: 'Q2',
      objectUrl: '/audit/a1/auditpreparation',
    });
    expect(result.message).toEqual({ key: 'success.auditItemCreated' });
  });

  it('requires the question text and refuses taken ids and missing audits', () => {
    const state = prepared();
    const empty = run(
      createAuditItemCommand,
      { auditId: 'a1', id: 'i2', question: { text: ' ' } },
      state,
    );
    expect(empty.ok === false && empty.error).toMatchObject({
      code: 'rule',
      message: { key: 'validation.required', params: { field: 'question.text' } },
    });
    expect(run(createAuditItemCommand, { auditId: 'a1', id: 'i1', question }, state)).toEqual({
      ok: false,
      error: { code: 'conflict', message: { key: 'auditItem.idTaken', params: { id: 'i1' } } },
    });
    expect(run(createAuditItemCommand, { auditId: 'zz', id: 'i9', question }, state)).toEqual({
      ok: false,
      error: { code: 'not_found', message: { key: 'audit.noAuditActive' } },
    });
  });

  it('authorizes by the audit team and refuses a protected audit unless lead, qm or admin', () => {
    const args = { auditId: 'a1', id: 'i2', question };
    expect(run(createAuditItemCommand, args, prepared(), ['auditor'], OUTSIDER)).toEqual(
      forbidden('auditItem.create'),
    );
    expect(run(createAuditItemCommand, args, prepared(), ['user'], LEAD)).toEqual(
      forbidden('auditItem.create'),
    );
    const locked = protectedA1();
    expect(run(createAuditItemCommand, args, locked, ['auditor'], CO)).toEqual(protectedRefusal);
    expect(run(createAuditItemCommand, args, locked, ['auditor'], LEAD).ok).toBe(true);
    expect(run(createAuditItemCommand, args, locked, ['qm']).ok).toBe(true);
  });

  it('refuses an item id of another audit, so no other audit rights can be borrowed', () => {
    const state = prepared();
    const args = { auditId: 'a2', id: 'i1', changes: { question: { text: 'stolen' } } };
    expect(run(updateAuditItemCommand, args, state, ['qm'])).toEqual({
      ok: false,
      error: { code: 'forbidden', message: { key: 'auditItem.wrongAudit', params: { id: 'i1' } } },
    });
  });
});

describe('auditItem.update', () => {
  it('writes the changed fields one by one', () => {
    const state = prepared();
    const result = apply(
      updateAuditItemCommand,
      { auditId: 'a1', id: 'i1', changes: { Weight: 3, question: { hint: 'Look at the manual' } } },
      state,
      ['auditor'],
      LEAD,
    );
    expect(result.ops).toEqual([
      { op: 'set', collection: 'audit_items', id: 'i1', path: ['Weight'], value: 3 },
      {
        op: 'set',
        collection: 'audit_items',
        id: 'i1',
        path: ['question', 'hint'],
        value: 'Look at the manual',
      },
    ]);
    expect(result.message).toEqual({ key: 'success.auditItemUpdated' });
    expect(state.get('audit_items', 'i1')?.question).toMatchObject({ text: question.text });
  });

  it('answers unchanged, missing items and audits, and an emptied text', () => {
    const state = prepared();
    const same = { auditId: 'a1', id: 'i1', changes: { question: { text: question.text } } };
    expect(run(updateAuditItemCommand, same, state)).toMatchObject({
      ok: true,
      ops: [],
      unchanged: true,
    });
    expect(run(updateAuditItemCommand, { ...same, id: 'zz' }, state)).toEqual({
      ok: false,
      error: { code: 'not_found', message: { key: 'auditItem.notFound', params: { id: 'zz' } } },
    });
    const emptied = run(
      updateAuditItemCommand,
      { auditId: 'a1', id: 'i1', changes: { question: { text: '' } } },
      state,
    );
    expect(emptied.ok === false && emptied.error.message.key).toBe('validation.required');
    state.apply([{ op: 'delete', collection: 'audits', id: 'a1', path: [] }]);
    expect(run(updateAuditItemCommand, same, state)).toEqual({
      ok: false,
      error: { code: 'not_found', message: { key: 'audit.noAuditActive' } },
    });
  });

  it('refuses a protected audit for a co-auditor', () => {
    const args = { auditId: 'a1', id: 'i1', changes: { Weight: 2 } };
    expect(run(updateAuditItemCommand, args, protectedA1(), ['auditor'], CO)).toEqual(
      protectedRefusal,
    );
  });

  it('refuses to build on a stored item that is not valid', () => {
    const state = prepared();
    state.apply([{ op: 'set', collection: 'audit_items', id: 'i1', path: ['Weight'], value: -1 }]);
    const result = run(updateAuditItemCommand, { auditId: 'a1', id: 'i1', changes: {} }, state);
    expect(result.ok === false && result.error.code).toBe('rule');
  });
});

describe('auditItem.delete', () => {
  it('deletes the item with an activity; a missing one is nothing to do', () => {
    const state = prepared();
    const result = apply(
      deleteAuditItemCommand,
      { auditId: 'a1', id: 'i1' },
      state,
      ['auditor'],
      CO,
    );
    expect(result.ops).toEqual([{ op: 'delete', collection: 'audit_items', id: 'i1', path: [] }]);
    expect(result.activity).toMatchObject({ verb: 'deleted', object: question.text });
    expect(result.message).toEqual({ key: 'auditItem.deleted' });
    expect(run(deleteAuditItemCommand, { auditId: 'a1', id: 'i1' }, state)).toEqual({
      ok: true,
      ops: [],
      unchanged: true,
    });
  });

  it('may clean up an item whose audit is gone, but not one of a protected audit', () => {
    const state = prepared();
    state.apply([{ op: 'delete', collection: 'audits', id: 'a1', path: [] }]);
    expect(run(deleteAuditItemCommand, { auditId: 'a1', id: 'i1' }, state, ['qm']).ok).toBe(true);
    expect(
      run(deleteAuditItemCommand, { auditId: 'a1', id: 'i1' }, protectedA1(), ['auditor'], CO),
    ).toEqual(protectedRefusal);
  });
});

describe('auditItem.deactivate and auditItem.reactivate', () => {
  it('deactivates with state and flags, and reactivation undoes it', () => {
    const state = prepared();
    const off = apply(
      deactivateAuditItemCommand,
      { auditId: 'a1', id: 'i1' },
      state,
      ['auditor'],
      CO,
    );
    expect(state.get('audit_items', 'i1')).toMatchObject({
      auditItemState: 'deactivated',
      deactivated: true,
      completed: false,
    });
    expect(off.activity?.verb).toBe('deactivated');
    expect(run(deactivateAuditItemCommand, { auditId: 'a1', id: 'i1' }, state)).toEqual({
      ok: true,
      ops: [],
      unchanged: true,
    });
    const on = apply(
      reactivateAuditItemCommand,
      { auditId: 'a1', id: 'i1' },
      state,
      ['auditor'],
      CO,
    );
    expect(on.activity?.verb).toBe('reactivated');
    expect(state.get('audit_items', 'i1')).toMatchObject({
      auditItemState: null,
      deactivated: false,
      completed: false,
    });
  });

  it('deletes the finding that had completed the item', () => {
    const state = prepared();
    state.apply([
      {
        op: 'merge',
        collection: 'audit_items',
        id: 'i1',
        path: [],
        value: {
          auditItemState: 'completed',
          completed: true,
          deviations: { f1: { id: 'f1', importance: 'ok' }, f2: { id: 'f2', importance: '1' } },
        },
      },
    ]);
    const result = apply(
      reactivateAuditItemCommand,
      { auditId: 'a1', id: 'i1', findingId: 'f1' },
      state,
    );
    expect(result.ops).toContainEqual({
      op: 'delete',
      collection: 'audit_items',
      id: 'i1',
      path: ['deviations', 'f1'],
    });
    expect(Object.keys(state.get('audit_items', 'i1')?.deviations as object)).toEqual(['f2']);
  });

  it('refuses to reactivate an active item and a missing one', () => {
    const state = prepared();
    expect(run(reactivateAuditItemCommand, { auditId: 'a1', id: 'i1' }, state)).toEqual({
      ok: false,
      error: { code: 'rule', message: { key: 'auditItem.notReactivatable' } },
    });
    expect(run(deactivateAuditItemCommand, { auditId: 'a1', id: 'nope' }, state)).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('is refused on a protected audit for a co-auditor and for other roles', () => {
    expect(
      run(deactivateAuditItemCommand, { auditId: 'a1', id: 'i1' }, protectedA1(), ['auditor'], CO),
    ).toEqual(protectedRefusal);
    expect(
      run(reactivateAuditItemCommand, { auditId: 'a1', id: 'i1' }, prepared(), [
        'measure-dispatcher',
      ]),
    ).toEqual(forbidden('auditItem.reactivate'));
  });
});

describe('auditItem.import', () => {
  const csv = 'text;weight;importance;chapter_id\nFirst;2;3;4\n;1;1;\nSecond;x;9;4.1\n';
  const parsed = parseAuditItemCsv(csv, {
    standard: { id: 'iso9001', chapters: [{ id: '4', description: 'Context' }] },
  });
  const items = parsed.records.map((record, index) => ({ id: `n${index + 1}`, ...record }));

  it('stores the valid items of the CSV parser with their client ids', () => {
    expect(parsed.errors).toMatchObject([{ key: 'import.csv.invalidRow', row: 3 }]);
    const state = prepared();
    const result = apply(importAuditItemsCommand, { auditId: 'a1', items }, state, ['auditor'], CO);
    expect(result.ops.map((op) => op.id)).toEqual(['n1', 'n2']);
    expect(result.message).toEqual({ key: 'auditItem.imported', params: { count: 2 } });
    expect(result.activity).toEqual({
      verb: 'importedAuditItems',
      object: 'Audit a1',
      objectUrl: '/audit/a1/auditpreparation',
    });
    expect(state.get('audit_items', 'n1')).toMatchObject({
      auditId: 'a1',
      Weight: 2,
      question: { text: 'First', importance: '3', chapters: [{ id: '4', description: 'Context' }] },
    });
    expect(state.get('audit_items', 'n2')).toMatchObject({ Weight: 1 });
  });

  it('rejects the whole import for a bad, repeated or taken id, naming the rows', () => {
    const state = prepared();
    const bad = run(
      importAuditItemsCommand,
      { auditId: 'a1', items: [items[0], { id: 'x', question: { text: '' } }, items[0]] },
      state,
    );
    expect(bad).toMatchObject({
      ok: false,
      error: {
        code: 'rule',
        issues: [
          { key: 'validation.required', params: { field: 'question.text', row: 2 } },
          { key: 'auditItem.duplicateId', params: { id: 'n1', row: 3 } },
        ],
      },
    });
    const taken = run(
      importAuditItemsCommand,
      { auditId: 'a1', items: [{ id: 'i1', question }] },
      state,
    );
    expect(taken).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: { key: 'auditItem.idTaken' } },
    });
  });

  it('needs the audit, its team and, when protected, lead, qm or admin', () => {
    const args = { auditId: 'a1', items };
    expect(run(importAuditItemsCommand, { ...args, auditId: 'zz' }, prepared())).toEqual({
      ok: false,
      error: { code: 'not_found', message: { key: 'audit.noAuditActive' } },
    });
    expect(run(importAuditItemsCommand, args, prepared(), ['auditor'], OUTSIDER)).toEqual(
      forbidden('auditItem.import'),
    );
    expect(run(importAuditItemsCommand, args, protectedA1(), ['auditor'], CO)).toEqual(
      protectedRefusal,
    );
    expect(run(importAuditItemsCommand, args, protectedA1(), ['auditor'], LEAD).ok).toBe(true);
  });
});

describe('audit item commands (property)', () => {
  const commands = [
    createAuditItemCommand,
    updateAuditItemCommand,
    deleteAuditItemCommand,
    deactivateAuditItemCommand,
    reactivateAuditItemCommand,
    importAuditItemsCommand,
  ];

  it('never throw, are deterministic and leave only valid documents', () => {
    const questionArb = fc.dictionary(
      fc.constantFrom('text', 'hint', 'importance', 'chapters', 'no'),
      fc.jsonValue(),
    );
    const args = fc.oneof(
      fc.anything(),
      fc.record({
        auditId: fc.constantFrom('a1', 'a2', 'zz'),
        id: fc.constantFrom('i1', 'i2'),
        question: questionArb,
        Weight: fc.oneof(fc.double(), fc.constant(undefined)),
        changes: fc.record({ question: questionArb, Weight: fc.integer() }, { requiredKeys: [] }),
        items: fc.array(
          fc.record({ id: fc.constantFrom('i1', 'i3', 'i4'), question: questionArb }),
        ),
      }),
    );
    expectDeterministicAndValid(
      commands as readonly unknown[] as readonly CommandDefinition[],
      args,
      prepared,
      [LEAD, CO, OUTSIDER],
    );
  });
});
