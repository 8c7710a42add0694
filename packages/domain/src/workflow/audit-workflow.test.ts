import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIT_WORKFLOW } from './default-workflows';
import { auditStatusOf, auditStepForStatus, auditWorkflowFromConfig } from './audit-workflow';

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
  it('opens the stepper at the target status, within its five steps', () => {
    expect(auditStepForStatus('2')).toBe(2);
    expect(auditStepForStatus('6')).toBe(5);
    expect(auditStepForStatus('0')).toBe(1);
    expect(auditStepForStatus('Neu')).toBe(1);
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
