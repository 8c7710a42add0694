import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import type { ViewDocument } from '../../lib/sync/sync-types';
import { auditAnswers, auditProgress, vdaAnswerContextOf } from './answer-items';

const doc = (id: string, no: string, extra: JsonObject = {}): ViewDocument =>
  ({
    collection: 'audititems',
    id,
    state: 'sync',
    data: {
      auditId: 'a1',
      question: { text: `Frage ${no}`, no, category_id: no.split('.')[0]! },
      ...extra,
    },
  }) as ViewDocument;

const ten = { points: 10, reason: '', by: 'p1', at: '2026-11-27T08:00:00Z' };
const vdaAudit: JsonObject = {
  reportSchema: { calcSchema: 'vda63' },
  vdaEdition: '2016',
  vda: {
    processSteps: [
      { id: 's1', name: 'Stanzen' },
      { id: 's2', name: 'Montage' },
    ],
  },
};

describe("the audit's answers", () => {
  it('counts findings, one-touch answers and not applicable, in preparation too', () => {
    const documents = [
      doc('a', '1', { deviations: { f: { importance: '3' } } }),
      doc('b', '2', { auditItemState: 'completed', deviations: { f: { importance: 'ok' } } }),
      doc('c', '3', { auditItemState: 'deactivated', deactivated: true }),
      doc('d', '4'),
    ];
    expect(auditProgress(documents, {})).toEqual({ answered: 3, total: 4, percent: 75 });
  });

  it('a VDA audit evaluated throughout is done without a finding (it was 9 %)', () => {
    const documents = [
      doc('p2', '2.1', { vda: { all: ten } }),
      doc('p6', '6.1.1', { vda: { s1: ten, s2: ten } }),
      doc('p7', '7.5', { vda: { all: { points: null, reason: 'Kein Zugang' } } }),
    ];
    expect(auditAnswers(documents, vdaAudit)).toEqual({
      progress: { answered: 3, total: 3, percent: 100 },
      unanswered: [],
    });
  });

  it('a P6 question missing one process step is still open; a finding alone answers no VDA question', () => {
    const documents = [
      doc('p6', '6.1.1', { vda: { s1: ten } }),
      doc('p2', '2.1', { deviations: { f: { importance: '3' } } }),
      doc('p3', '3.1', { vda: { all: ten } }),
    ];
    const answers = auditAnswers(documents, vdaAudit);
    expect(answers.progress).toEqual({ answered: 1, total: 3, percent: 33 });
    expect(answers.unanswered.map((item) => item.question.no)).toEqual(['2.1', '6.1.1']);
  });

  it('lists what is missing by question number, numerically', () => {
    const numbers = ['6.1.10', '10', '6.1.2', '2', '1'];
    const answers = auditAnswers(
      numbers.map((no) => doc(`i${no}`, no)),
      {},
    );
    expect(answers.unanswered.map((item) => item.question.no)).toEqual([
      '1',
      '2',
      '6.1.2',
      '6.1.10',
      '10',
    ]);
  });

  it('reads a VDA context only from a VDA audit', () => {
    expect(vdaAnswerContextOf({ reportSchema: { calcSchema: 'deviation' } })).toBeNull();
    expect(vdaAnswerContextOf(vdaAudit)).toMatchObject({
      edition: '2016',
      setup: { processSteps: [{ id: 's1' }, { id: 's2' }] },
    });
  });
});
