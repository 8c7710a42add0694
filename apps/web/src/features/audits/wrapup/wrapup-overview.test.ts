import { DEFAULT_FINDING_CONFIG } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { auditAnswers } from '../answer-items';
import { toExecutionRow } from '../execution/execution-rows';
import { wrapUpOverview } from './wrapup-overview';

const doc = (id: string, deviations: JsonObject = {}) =>
  ({
    collection: 'audititems',
    id,
    state: 'sync',
    data: { auditId: 'a1', question: { text: `Question ${id}`, no: id }, deviations },
  }) as ViewDocument;

describe('the wrap-up overview', () => {
  it('counts answered questions, findings by configured type, photos, and lists the open ones', () => {
    const types = DEFAULT_FINDING_CONFIG.types;
    const [first, second] = types;
    const documents = [
      doc('10'),
      doc('1', {
        f1: { importance: second!.id, media: { m1: {}, m2: {} } },
        f2: { importance: first!.id },
        f3: { importance: 'retired-type' },
      }),
      doc('2'),
      doc('3', { f4: { importance: second!.id, media: { m3: {} } } }),
    ];
    const rows = documents.map(toExecutionRow);
    const overview = wrapUpOverview(rows, types, auditAnswers(documents, {}));
    expect(overview.progress).toEqual({ answered: 2, total: 4, percent: 50 });
    // By number, as the execution tab lists them: "2" before "10", whatever the stored order.
    expect(overview.unanswered.map((row) => row.id)).toEqual(['2', '10']);
    expect(overview.findings).toBe(4);
    expect(overview.media).toBe(3);
    expect(overview.byType).toEqual([
      { id: first!.id, count: 1 },
      { id: second!.id, count: 2 },
      { id: 'retired-type', count: 1 },
    ]);
  });

  it('is empty for an audit without questions', () => {
    expect(wrapUpOverview([], DEFAULT_FINDING_CONFIG.types, auditAnswers([], {}))).toEqual({
      progress: { answered: 0, total: 0, percent: 0 },
      unanswered: [],
      findings: 0,
      byType: [],
      media: 0,
    });
  });
});
