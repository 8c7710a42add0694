import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROCESS_AUDIT_CATALOGUE } from '../catalogue/process-audit-catalogue.data';
import { catalogueTemplateItems } from '../catalogue/catalogue-import';
import { DEFAULT_TEMPLATE_CONFIG } from '../config/template.config';
import { parseItemImportField } from '../imports/audit-item-csv.parser';
import { ROLE_IDS } from '../roles';
import { createTemplateCommand } from './template.commands';
import {
  createTemplateItemCommand,
  deleteTemplateItemCommand,
  importTemplateItemsCommand,
  updateTemplateItemCommand,
} from './template-item.commands';
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
const question = { text: 'Is the policy documented?', importance: '3', no: '1' };

/** Templates t1 (item ti1) and t9 (item ti9). */
function prepared(): OpsState {
  const state = new OpsState();
  apply(createTemplateCommand, { id: 't1', name: 'T1' }, state);
  apply(createTemplateCommand, { id: 't9', name: 'T9' }, state);
  apply(createTemplateItemCommand, { templateId: 't1', id: 'ti1', question }, state);
  apply(createTemplateItemCommand, { templateId: 't9', id: 'ti9', question }, state);
  return state;
}
const versionOf = (state: OpsState, id = 't1') => state.get('templates', id)!.version;

describe('templateItem.create', () => {
  it('stores the item with its template id and moves the template to its next version', () => {
    const state = prepared();
    expect(versionOf(state)).toBe(2);
    const result = apply(
      createTemplateItemCommand,
      {
        templateId: 't1',
        id: 'ti2',
        question: { text: ' Q2 ', chapters: [{ id: '4' }] },
        Weight: 3,
      },
      state,
    );
    expect(state.get('template_items', 'ti2')).toEqual({
      id: 'ti2',
      templateId: 't1',
      processes: [],
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
      Weight: 3,
    });
    expect(versionOf(state)).toBe(3);
    expect(result).toMatchObject({
      activity: {
        verb: 'createdTemplateItem',
        object: 'Q2',
        objectUrl: '/templates/t1/templatepreparation',
      },
      message: { key: 'templateItem.created' },
    });
  });

  it('requires the question text, an existing template and a free id', () => {
    const state = prepared();
    expect(
      run(
        createTemplateItemCommand,
        { templateId: 't1', id: 'ti2', question: { text: '' } },
        state,
      ),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'rule',
        message: { key: 'validation.required', params: { field: 'question.text' } },
      },
    });
    expect(
      run(createTemplateItemCommand, { templateId: 'tx', id: 'ti2', question }, state),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: { key: 'template.notFound', params: { id: 'tx' } } },
    });
    expect(
      run(createTemplateItemCommand, { templateId: 't1', id: 'ti1', question }, state),
    ).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: { key: 'templateItem.idTaken' } },
    });
    expect(
      run(createTemplateItemCommand, { templateId: 't1', id: 'ti9', question }, state),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'forbidden',
        message: { key: 'templateItem.wrongTemplate', params: { id: 'ti9' } },
      },
    });
  });
});

describe('templateItem.update', () => {
  it('writes changed fields only and the next version', () => {
    const state = prepared();
    const result = apply(
      updateTemplateItemCommand,
      { templateId: 't1', id: 'ti1', changes: { question: { hint: 'Look' }, Weight: 2 } },
      state,
    );
    expect(result.ops.map((op) => [op.collection, op.path])).toEqual([
      ['template_items', ['Weight']],
      ['template_items', ['question', 'hint']],
      ['templates', ['version']],
    ]);
    expect(state.get('template_items', 'ti1')).toMatchObject({
      Weight: 2,
      question: { text: question.text, hint: 'Look' },
    });
    expect(result.activity).toMatchObject({ verb: 'updatedTemplateItem' });
  });

  it('answers no changes, not found, and refuses an item of another template', () => {
    const state = prepared();
    expect(
      run(
        updateTemplateItemCommand,
        { templateId: 't1', id: 'ti1', changes: { question: { no: '1' } } },
        state,
      ),
    ).toMatchObject({
      ok: true,
      ops: [],
      unchanged: true,
    });
    expect(
      run(updateTemplateItemCommand, { templateId: 't1', id: 'tix', changes: {} }, state),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: { key: 'templateItem.notFound' } },
    });
    expect(
      run(
        updateTemplateItemCommand,
        { templateId: 't1', id: 'ti9', changes: { Weight: 2 } },
        state,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: { key: 'templateItem.wrongTemplate' } },
    });
    expect(
      run(
        updateTemplateItemCommand,
        { templateId: 't1', id: 'ti1', changes: { question: { text: ' ' } } },
        state,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { key: 'validation.required' } },
    });
  });
});

describe('templateItem.delete', () => {
  it('deletes the item and moves the version; an item already gone is no error', () => {
    const state = prepared();
    const result = apply(deleteTemplateItemCommand, { templateId: 't1', id: 'ti1' }, state);
    expect(state.get('template_items', 'ti1')).toBeUndefined();
    expect(versionOf(state)).toBe(3);
    expect(result).toMatchObject({
      activity: { verb: 'deletedTemplateItem' },
      message: { key: 'templateItem.deleted' },
    });
    expect(run(deleteTemplateItemCommand, { templateId: 't1', id: 'ti1' }, state)).toEqual({
      ok: true,
      ops: [],
      unchanged: true,
    });
  });
});

describe('templateItem.import', () => {
  it('imports what the CSV parser read in one command and one version', () => {
    const state = prepared();
    const report = parseItemImportField('text;weight;chapter_id\nQ A;2;4.1\nQ B;x;\n', {
      standard: { id: 'iso9001', chapters: [] },
      language: 'en',
    });
    const items = report.records.map((record, index) => ({ id: `n${index}`, ...record }));
    const result = apply(importTemplateItemsCommand, { templateId: 't1', items }, state);
    expect(state.get('template_items', 'n0')).toMatchObject({
      templateId: 't1',
      Weight: 2,
      question: {
        text: 'Q A',
        chapters: [{ id: '4.1', standard: 'iso9001', description: 'Chapter 4.1' }],
      },
    });
    expect(state.get('template_items', 'n1')).toMatchObject({ Weight: 1 });
    expect(versionOf(state)).toBe(3);
    expect(result).toMatchObject({
      activity: { verb: 'importedTemplateItems', object: 'T1' },
      message: { key: 'templateItem.imported', params: { count: 2 } },
    });
    // "Use template" on the template preparation page: questions of another template.
    const copied = apply(
      importTemplateItemsCommand,
      { templateId: 't1', items: [{ id: 'c0', question: { text: 'Q C' } }], source: 'template' },
      state,
    );
    expect(copied).toMatchObject({ activity: { verb: 'importedTemplateItems' } });
    expect(state.get('template_items', 'c0')).toMatchObject({ question: { text: 'Q C' } });
  });

  it('refuses an empty import field with "Field must not be empty"', () => {
    expect(parseItemImportField('  \n')).toEqual({
      records: [],
      errors: [{ key: 'import.fieldRequired', params: {} }],
      warnings: [],
      newCategories: [],
    });
  });

  it('is all or nothing: invalid rows, repeated or taken ids are listed with their rows', () => {
    const state = prepared();
    const items = [
      { id: 'n1', question },
      { id: 'n1', question },
      { id: 'ti9', question },
      { id: 'n2', question: { text: '' } },
    ];
    const result = run(importTemplateItemsCommand, { templateId: 't1', items }, state);
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        issues: [
          { key: 'templateItem.duplicateId', params: { id: 'n1', row: 2 } },
          { key: 'templateItem.idTaken', params: { id: 'ti9', row: 3 } },
          { key: 'validation.required', params: { row: 4 } },
        ],
      },
    });
    expect(run(importTemplateItemsCommand, { templateId: 't1', items: [] }, state)).toMatchObject({
      ok: false,
      error: { code: 'invalid_args' },
    });
    expect(
      run(importTemplateItemsCommand, { templateId: 'tx', items: [{ id: 'n', question }] }, state),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: { key: 'template.notFound' } },
    });
  });

  it('imports the process-audit catalogue, chosen categories in the user’s language, in one command', () => {
    const state = prepared();
    let next = 0;
    const items = catalogueTemplateItems(PROCESS_AUDIT_CATALOGUE, 'en', {
      categoryIds: ['2', '6'],
      capabilityLimits: DEFAULT_TEMPLATE_CONFIG.catalogue.capabilityLimits,
      newId: () => `c${++next}`,
    });
    const expected = PROCESS_AUDIT_CATALOGUE.filter((entry) =>
      ['2', '6'].includes(entry.category.id),
    ).reduce((sum, entry) => sum + entry.questions.length, 0);
    expect(items).toHaveLength(expected);
    const result = apply(
      importTemplateItemsCommand,
      { templateId: 't1', items, source: 'catalogue' },
      state,
    );
    expect(result.activity).toMatchObject({ verb: 'importedCatalogue', object: 'T1' });
    expect(state.get('template_items', 'c1')).toMatchObject({
      templateId: 't1',
      question: { no: '2.1', category_id: '2', category: 'Project control' },
    });
    const whole = catalogueTemplateItems(PROCESS_AUDIT_CATALOGUE, 'de', {
      capabilityLimits: DEFAULT_TEMPLATE_CONFIG.catalogue.capabilityLimits,
      standardId: 'vda-6-3',
      newId: () => `d${++next}`,
    });
    expect(new Set(whole.map((item) => item.question.category_id))).toEqual(
      new Set(['2', '3', '4', '5', '6', '7']),
    );
    expect(whole[0]!.question).toMatchObject({
      category: 'Projektsteuerung',
      chapters: [{ id: '2', standard: 'vda-6-3' }],
    });
    expect(JSON.stringify(whole)).not.toContain('{machineCapability}');
  });
});

describe('template item commands: roles', () => {
  const cases: [CommandDefinition, unknown][] = [
    [createTemplateItemCommand as CommandDefinition, { templateId: 't1', id: 'ti2', question }],
    [
      updateTemplateItemCommand as CommandDefinition,
      { templateId: 't1', id: 'ti1', changes: { Weight: 3 } },
    ],
    [deleteTemplateItemCommand as CommandDefinition, { templateId: 't1', id: 'ti1' }],
    [
      importTemplateItemsCommand as CommandDefinition,
      { templateId: 't1', items: [{ id: 'n', question }] },
    ],
  ];
  it.each(cases)(
    '%#: qm and admin edit, auditors, users and dispatchers may not',
    (command, args) => {
      for (const role of ROLE_IDS) {
        const result = run(command, args, prepared(), [role]);
        if (role === 'qm' || role === 'admin') expect(result.ok, role).toBe(true);
        else expect(result, role).toEqual(forbidden(command.name));
      }
    },
  );

  it('answer deterministically and leave only valid documents, for any input', () => {
    const id = fc.constantFrom('t1', 't9', 'ti1', 'ti9', 'n1', 'a/b');
    const text = fc.oneof(fc.string({ maxLength: 4 }), fc.constant('x'.repeat(10_001)));
    const q = fc.record(
      { text, no: text, chapters: fc.array(fc.record({ id: text })) },
      { requiredKeys: [] },
    );
    const args = fc.record(
      {
        templateId: id,
        id,
        question: q,
        Weight: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double()),
        changes: fc.record({ question: q, Weight: fc.integer() }, { requiredKeys: [] }),
        items: fc.array(fc.record({ id, question: q }), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    expectDeterministicAndValid(
      cases.map(([command]) => command),
      args,
      prepared,
      ['p-qm'],
    );
  });
});
