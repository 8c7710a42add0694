import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIT_WORKFLOW } from './default-workflows';
import {
  auditStatusFromStepNumbering,
  auditStatusOf,
  auditStatusReachesExecution,
  auditStepForStatus,
  auditTabForStatus,
  auditWorkflowFromConfig,
} from './audit-workflow';

describe('auditWorkflowFromConfig', () => {
  it('uses the default workflow while there is no configuration document', () => {
    expect(auditWorkflowFromConfig(undefined)).toEqual({
      workflow: DEFAULT_AUDIT_WORKFLOW,
      warning: null,
    });
  });

  it('takes the configured audit workflow', () => {
    const audit = { statuses: [{ id: 'a', description: 'A', start: true }], transitions: [] };
    expect(auditWorkflowFromConfig({ audit }).workflow).toEqual(audit);
  });

  it('gives an empty workflow and a warning for an invalid one (SPEC section 8)', () => {
    const result = auditWorkflowFromConfig({ audit: { statuses: 'nope' } });
    expect(result.workflow).toEqual({ statuses: [], transitions: [] });
    expect(result.warning).toEqual({ key: 'workflow.invalid', params: { component: 'audit' } });
  });
});

describe('auditStepForStatus', () => {
  it('opens the stepper at the step that leads to the target status, within its five steps', () => {
    expect(auditStepForStatus('2')).toBe(1);
    expect(auditStepForStatus('3')).toBe(2);
    expect(auditStepForStatus('6')).toBe(5);
    expect(auditStepForStatus('0')).toBe(1);
    expect(auditStepForStatus('Neu')).toBe(1);
  });
});

describe('auditStatusFromStepNumbering', () => {
  it('maps a status of the old numbering to the one whose tab is the same', () => {
    const before: Record<string, string> = {
      '1': 'auditpreparation',
      '2': 'auditexecution',
      '3': 'auditwrapup',
      '4': 'auditreporting',
    };
    for (const [status, tab] of Object.entries(before)) {
      expect(auditTabForStatus(auditStatusFromStepNumbering(status))).toBe(tab);
    }
  });

  it('neither completes nor reopens an audit, and leaves other values alone', () => {
    expect(auditStatusFromStepNumbering('5')).toBe('5');
    expect(auditStatusFromStepNumbering('6')).toBe('6');
    expect(auditStatusFromStepNumbering('Neu')).toBe('Neu');
    expect(auditStatusFromStepNumbering(' 2 ')).toBe('3');
  });
});

describe('auditStatusReachesExecution', () => {
  it('is execution and every later phase', () => {
    expect(['1', '2', '3', '4', '6', 'x'].map(auditStatusReachesExecution)).toEqual([
      false,
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('auditStatusOf', () => {
  it('reads workflow.status, else the older top-level status', () => {
    expect(auditStatusOf({ workflow: { status: '3' }, status: '1' })).toBe('3');
    expect(auditStatusOf({ workflow: { status: 2 } })).toBe('2');
    expect(auditStatusOf({ status: 'Neu' })).toBe('Neu');
    expect(auditStatusOf({ workflow: null })).toBeUndefined();
  });
});
