import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../roles';
import {
  createTemplateCommand,
  deleteTemplateCommand,
  updateTemplateCommand,
} from './template.commands';
import { createTemplateItemCommand } from './template-item.commands';
import {
  OpsState,
  applyCommandAs as apply,
  expectDeterministicAndValid,
  runCommandAs as run,
} from './audit-test-helpers';
import type { CommandDefinition } from './define-command';

const forbidden = (command: string) => ({
  ok: false,
  error: { code: 'forbidden', message: { key: 'command.forbidden', params: { command } } },
});

/** Template t1 with items ti1 and ti2, and ti9 of another template t9. */
function prepared(): OpsState {
  const state = new OpsState();
  apply(createTemplateCommand, { id: 't1', name: 'Supplier audit' }, state);
  apply(createTemplateCommand, { id: 't9', name: 'Other' }, state);
  for (const id of ['ti1', 'ti2']) {
    apply(createTemplateItemCommand, { templateId: 't1', id, question: { text: id } }, state);
  }
  apply(createTemplateItemCommand, { templateId: 't9', id: 'ti9', question: { text: 'x' } }, state);
  return state;
}

describe('template.create', () => {
  it('stores the header at version 1 with the defaults of SPEC 9 and an activity', () => {
    const state = new OpsState();
    const result = apply(
      createTemplateCommand,
      { id: 't1', name: ' Supplier audit ', tags: ['a'], audit_items: { x: {} }, version: 7 },
      state,
    );
    expect(state.get('templates', 't1')).toMatchObject({
      id: 't1',
      name: 'Supplier audit',
      standard: 'iso9001',
      audited_by: 'internal',
      tags: ['a'],
      created_by: 'p-qm',
      created_date: '2024-05-01T10:00:00.000Z',
      version: 1,
    });
    expect(state.get('templates', 't1')).not.toHaveProperty('audit_items');
    expect(result).toMatchObject({
      activity: { verb: 'created', object: 'Supplier audit', objectUrl: '/templates/t1' },
      message: { key: 'template.created', params: { name: 'Supplier audit' } },
    });
  });

  it('takes the defaults from the template configuration, and the dialog’s values over them', () => {
    const state = new OpsState({
      configuration: {
        template: {
          defaultItem: { standard: 'vda-6-3', audited_by: 'Lieferant' },
          catalogue: { capabilityLimits: { machine: 2, longTerm: 1.5 } },
        },
      },
    });
    apply(createTemplateCommand, { id: 't1', name: 'A' }, state);
    apply(
      createTemplateCommand,
      { id: 't2', name: 'B', standard: 'haccp', audited_by: 'x' },
      state,
    );
    expect(state.get('templates', 't1')).toMatchObject({
      standard: 'vda-6-3',
      audited_by: 'Lieferant',
    });
    expect(state.get('templates', 't2')).toMatchObject({ standard: 'haccp', audited_by: 'x' });
  });

  it('requires a name and refuses an id in use; nothing is written', () => {
    const state = prepared();
    expect(run(createTemplateCommand, { id: 't2', name: ' ' }, state)).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { key: 'validation.required', params: { field: 'name' } } },
    });
    expect(run(createTemplateCommand, { id: 't1', name: 'Again' }, state)).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: { key: 'template.idTaken' } },
    });
    expect(run(createTemplateCommand, { id: 't2', name: 'n'.repeat(201) }, state)).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { key: 'validation.maxLength', params: { max: 200 } } },
    });
  });

  it('is for qm and admin only', () => {
    for (const role of ROLE_IDS) {
      const result = run(createTemplateCommand, { id: 't2', name: 'A' }, new OpsState(), [role]);
      if (role === 'qm' || role === 'admin') expect(result.ok, role).toBe(true);
      else expect(result, role).toEqual(forbidden('template.create'));
    }
  });
});

describe('template.update', () => {
  it('writes the changed fields and the next version, with an activity to /templates/{id}', () => {
    const state = prepared();
    const version = state.get('templates', 't1')!.version as number;
    const result = apply(
      updateTemplateCommand,
      {
        id: 't1',
        changes: {
          name: 'Renamed',
          process: ['Paint'],
          audit_items: {},
          version: 1,
          created_by: 'x',
        },
      },
      state,
    );
    expect(result.ops.map((op) => op.path)).toEqual([['name'], ['process'], ['version']]);
    expect(state.get('templates', 't1')).toMatchObject({
      name: 'Renamed',
      process: ['Paint'],
      created_by: 'p-qm',
      version: version + 1,
    });
    expect(result).toMatchObject({
      activity: { verb: 'updated', object: 'Renamed', objectUrl: '/templates/t1' },
      message: { key: 'template.updated' },
    });
  });

  it('answers no changes when nothing changed, not found for a missing template', () => {
    const state = prepared();
    expect(
      run(updateTemplateCommand, { id: 't1', changes: { name: 'Supplier audit' } }, state),
    ).toEqual({
      ok: true,
      ops: [],
      unchanged: true,
      message: { key: 'command.noChanges' },
    });
    expect(run(updateTemplateCommand, { id: 'nope', changes: { name: 'X' } }, state)).toMatchObject(
      {
        ok: false,
        error: { code: 'not_found', message: { key: 'template.notFound', params: { id: 'nope' } } },
      },
    );
  });

  it('refuses an empty name and a bad scope at their fields', () => {
    const state = prepared();
    expect(run(updateTemplateCommand, { id: 't1', changes: { name: '' } }, state)).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { key: 'validation.required' } },
    });
    expect(run(updateTemplateCommand, { id: 't1', changes: { tags: 'x' } }, state)).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { params: { field: 'tags' } } },
    });
  });

  it('is for qm and admin only', () => {
    for (const role of ROLE_IDS) {
      const result = run(updateTemplateCommand, { id: 't1', changes: { name: 'B' } }, prepared(), [
        role,
      ]);
      if (role === 'qm' || role === 'admin') expect(result.ok, role).toBe(true);
      else expect(result, role).toEqual(forbidden('template.update'));
    }
  });
});

describe('template evaluation schema and VDA 6.3 set-up (issue 19)', () => {
  const vda = {
    processSteps: [
      { id: 's1', name: 'Stanzen' },
      { id: 's2', name: 'Lackieren' },
    ],
    productProcessSplit: true,
  };
  const reportSchema = { calcSchema: 'vda63', customResult: null };

  it('template.create stores reportSchema and vda', () => {
    const state = new OpsState();
    apply(createTemplateCommand, { id: 't1', name: 'VDA', reportSchema, vda }, state);
    expect(state.get('templates', 't1')).toMatchObject({ reportSchema, vda, version: 1 });
  });

  it('template.update changes them, keeping customResult, with the next version', () => {
    const state = prepared();
    const version = state.get('templates', 't1')!.version as number;
    apply(
      updateTemplateCommand,
      { id: 't1', changes: { reportSchema: { calcSchema: 'vda63', customResult: 'qk' }, vda } },
      state,
    );
    expect(state.get('templates', 't1')).toMatchObject({
      reportSchema: { calcSchema: 'vda63', customResult: 'qk' },
      vda,
      version: version + 1,
    });
    // Renaming a step keeps its id; the whole set-up is written.
    const renamed = { ...vda, processSteps: [{ id: 's1', name: 'Pressen' }, vda.processSteps[1]] };
    apply(updateTemplateCommand, { id: 't1', changes: { vda: renamed } }, state);
    expect(state.get('templates', 't1')).toMatchObject({ vda: renamed, version: version + 2 });
  });

  it('refuses a set-up with a step twice', () => {
    const state = prepared();
    const twice = { processSteps: [vda.processSteps[0], vda.processSteps[0]] };
    expect(run(updateTemplateCommand, { id: 't1', changes: { vda: twice } }, state)).toMatchObject({
      ok: false,
      error: { code: 'rule' },
    });
  });
});

describe('template.delete', () => {
  it('deletes the template and its listed items, never another template’s', () => {
    const state = prepared();
    const result = apply(
      deleteTemplateCommand,
      { id: 't1', itemIds: ['ti1', 'ti2', 'ti9'] },
      state,
    );
    expect(state.ids('templates')).toEqual(['t9']);
    expect(state.ids('template_items')).toEqual(['ti9']);
    expect(result).toMatchObject({
      activity: { verb: 'deleted', object: 'Supplier audit', objectUrl: '/templates' },
      message: { key: 'template.deleted', params: { name: 'Supplier audit' } },
    });
  });

  it('cleans up items of a template already gone; nothing left is unchanged', () => {
    const state = prepared();
    apply(deleteTemplateCommand, { id: 't1', itemIds: ['ti1'] }, state);
    const again = apply(deleteTemplateCommand, { id: 't1', itemIds: ['ti2'] }, state);
    expect(again.activity).toBeUndefined();
    expect(state.ids('template_items')).toEqual(['ti9']);
    expect(run(deleteTemplateCommand, { id: 't1', itemIds: ['ti2'] }, state)).toEqual({
      ok: true,
      ops: [],
      unchanged: true,
    });
  });

  it('is for qm and admin only', () => {
    for (const role of ROLE_IDS) {
      const result = run(deleteTemplateCommand, { id: 't1' }, prepared(), [role]);
      if (role === 'qm' || role === 'admin') expect(result.ok, role).toBe(true);
      else expect(result, role).toEqual(forbidden('template.delete'));
    }
  });
});

describe('template commands, any input', () => {
  it('answer deterministically and leave only valid documents', () => {
    const id = fc.constantFrom('t1', 't9', 'tx', 'ti1', '', 'a/b');
    const text = fc.oneof(fc.string({ maxLength: 5 }), fc.constant('x'.repeat(201)));
    const args = fc.record(
      {
        id,
        name: text,
        itemIds: fc.array(id, { maxLength: 3 }),
        changes: fc.record({ name: text, tags: fc.array(text) }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    );
    expectDeterministicAndValid(
      [createTemplateCommand, updateTemplateCommand, deleteTemplateCommand] as CommandDefinition[],
      args,
      prepared,
      ['p-qm', 'p-other'],
    );
  });
});
