import { describe, expect, it } from 'vitest';
import { auditItemSchema } from '../audit/audit-item.schema';
import { DEFAULT_MEASURE_WORKFLOW } from '../workflow/default-workflows';
import { readWorkflow } from '../workflow/workflow';
import { lastVdaAuditOf, vdaFollowUps } from './vda-follow-up';

const VDA = { calcSchema: 'vda63', customResult: null };
const scope = [{ plant: 'Munich', productline: 'TGX' }];

const item = (id: string, auditId: string, no: string, text = `Question ${no}`) =>
  auditItemSchema.parse({ id, auditId, question: { text, no } });

describe('the last VDA audit of a supplier', () => {
  const current = { id: 'a3', scope, planning_year: 2026, reportSchema: VDA };
  it('is the newest earlier VDA audit of the same scope', () => {
    const audits = [
      { id: 'a1', scope, planning_year: 2024, reportSchema: VDA },
      { id: 'a2', scope, planning_year: 2025, reportSchema: VDA },
      // Not VDA, another scope, later: none of them.
      { id: 'x1', scope, planning_year: 2025, reportSchema: { calcSchema: 'deviation' } },
      { id: 'x2', scope: [{ plant: 'Styr' }], planning_year: 2025, reportSchema: VDA },
      { id: 'x3', scope, planning_year: 2027, reportSchema: VDA },
      current,
    ];
    expect(lastVdaAuditOf(current, audits)?.id).toBe('a2');
    expect(lastVdaAuditOf(current, [current])).toBeNull();
  });
});

describe('follow-up of the last audit', () => {
  const { workflow } = readWorkflow(DEFAULT_MEASURE_WORKFLOW, 'measure');
  const earlierItems = [
    item('e1', 'a2', '5.1'),
    item('e2', 'a2', '6.2.3'),
    item('e3', 'a2', '7.9'),
  ];
  const currentItems = [item('c1', 'a3', '5.1'), item('c2', 'a3', '6.2.3')];
  const measure = (id: string, itemId: string, status: string, auditId = 'a2') => ({
    id,
    audit_id: auditId,
    audititem_id: itemId,
    status,
  });

  it('lists the measures not yet effective beside the question they came from', () => {
    const result = vdaFollowUps({
      earlierAuditId: 'a2',
      earlierItems,
      currentItems,
      workflow,
      measures: [
        measure('m1', 'e1', '1'),
        measure('m2', 'e1', '6'), // effective: done
        measure('m3', 'e2', '5'), // in effectiveness check: still open
        measure('m4', 'e3', '2'), // its question is not in this audit
        measure('m5', 'e1', '1', 'a1'), // of another audit
      ],
    });
    expect(
      Object.fromEntries([...result.byItem].map(([id, list]) => [id, list.map((m) => m.id)])),
    ).toEqual({
      c1: ['m1'],
      c2: ['m3'],
    });
    expect(result.unmatched.map((m) => m.id)).toEqual(['m4']);
    expect(result.open.map((m) => m.id)).toEqual(['m1', 'm3', 'm4']);
  });
});
