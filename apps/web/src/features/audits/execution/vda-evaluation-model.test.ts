import { VDA63_2016 } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import {
  createVdaItemCache,
  createVdaRowCache,
  evaluateArgs,
  isVdaAuditData,
  selectedStep,
  vdaElementOfCategory,
  vdaItemOf,
  vdaRowModel,
  vdaSetupOf,
  vdaTapAction,
  type VdaRowContext,
} from './vda-evaluation-model';

const doc = (id: string, data: JsonObject): ViewDocument => ({
  collection: 'audit_items',
  id,
  data: { id, auditId: 'a1', deviations: {}, auditItemState: null, ...data },
  state: 'sync',
});

const question = (no: string, extra: JsonObject = {}): JsonObject => ({
  no,
  text: `Question ${no}`,
  category_id: no.split('.')[0]!,
  ...extra,
});

const setup = vdaSetupOf({
  vda: {
    processSteps: [
      { id: 's1', name: 'Stanzen' },
      { id: 's2', name: 'Montage' },
    ],
    productProcessSplit: true,
  },
});
const context: VdaRowContext = {
  setup,
  rules: VDA63_2016,
  nonDocumentingTypes: new Set(['ok', 'na']),
};

describe('VDA evaluation model', () => {
  it('knows a VDA audit and its set-up', () => {
    expect(isVdaAuditData({ reportSchema: { calcSchema: 'vda63' } })).toBe(true);
    expect(isVdaAuditData({ reportSchema: { calcSchema: 'deviation' } })).toBe(false);
    expect(isVdaAuditData(undefined)).toBe(false);
    expect(setup?.processSteps.map((step) => step.name)).toEqual(['Stanzen', 'Montage']);
    expect(vdaSetupOf({})).toBeNull();
    expect(selectedStep(setup, 's2')).toBe('s2');
    expect(selectedStep(setup, 'gone')).toBe('s1');
    expect(selectedStep(null, 's2')).toBeNull();
    expect(vdaElementOfCategory('6', VDA63_2016)).toBe('P6');
    expect(vdaElementOfCategory('9', VDA63_2016)).toBeNull();
  });

  it('gives P6 a key per process step and P3 / P4 product and process', () => {
    const p6 = vdaRowModel(
      vdaItemOf(
        doc('i6', {
          question: question('6.2.3', { specialRisk: true }),
          vda: { s2: { points: 8 } },
        }),
      )!,
      context,
    );
    expect(p6).toMatchObject({ element: 'P6', perStep: true, specialRisk: true, no: '6.2.3' });
    expect(p6.keys).toEqual([
      { key: 's1', kind: 'step', stepName: 'Stanzen', evaluation: null },
      { key: 's2', kind: 'step', stepName: 'Montage', evaluation: { points: 8, reason: '' } },
    ]);
    const p3 = vdaRowModel(vdaItemOf(doc('i3', { question: question('3.1') }))!, context);
    expect(p3.keys.map((key) => [key.key, key.kind])).toEqual([
      ['product', 'product'],
      ['process', 'process'],
    ]);
    const p5 = vdaRowModel(vdaItemOf(doc('i5', { question: question('5.1') }))!, context);
    expect(p5.keys.map((key) => [key.key, key.kind])).toEqual([['all', 'all']]);
  });

  it('reads a document the schema refuses with what grading needs', () => {
    const item = vdaItemOf(
      doc('old', {
        question: { no: '5.4', text: 'Old', category_id: '5', importance: 7 },
        deviations: { f1: { importance: '1', media: 'broken' } },
        vda: { all: { points: 6 } },
      }),
    );
    expect(item?.question.no).toBe('5.4');
    expect(item?.vda).toEqual({ all: { points: 6, reason: '' } });
    expect(vdaRowModel(item!, context).documented).toBe(true);
  });

  it('decides what a tap does', () => {
    const model = vdaRowModel(
      vdaItemOf(
        doc('i5', {
          question: question('5.1'),
          deviations: { f1: { id: 'f1', importance: 'ok' } },
          vda: { all: { points: 10 } },
        }),
      )!,
      context,
    );
    // A conforming finding documents nothing.
    expect(model.documented).toBe(false);
    expect(vdaTapAction(model, 'all', 10, 10)).toEqual({ kind: 'clear' });
    expect(vdaTapAction(model, 'all', 8, 10)).toEqual({ kind: 'findingFirst', points: 8 });
    expect(vdaTapAction(model, 'all', 'ne', 10)).toEqual({ kind: 'reason' });
    expect(vdaTapAction({ ...model, documented: true }, 'all', 4, 10)).toEqual({
      kind: 'evaluate',
      points: 4,
    });
    const notEvaluated = {
      ...model,
      keys: [{ ...model.keys[0]!, evaluation: { points: null, reason: 'No series' } }],
    };
    expect(vdaTapAction(notEvaluated, 'all', 'ne', 10)).toEqual({ kind: 'clear' });
    expect(vdaTapAction(notEvaluated, 'all', 10, 10)).toEqual({ kind: 'evaluate', points: 10 });
    expect(evaluateArgs('a1', 'i5', 'all', null)).toEqual({
      auditId: 'a1',
      itemId: 'i5',
      key: 'all',
      evaluation: null,
    });
    expect(evaluateArgs('a1', 'i5', 'all', { points: null, reason: 'x' })).toEqual({
      auditId: 'a1',
      itemId: 'i5',
      key: 'all',
      evaluation: { points: null, reason: 'x' },
    });
  });

  it('keeps the items and row models of unchanged documents', () => {
    const toItems = createVdaItemCache();
    const toModels = createVdaRowCache();
    const docs = [
      doc('a', { question: question('5.1') }),
      doc('b', { question: question('6.1.1') }),
    ];
    const items = toItems(docs);
    expect(toItems([...docs])).toBe(items);
    const models = toModels(items, context);
    const changed = [
      docs[0]!,
      doc('b', { question: question('6.1.1'), vda: { s1: { points: 10 } } }),
    ];
    const next = toItems(changed);
    expect(next).not.toBe(items);
    expect(next[0]).toBe(items[0]);
    const nextModels = toModels(next, context);
    expect(nextModels.get('a')).toBe(models.get('a'));
    expect(nextModels.get('b')).not.toBe(models.get('b'));
    expect(nextModels.get('b')?.keys[0]?.evaluation).toEqual({ points: 10, reason: '' });
  });
});
