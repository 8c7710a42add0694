import { DEFAULT_IMPORTANCES, type ImportedAuditItem } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import { readField } from '../../../components/list/list-fields';
import { sortItems } from '../../../components/list/list-sorting';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { decodeCsvBytes, importBatches, importItems, type ImportItem } from './audit-item-import';
import { questionFieldOf, questionFormOf, updateArgs } from './audit-question-form';
import { preparationAccess } from './preparation-access';
import {
  createRowCache,
  NO_CATEGORY,
  nextQuestionNumber,
  preparationComparators,
  preparationFields,
  toPreparationRow,
} from './preparation-rows';

const doc = (
  id: string,
  data: JsonObject,
  state: ViewDocument['state'] = 'sync',
): ViewDocument => ({
  collection: 'audit_items',
  id,
  data,
  state,
});

describe('preparation rows', () => {
  it('reads a document leniently, with findings and state', () => {
    const row = toPreparationRow(
      doc('i1', {
        question: { text: 'Q', no: 4, chapters: [{ id: '4.1' }, { description: 'no id' }] },
        auditItemState: 'completed',
        deviations: { f1: { importance: 'ok' }, f2: {} },
        processes: ['Einkauf', 3],
      }),
    );
    expect(row.question.no).toBe('4');
    expect(row.question.chapters).toEqual([{ id: '4.1', standard: '', description: '' }]);
    expect(row.itemState).toBe('completed');
    expect(row.findingTypes).toEqual(['ok']);
    expect(row.processes).toEqual(['Einkauf']);
    expect(row.question.assignedAuditor).toBeNull();
  });

  it('keeps the row of an unchanged document (a thousand items, one changed)', () => {
    const toRows = createRowCache();
    const datas = Array.from({ length: 1000 }, (_, index) => ({
      question: { text: `Q${index}`, no: String(index + 1) },
    }));
    const first = toRows(datas.map((data, index) => doc(`i${index}`, data)));
    const changed = datas.map((data, index) =>
      index === 500 ? doc(`i${index}`, { ...data }) : doc(`i${index}`, data),
    );
    const second = toRows(changed);
    expect(second.filter((row, index) => row !== first[index])).toHaveLength(1);
    expect(second[500]).not.toBe(first[500]);
    expect(toRows(changed.slice(0, 1))[0]).toBe(second[0]);
  });

  it('reads "answered" as the progress does: a VDA evaluation answers, a finding alone not', () => {
    const vda = { setup: null, edition: '2016' };
    const evaluated = toPreparationRow(
      doc('e', {
        question: { text: 'e', no: '2.1', category_id: '2' },
        vda: { all: { points: 10, reason: '' } },
      }),
    );
    const found = toPreparationRow(
      doc('f', {
        question: { text: 'f', no: '2.2', category_id: '2' },
        deviations: { f: { importance: '3' } },
      }),
    );
    const vdaFields = preparationFields([], vda);
    expect(readField(evaluated, 'answered', vdaFields)).toBe(true);
    expect(readField(found, 'answered', vdaFields)).toBe(false);
    const fields = preparationFields([]);
    expect(readField(found, 'answered', fields)).toBe(true);
    expect(readField(evaluated, 'answered', fields)).toBe(false);
  });

  it('computes the fields of the audititems list and sorts importance by value', () => {
    const fields = preparationFields([
      {
        id: '0',
        value: 0,
        text: '',
        short: '',
        description: '',
        placeholder_text: '',
        is_no_deviation: false,
        is_not_applicable: false,
        auditItemState: null,
      },
      {
        id: '9',
        value: 9,
        text: '',
        short: '',
        description: '',
        placeholder_text: '',
        is_no_deviation: false,
        is_not_applicable: false,
        auditItemState: null,
      },
    ]);
    const rows = [
      toPreparationRow(
        doc('a', {
          question: { text: 'a', importance: '9' },
          deviations: { f: { importance: '0' }, g: { importance: '9' } },
        }),
      ),
      toPreparationRow(doc('b', { question: { text: 'b', category_id: '2' } })),
      toPreparationRow(doc('c', { question: { text: 'c', importance: '1' } })),
    ];
    expect(readField(rows[0]!, 'finding', fields)).toBe(9);
    expect(readField(rows[1]!, 'finding', fields)).toBeNull();
    expect(readField(rows[0]!, 'answered', fields)).toBe(true);
    expect(readField(rows[0]!, 'question.category_id', fields)).toBe(NO_CATEGORY);
    expect(readField(rows[1]!, 'question.importance', fields)).toBe('nd');
    const comparators = preparationComparators(DEFAULT_IMPORTANCES);
    const byImportance = sortItems(
      rows,
      (row) => readField(row, 'question.importance', fields),
      'desc',
      comparators['question.importance'],
    );
    expect(byImportance.map((row) => row.id)).toEqual(['a', 'c', 'b']);
    const byCategory = sortItems(
      rows,
      (row) => readField(row, 'question.category_id', fields),
      'asc',
      comparators['question.category_id'],
    );
    expect(byCategory.map((row) => row.id)).toEqual(['b', 'a', 'c']);
  });

  it('numbers a new question after the highest leading number', () => {
    const rows = ['2.1a', '10', '', 'x'].map((no, index) =>
      toPreparationRow(doc(`i${index}`, { question: { text: 't', no } })),
    );
    expect(nextQuestionNumber(rows)).toBe('11');
    expect(nextQuestionNumber([])).toBe('1');
  });
});

describe('question form', () => {
  const row = toPreparationRow(
    doc('i1', {
      question: { text: 'Q', no: '1', category_id: '2', category: 'Projektsteuerung' },
      processes: ['Einkauf'],
    }),
  );

  it('sends only what changed and keeps the stored category name', () => {
    const form = questionFormOf(row);
    expect(updateArgs('a1', row, form, 'Project control')).toBeNull();
    expect(updateArgs('a1', row, { ...form, processes: [] }, 'Project control')).toEqual({
      auditId: 'a1',
      id: 'i1',
      changes: { processes: [] },
    });
    expect(updateArgs('a1', row, { ...form, category_id: '3' }, 'Planning')).toEqual({
      auditId: 'a1',
      id: 'i1',
      changes: { question: { category_id: '3', category: 'Planning' } },
    });
    expect(updateArgs('a1', row, { ...form, auditDay: '2026-05-04' }, '')).toEqual({
      auditId: 'a1',
      id: 'i1',
      changes: { question: { auditDay: '2026-05-04' } },
    });
  });

  it('finds the dialog field of a command issue', () => {
    const at = (field: string) => questionFieldOf({ key: 'x', params: { field } });
    expect(at('question.text')).toBe('text');
    expect(at('changes.question.hint')).toBe('hint');
    expect(at('processes')).toBe('processes');
    expect(at('question.category')).toBe('category_id');
    expect(at('id')).toBeNull();
    expect(questionFieldOf({ key: 'x' })).toBeNull();
  });
});

describe('item import', () => {
  const record = (text: string, importance = ''): ImportedAuditItem => ({
    question: {
      text,
      hint: '',
      description: '',
      category: '',
      category_id: '',
      subcategory: '',
      no: '1',
      importance,
      chapters: [],
    },
    Weight: 1,
  });

  it('gives the chosen importance to questions without one', () => {
    let next = 0;
    const items = importItems([record('a', '9'), record('b')], '1', () => `id${++next}`);
    expect(items.map((item) => [item.id, item.question.importance])).toEqual([
      ['id1', '9'],
      ['id2', '1'],
    ]);
  });

  it('cuts the items into batches that fit one command', () => {
    const items: ImportItem[] = Array.from({ length: 10 }, (_, index) => ({
      id: `i${index}`,
      question: { text: 'x'.repeat(80) },
      Weight: 1,
    }));
    const bySize = importBatches(items, 400);
    expect(bySize.flat()).toEqual(items);
    expect(bySize.every((batch) => JSON.stringify(batch).length <= 400)).toBe(true);
    expect(importBatches(items, 1_000_000, 4).map((batch) => batch.length)).toEqual([4, 4, 2]);
    expect(importBatches([])).toEqual([]);
  });

  it('reads UTF-8 and falls back to Windows-1252', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('\uFEFFtext\nPrüfung'))).toBe('text\nPrüfung');
    expect(decodeCsvBytes(new Uint8Array([0x50, 0x72, 0xfc, 0x66, 0x80]))).toBe('Prüf€');
  });
});

describe('preparation access', () => {
  const audit: JsonObject = { leadauditor: 'lead', coauditors: ['co'], auditor: ['aud'] };

  it('follows the domain rule for team, protection and roles', () => {
    expect(preparationAccess(audit, { id: 'aud', roles: ['auditor'] })).toMatchObject({
      create: true,
      import: true,
      readOnlyReason: null,
    });
    expect(
      preparationAccess({ ...audit, protected: true }, { id: 'co', roles: ['auditor'] }),
    ).toMatchObject({ create: false, update: false, readOnlyReason: 'protected' });
    expect(
      preparationAccess({ ...audit, protected: true }, { id: 'x', roles: ['qm'] }),
    ).toMatchObject({ create: true, readOnlyReason: null });
    expect(preparationAccess(audit, { id: 'x', roles: ['user'] }).readOnlyReason).toBe('notInTeam');
    expect(preparationAccess(audit, null).readOnlyReason).toBe('notInTeam');
  });
});
