import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  DEFAULT_AUDIT_WORKFLOW,
  DEFAULT_AUDIT_WORKFLOW_LABELS,
  DEFAULT_MEASURE_WORKFLOW,
  DEFAULT_MEASURE_WORKFLOW_LABELS,
  LEGACY_AUDIT_STATUS_LABELS,
  LEGACY_AUDIT_STATUSES,
} from './default-workflows';
import { workflowSchema, workflowStatusSchema } from './workflow.schema';

describe('default workflows', () => {
  it('audit workflow: 1 New .. 6 Completed with five transitions', () => {
    expect(workflowSchema.parse(DEFAULT_AUDIT_WORKFLOW)).toEqual(DEFAULT_AUDIT_WORKFLOW);
    expect(DEFAULT_AUDIT_WORKFLOW.statuses.map((s) => `${s.id} ${s.description}`)).toEqual([
      '1 New',
      '2 Preparation',
      '3 Execution',
      '4 Wrap Up',
      '5 Reporting',
      '6 Completed',
    ]);
    expect(DEFAULT_AUDIT_WORKFLOW.statuses[0]?.start).toBe(true);
    expect(DEFAULT_AUDIT_WORKFLOW.statuses[5]?.end).toBe(true);
    expect(
      DEFAULT_AUDIT_WORKFLOW.transitions.map((t) => `${t.from}>${t.to} ${t.description}`),
    ).toEqual([
      '1>2 Created',
      '2>3 Prepared',
      '3>4 Executed',
      '4>5 Ready for Reporting',
      '5>6 Completed',
    ]);
  });

  it('older status list: Neu .. Archiviert', () => {
    expect(z.array(workflowStatusSchema).parse(LEGACY_AUDIT_STATUSES)).toHaveLength(6);
    expect(LEGACY_AUDIT_STATUSES.map((s) => s.description)).toEqual([
      'Neu',
      'Geplant',
      'Durchgeführt',
      'Nachbereitet',
      'Abgeschlossen',
      'Archiviert',
    ]);
  });

  it('measure workflow: 1 New .. 6 Effective with same-numbered transitions', () => {
    expect(workflowSchema.parse(DEFAULT_MEASURE_WORKFLOW)).toEqual(DEFAULT_MEASURE_WORKFLOW);
    expect(DEFAULT_MEASURE_WORKFLOW.statuses.map((s) => s.description)).toEqual([
      'New',
      'Open',
      'In progress',
      'Completed',
      'In effectiveness check',
      'Effective',
    ]);
    for (const transition of DEFAULT_MEASURE_WORKFLOW.transitions) {
      expect(Number(transition.to)).toBe(Number(transition.from) + 1);
      const target = DEFAULT_MEASURE_WORKFLOW.statuses.find((s) => s.id === transition.to);
      expect(transition.description).toBe(target?.description);
    }
  });

  it('every status has a German and an English label', () => {
    const pairs = [
      [DEFAULT_AUDIT_WORKFLOW.statuses, DEFAULT_AUDIT_WORKFLOW_LABELS],
      [LEGACY_AUDIT_STATUSES, LEGACY_AUDIT_STATUS_LABELS],
      [DEFAULT_MEASURE_WORKFLOW.statuses, DEFAULT_MEASURE_WORKFLOW_LABELS],
    ] as const;
    for (const [statuses, labels] of pairs) {
      for (const status of statuses) {
        expect(labels[status.id]?.de).toBeTruthy();
        expect(labels[status.id]?.en).toBe(
          statuses === LEGACY_AUDIT_STATUSES ? labels[status.id]?.en : status.description,
        );
      }
    }
    for (const t of DEFAULT_AUDIT_WORKFLOW.transitions) {
      expect(DEFAULT_AUDIT_WORKFLOW_LABELS[`${t.from}>${t.to}`]?.en).toBe(t.description);
    }
  });
});
