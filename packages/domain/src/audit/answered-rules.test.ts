import { describe, expect, it } from 'vitest';
import {
  answerProgress,
  compareQuestionNumbers,
  isAuditItemAnswered,
  unansweredItems,
  type AnswerableItem,
  type VdaAnswerContext,
} from './answered-rules';

const item = (
  no: string,
  parts: Partial<Omit<AnswerableItem, 'question'>> & { category?: string } = {},
) => ({
  question: { no, text: `Question ${no}`, category_id: parts.category ?? '' },
  auditItemState: parts.auditItemState ?? null,
  deviations: parts.deviations ?? {},
  ...(parts.vda ? { vda: parts.vda } : {}),
});

const finding = { f1: { id: 'f1', importance: '3' } };
const ten = { points: 10, reason: '' };
const vda: VdaAnswerContext = { setup: null, edition: '2016' };
const withSteps: VdaAnswerContext = {
  setup: {
    processSteps: [
      { id: 's1', name: 'Stanzen' },
      { id: 's2', name: 'Lackieren' },
    ],
    productProcessSplit: false,
  },
  edition: '2016',
};

describe('isAuditItemAnswered', () => {
  it('a finding answers an ordinary question', () => {
    expect(isAuditItemAnswered(item('1', { deviations: finding }))).toBe(true);
  });

  it('a one-touch answer ("conforming": state completed) answers it', () => {
    expect(isAuditItemAnswered(item('1', { auditItemState: 'completed' }))).toBe(true);
  });

  it('a question made not applicable (deactivated) is answered, in any audit', () => {
    expect(isAuditItemAnswered(item('1', { auditItemState: 'deactivated' }))).toBe(true);
    const p6 = item('6.1.1', { category: '6', auditItemState: 'deactivated' });
    expect(isAuditItemAnswered(p6, withSteps)).toBe(true);
  });

  it('nothing recorded: not answered', () => {
    expect(isAuditItemAnswered(item('1'))).toBe(false);
    expect(isAuditItemAnswered(item('2.1', { category: '2' }), vda)).toBe(false);
  });

  it('a VDA evaluation answers without a finding; n.e. with its reason is an evaluation', () => {
    expect(isAuditItemAnswered(item('2.1', { category: '2', vda: { all: ten } }), vda)).toBe(true);
    const ne = { all: { points: null, reason: 'Kein Zugang' } };
    expect(isAuditItemAnswered(item('7.5', { category: '7', vda: ne }), vda)).toBe(true);
  });

  it('in a VDA audit a finding or "conforming" alone leaves the question unanswered', () => {
    expect(isAuditItemAnswered(item('2.1', { category: '2', deviations: finding }), vda)).toBe(
      false,
    );
    expect(
      isAuditItemAnswered(item('2.1', { category: '2', auditItemState: 'completed' }), vda),
    ).toBe(false);
  });

  it('a P6 question with process steps needs every step; one missing is not answered', () => {
    const one = item('6.1.1', { category: '6', vda: { s1: ten } });
    expect(isAuditItemAnswered(one, withSteps)).toBe(false);
    const both = item('6.1.1', { category: '6', vda: { s1: ten, s2: ten } });
    expect(isAuditItemAnswered(both, withSteps)).toBe(true);
    // An evaluation under a step no longer listed does not stand in for a listed one.
    const stale = item('6.1.1', { category: '6', vda: { s1: ten, gone: ten } });
    expect(isAuditItemAnswered(stale, withSteps)).toBe(false);
  });

  it('P3 evaluated for product and process needs both', () => {
    const split = { ...withSteps, setup: { processSteps: [], productProcessSplit: true } };
    expect(isAuditItemAnswered(item('3.1', { category: '3', vda: { product: ten } }), split)).toBe(
      false,
    );
    const both = item('3.1', { category: '3', vda: { product: ten, process: ten } });
    expect(isAuditItemAnswered(both, split)).toBe(true);
  });
});

describe('answerProgress', () => {
  it('counts the answered questions among all, in whole percent', () => {
    const items = [
      item('1', { deviations: finding }),
      item('2', { auditItemState: 'completed' }),
      item('3', { auditItemState: 'deactivated' }),
      item('4'),
      item('5'),
      item('6'),
    ];
    expect(answerProgress(items)).toEqual({ answered: 3, total: 6, percent: 50 });
    expect(answerProgress([])).toEqual({ answered: 0, total: 0, percent: 0 });
  });
});

describe('unansweredItems', () => {
  it('lists what is missing by question number, numerically', () => {
    const items = ['10', '6.1.10', '2', '6.1.2', '1', '6.1.1'].map((no) => item(no));
    items.push(item('3', { deviations: finding }));
    expect(unansweredItems(items).map((entry) => entry.question.no)).toEqual([
      '1',
      '2',
      '6.1.1',
      '6.1.2',
      '6.1.10',
      '10',
    ]);
  });

  it('compares question numbers as people read them', () => {
    expect(compareQuestionNumbers('2', '10')).toBeLessThan(0);
    expect(compareQuestionNumbers('6.1.2', '6.1.10')).toBeLessThan(0);
    expect(compareQuestionNumbers('6.10', '6.9')).toBeGreaterThan(0);
  });
});
