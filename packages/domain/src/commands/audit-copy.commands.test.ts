import fc from 'fast-check';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import { remapChapters, standardIdsOf } from '../audit/chapter-remap';
import { DEFAULT_STANDARDS } from '../config/default-standards';
import { createAuditCommand, protectAuditCommand, updateAuditCommand } from './audit.commands';
import { createAuditItemCommand } from './audit-item.commands';
import { createFindingCommand } from './finding.commands';
import { copyAuditItemsCommand, useTemplateCommand } from './audit-copy.commands';
import { createTemplateCommand } from './template.commands';
import { createTemplateItemCommand, updateTemplateItemCommand } from './template-item.commands';
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

const standard = (id: string) => {
  const { id: _id, ...data } = DEFAULT_STANDARDS.find((entry) => entry.id === id)!;
  return JSON.parse(JSON.stringify(data)) as JsonObject;
};

/**
 * Audit a1 (ISO 9001, lead LEAD, co CO), audit a0 (ISO 9001) with item i0 that has a finding,
 * template t1 (ISO 14001) with ti1 (chapters 4.1 of ISO 14001 and 6.1.2, which ISO 9001 lacks)
 * and ti2, and template t9 with ti9; the seeded standards.
 */
function prepared(): OpsState {
  const state = new OpsState({
    standards: { iso9001: standard('iso9001'), iso14001: standard('iso14001') },
  });
  for (const id of ['a0', 'a1']) {
    apply(
      createAuditCommand,
      {
        id,
        name: `Audit ${id}`,
        standard: 'iso9001',
        leadauditor: LEAD,
        coauditors: [CO],
        planning_year: 2024,
      },
      state,
    );
  }
  apply(
    createAuditItemCommand,
    {
      auditId: 'a0',
      id: 'i0',
      processes: ['Paint'],
      Weight: 3,
      question: {
        text: 'Earlier?',
        assignedAuditor: CO,
        auditDay: 'Day 1',
        chapters: [{ id: '5', standard: 'iso9001' }],
      },
    },
    state,
  );
  apply(
    createFindingCommand,
    { auditId: 'a0', itemId: 'i0', finding: { id: 'f1', importance: '3', text: 'Bad' } },
    state,
  );
  apply(createTemplateCommand, { id: 't1', name: 'Env template', standard: 'iso14001' }, state);
  apply(createTemplateCommand, { id: 't9', name: 'Other' }, state);
  apply(
    createTemplateItemCommand,
    {
      templateId: 't1',
      id: 'ti1',
      question: {
        text: 'Context?',
        category: 'Context',
        chapters: [
          { id: '4', standard: 'iso14001', description: 'Context of the organisation' },
          { id: '6.1.2', standard: 'iso14001', description: 'Environmental aspects' },
        ],
      },
    },
    state,
  );
  apply(
    createTemplateItemCommand,
    { templateId: 't1', id: 'ti2', question: { text: 'Second?' } },
    state,
  );
  apply(
    createTemplateItemCommand,
    { templateId: 't9', id: 'ti9', question: { text: 'Nine?' } },
    state,
  );
  return state;
}

const useArgs = (items: { id: string; templateItemId: string }[], extra: object = {}) => ({
  auditId: 'a1',
  templateId: 't1',
  items,
  standardIds: ['iso9001'],
  language: 'en',
  ...extra,
});

describe('remapChapters', () => {
  const targets = [
    {
      id: 'iso9001',
      chapters: [
        { id: '4', description: 'Context' },
        { id: '5', description: 'Leadership' },
      ],
    },
    {
      id: 'haccp',
      chapters: [
        { id: '5', description: 'HACCP five' },
        { id: 'P1', description: 'Principle' },
      ],
    },
  ];
  it('keeps a chapter its own standard has, else takes the first target that has it', () => {
    const result = remapChapters(
      [
        { id: '5', standard: 'haccp', description: 'x' },
        { id: '4', standard: 'iso14001', description: 'y' },
        { id: 'P1', standard: '', description: '' },
        { id: '4', standard: 'iso9001', description: 'repeat' },
      ],
      targets,
      'de',
    );
    expect(result).toEqual({
      chapters: [
        { id: '5', standard: 'haccp', description: 'HACCP five' },
        { id: '4', standard: 'iso9001', description: 'Context' },
        { id: 'P1', standard: 'haccp', description: 'Principle' },
      ],
      warnings: [],
    });
  });

  it('reports a chapter no target has as the CSV import does, kept with the generic description', () => {
    expect(
      remapChapters(
        [{ id: '6.1.2', standard: 'iso14001', description: 'Aspects' }],
        targets,
        'de',
        7,
      ),
    ).toEqual({
      chapters: [{ id: '6.1.2', standard: 'iso9001', description: 'Kapitel 6.1.2' }],
      warnings: [
        {
          key: 'import.auditItems.chapterUnmappable',
          row: 7,
          params: { row: 7, chapterId: '6.1.2' },
        },
      ],
    });
  });

  it('leaves the chapters alone when the audit names no standard', () => {
    const chapters = [{ id: '9', standard: 'x', description: 'd' }];
    expect(remapChapters(chapters, [], 'en')).toEqual({ chapters, warnings: [] });
  });

  it('reads the standard ids of an audit', () => {
    expect(standardIdsOf('iso9001')).toEqual(['iso9001']);
    expect(standardIdsOf(['a', 'b', 'a', ''])).toEqual(['a', 'b']);
    expect(standardIdsOf([])).toEqual([]);
    expect(standardIdsOf(null)).toEqual([]);
  });
});

describe('audit.useTemplate', () => {
  it('copies the chosen items in one command, chapters re-mapped, and records the template version', () => {
    const state = prepared();
    const version = state.get('templates', 't1')!.version;
    const result = apply(
      useTemplateCommand,
      useArgs([
        { id: 'n1', templateItemId: 'ti1' },
        { id: 'n2', templateItemId: 'ti2' },
      ]),
      state,
      ['auditor'],
      CO,
    );
    expect(state.get('audit_items', 'n1')).toEqual({
      id: 'n1',
      auditId: 'a1',
      processes: [],
      Weight: 1,
      auditItemState: null,
      deviations: {},
      question: {
        text: 'Context?',
        hint: '',
        description: '',
        category: 'Context',
        category_id: '',
        subcategory: '',
        no: '',
        importance: '',
        chapters: [
          { id: '4', standard: 'iso9001', description: 'Context of the organisation' },
          { id: '6.1.2', standard: 'iso9001', description: 'Chapter 6.1.2' },
        ],
      },
    });
    expect(state.get('audit_items', 'n2')).toMatchObject({
      auditId: 'a1',
      question: { text: 'Second?' },
    });
    expect(state.get('audits', 'a1')!.preparedFrom).toEqual({ templateId: 't1', version });
    expect(result).toMatchObject({
      activity: {
        verb: 'usedTemplate',
        object: 'Audit a1',
        objectUrl: '/audit/a1/auditpreparation',
      },
      message: {
        key: 'audit.templateUsed',
        params: { count: 2, template: 'Env template', unmappable: 1 },
      },
    });
  });

  it('records the version the template has then', () => {
    const state = prepared();
    apply(
      updateTemplateItemCommand,
      { templateId: 't1', id: 'ti2', changes: { Weight: 9 } },
      state,
    );
    const version = state.get('templates', 't1')!.version as number;
    apply(useTemplateCommand, useArgs([{ id: 'n1', templateItemId: 'ti2' }]), state);
    expect(state.get('audits', 'a1')!.preparedFrom).toEqual({ templateId: 't1', version });
    expect(state.get('audit_items', 'n1')).toMatchObject({ Weight: 9 });
    // audit.update leaves it alone and cannot set it.
    apply(
      updateAuditCommand,
      { id: 'a1', changes: { name: 'Renamed', preparedFrom: { auditId: 'a0' } } },
      state,
    );
    expect(state.get('audits', 'a1')!.preparedFrom).toEqual({ templateId: 't1', version });
  });

  it('copies 500 items in one command', () => {
    const state = prepared();
    const rows = Array.from({ length: 500 }, (_, index) => ({
      id: `n${index}`,
      templateItemId: index % 2 ? 'ti1' : 'ti2',
    }));
    const result = apply(useTemplateCommand, useArgs(rows), state);
    expect(result.ops.filter((op) => op.collection === 'audit_items')).toHaveLength(500);
    expect(state.ids('audit_items').filter((id) => id.startsWith('n'))).toHaveLength(500);
  });

  it('is all or nothing: an item of another template, a repeated or taken id refuse the whole copy', () => {
    const state = prepared();
    const result = run(
      useTemplateCommand,
      useArgs([
        { id: 'n1', templateItemId: 'ti1' },
        { id: 'n2', templateItemId: 'ti9' },
        { id: 'n1', templateItemId: 'ti2' },
        { id: 'i0', templateItemId: 'ti2' },
        { id: 'n3', templateItemId: 'gone' },
      ]),
      state,
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        issues: [
          { key: 'templateItem.notFound', params: { id: 'ti9', row: 2 } },
          { key: 'auditItem.duplicateId', params: { id: 'n1', row: 3 } },
          { key: 'auditItem.idTaken', params: { id: 'i0', row: 4 } },
          { key: 'templateItem.notFound', params: { id: 'gone', row: 5 } },
        ],
      },
    });
  });

  it('refuses a copy onto changed standards, a missing audit or template', () => {
    const state = prepared();
    const rows = [{ id: 'n1', templateItemId: 'ti1' }];
    expect(
      run(useTemplateCommand, useArgs(rows, { standardIds: ['iso14001'] }), state),
    ).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: { key: 'audit.standardChanged', params: { id: 'a1' } } },
    });
    expect(run(useTemplateCommand, useArgs(rows, { auditId: 'ax' }), state)).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: { key: 'audit.noAuditActive' } },
    });
    expect(run(useTemplateCommand, useArgs(rows, { templateId: 'tx' }), state)).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: { key: 'template.notFound' } },
    });
    expect(run(useTemplateCommand, useArgs([]), state)).toMatchObject({
      ok: false,
      error: { code: 'invalid_args' },
    });
    const tooMany = Array.from({ length: 1001 }, (_, index) => ({
      id: `n${index}`,
      templateItemId: 'ti1',
    }));
    expect(run(useTemplateCommand, useArgs(tooMany), state)).toMatchObject({
      ok: false,
      error: { code: 'invalid_args' },
    });
  });

  it('is adding items to the audit: its team, qm and admin; protection respected', () => {
    const rows = [{ id: 'n1', templateItemId: 'ti1' }];
    const cases: [string[], string, boolean][] = [
      [['qm'], 'p-qm', true],
      [['admin'], 'p-admin', true],
      [['auditor'], LEAD, true],
      [['auditor'], CO, true],
      [['auditor'], OUTSIDER, false],
      [['user'], CO, false],
      [['measure-dispatcher'], 'p-d', false],
    ];
    for (const [roles, person, allowed] of cases) {
      const result = run(useTemplateCommand, useArgs(rows), prepared(), roles, person);
      expect(result.ok, `${roles.join()} ${person}`).toBe(allowed);
      if (!allowed) expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    const state = prepared();
    apply(protectAuditCommand, { id: 'a1' }, state);
    expect(run(useTemplateCommand, useArgs(rows), state, ['auditor'], CO)).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: { key: 'permission.auditProtected' } },
    });
    expect(run(useTemplateCommand, useArgs(rows), state, ['auditor'], LEAD).ok).toBe(true);
  });
});

describe('audit.copyItems', () => {
  const copyArgs = (items: { id: string; sourceItemId: string }[], extra: object = {}) => ({
    auditId: 'a1',
    sourceAuditId: 'a0',
    items,
    standardIds: ['iso9001'],
    ...extra,
  });

  it('copies the questions fresh: no findings, state, measures, assigned auditor or day', () => {
    const state = prepared();
    const result = apply(
      copyAuditItemsCommand,
      copyArgs([{ id: 'n1', sourceItemId: 'i0' }]),
      state,
      ['auditor'],
      LEAD,
    );
    expect(state.get('audit_items', 'n1')).toEqual({
      id: 'n1',
      auditId: 'a1',
      processes: ['Paint'],
      Weight: 3,
      auditItemState: null,
      deviations: {},
      question: {
        text: 'Earlier?',
        hint: '',
        description: '',
        category: '',
        category_id: '',
        subcategory: '',
        no: '',
        importance: '',
        chapters: [{ id: '5', standard: 'iso9001', description: 'Leadership' }],
      },
    });
    expect(state.get('audit_items', 'i0')!.deviations).toHaveProperty('f1');
    expect(state.get('audits', 'a1')!.preparedFrom).toEqual({ auditId: 'a0' });
    expect(result).toMatchObject({
      activity: { verb: 'copiedAuditItems', object: 'Audit a1' },
      message: { key: 'audit.itemsCopied', params: { count: 1, unmappable: 0 } },
    });
  });

  it('refuses items of another audit, a copy from itself, and outsiders', () => {
    const state = prepared();
    apply(createAuditItemCommand, { auditId: 'a1', id: 'i1', question: { text: 'Mine' } }, state);
    expect(
      run(copyAuditItemsCommand, copyArgs([{ id: 'n1', sourceItemId: 'i1' }]), state),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'rule',
        issues: [{ key: 'auditItem.notFound', params: { id: 'i1', row: 1 } }],
      },
    });
    expect(
      run(
        copyAuditItemsCommand,
        copyArgs([{ id: 'n1', sourceItemId: 'i0' }], { sourceAuditId: 'a1' }),
        state,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { key: 'audit.copyFromItself' } },
    });
    expect(
      run(
        copyAuditItemsCommand,
        copyArgs([{ id: 'n1', sourceItemId: 'i0' }]),
        state,
        ['auditor'],
        OUTSIDER,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });
});

describe('copy commands, any input', () => {
  it('answer deterministically and leave only valid documents', () => {
    const id = fc.constantFrom('a0', 'a1', 't1', 't9', 'ti1', 'ti9', 'i0', 'n1', 'a/b');
    const args = fc.record(
      {
        auditId: id,
        templateId: id,
        sourceAuditId: id,
        standardIds: fc.array(fc.constantFrom('iso9001', 'iso14001', 'x y', 'a/b'), {
          maxLength: 2,
        }),
        language: fc.constantFrom('de', 'en', 'fr'),
        items: fc.array(fc.record({ id, templateItemId: id, sourceItemId: id }), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    expectDeterministicAndValid(
      [useTemplateCommand, copyAuditItemsCommand] as CommandDefinition[],
      args,
      prepared,
      [LEAD, CO, OUTSIDER, 'p-qm'],
    );
  });
});
