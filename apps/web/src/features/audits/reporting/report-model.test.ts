import { DEFAULT_FINDING_TYPES, DEFAULT_IMPORTANCES, DEFAULT_QK_TABLE } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { auditProgress } from '../answer-items';
import { reportModel, reportSchemaOf } from './report-model';

const config = {
  findingTypes: DEFAULT_FINDING_TYPES,
  importances: DEFAULT_IMPORTANCES,
  qkTable: DEFAULT_QK_TABLE,
};

function item(id: string, findings: string[], extra: JsonObject = {}): ViewDocument {
  return {
    collection: 'audititems',
    id,
    state: 'sync',
    data: {
      auditId: 'a1',
      question: { text: `Frage ${id}`, importance: '3', category: 'K' },
      deviations: Object.fromEntries(
        findings.map((type, n) => [`${id}-${n}`, { id: `${id}-${n}`, importance: type }]),
      ),
      ...extra,
    },
  } as ViewDocument;
}

describe('the report model', () => {
  it('scores under the audit report schema, counts findings by configured type first', () => {
    const documents = [item('i1', ['9', 'ok']), item('i2', ['3']), item('i3', [])];
    const model = reportModel(documents, { reportSchema: { calcSchema: 'deviation' } }, config);
    // Weight 3 each: (3*9 + 3*3) of worst 2*3*9 = 54 -> (36 - 54) / (0 - 54) = 33 %.
    expect(model.explanation.total).toMatchObject({ current: 36, worst: 54, percent: 33 });
    expect(model.byType.map((entry) => entry.id)).toEqual(['3', '9', 'ok']);
    expect(model.findings).toBe(3);
    expect(model.qk).toBeNull();
    expect(model.unreadable).toBe(0);
  });

  it('adds the quality number for a QK report and leaves unreadable items out, counted', () => {
    const broken = {
      collection: 'audititems',
      id: 'bad',
      state: 'sync',
      data: { question: 'no object' },
    } as ViewDocument;
    const model = reportModel(
      [item('i1', ['9']), item('i2', ['3']), broken],
      { reportSchema: { calcSchema: 'deviation', customResult: 'qk' } },
      config,
    );
    expect(model.unreadable).toBe(1);
    expect(model.qk).toMatchObject({ worstClass: 'A', base: 10, score: 1.4 });
  });

  it('counts a VDA audit evaluated throughout as answered, as the execution tab does', () => {
    const audit = { reportSchema: { calcSchema: 'vda63' }, vdaEdition: '2016' };
    const evaluated = (id: string, no: string) =>
      item(id, [], {
        question: { text: `Frage ${no}`, no, category_id: no.split('.')[0]! },
        vda: { all: { points: 10, reason: '' } },
      });
    const documents = [
      evaluated('i1', '2.1'),
      evaluated('i2', '7.5'),
      item('i3', [], { auditItemState: 'deactivated' }),
    ];
    const model = reportModel(documents, audit, config);
    expect(model.explanation.total).toMatchObject({ answeredItems: 3, progress: 100 });
    expect(auditProgress(documents, audit)).toEqual({ answered: 3, total: 3, percent: 100 });
  });

  it('reads a missing or odd report schema as none', () => {
    expect(reportSchemaOf(undefined)).toEqual({ calcSchema: null, customResult: null });
    expect(reportSchemaOf({ reportSchema: 'qk' })).toEqual({
      calcSchema: null,
      customResult: null,
    });
  });
});
