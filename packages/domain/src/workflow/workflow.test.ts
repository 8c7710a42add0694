import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIT_WORKFLOW, DEFAULT_MEASURE_WORKFLOW } from './default-workflows';
import {
  availableTransitions,
  EMPTY_WORKFLOW,
  finalWorkflowStatus,
  findWorkflowStatus,
  isFinalWorkflowStatus,
  readWorkflow,
  resolveWorkflowStatus,
  startWorkflowStatus,
} from './workflow';
import { auditStepperContinue, auditTabForStatus, AUDIT_STEPPER_STEPS } from './audit-workflow';
import { measureSchema } from '../entities/measure.schema';
import { filterMeasures, measureMatchesFilter } from './measure-filters';

const noStart = {
  statuses: [
    { id: 'a', description: 'Alpha' },
    { id: 'b', description: 'Beta' },
  ],
  transitions: [{ from: 'a', to: 'b', description: 'Go' }],
};

describe('workflow status lookup', () => {
  it('finds by id first, then by description', () => {
    expect(findWorkflowStatus(DEFAULT_AUDIT_WORKFLOW, '3')?.description).toBe('Execution');
    expect(findWorkflowStatus(DEFAULT_AUDIT_WORKFLOW, 3)?.id).toBe('3');
    expect(findWorkflowStatus(DEFAULT_AUDIT_WORKFLOW, 'Reporting')?.id).toBe('5');
    expect(findWorkflowStatus(DEFAULT_AUDIT_WORKFLOW, null)).toBeUndefined();
    // An id wins over a description that happens to equal another status's id.
    const tricky = {
      statuses: [
        { id: '1', description: '2' },
        { id: '2', description: 'Two' },
      ],
      transitions: [],
    };
    expect(findWorkflowStatus(tricky, '2')?.description).toBe('Two');
  });

  it('unknown status falls back to the start status', () => {
    const resolved = resolveWorkflowStatus(DEFAULT_AUDIT_WORKFLOW, 'Geplant', 'audit');
    expect(resolved).toEqual({
      status: DEFAULT_AUDIT_WORKFLOW.statuses[0],
      display: 'New',
      matchedBy: 'start',
    });
    expect(resolveWorkflowStatus(DEFAULT_AUDIT_WORKFLOW, undefined, 'audit').status?.id).toBe('1');
    expect(resolveWorkflowStatus(DEFAULT_AUDIT_WORKFLOW, 'Execution', 'audit').matchedBy).toBe(
      'description',
    );
    expect(resolveWorkflowStatus(DEFAULT_AUDIT_WORKFLOW, '4', 'audit').display).toBe('Wrap Up');
  });

  it('unmappable status shows the raw value, measures show 0', () => {
    expect(resolveWorkflowStatus(noStart, 'zz', 'audit')).toEqual({
      status: null,
      display: 'zz',
      matchedBy: 'none',
    });
    expect(resolveWorkflowStatus(noStart, 'zz', 'measure').display).toBe('0');
    expect(resolveWorkflowStatus(EMPTY_WORKFLOW, 7, 'audit').display).toBe('7');
    expect(resolveWorkflowStatus(EMPTY_WORKFLOW, null, 'audit').display).toBe('');
  });

  it('start and final status: end-marked, else the last', () => {
    expect(startWorkflowStatus(DEFAULT_MEASURE_WORKFLOW)?.id).toBe('1');
    expect(startWorkflowStatus(noStart)).toBeUndefined();
    expect(finalWorkflowStatus(DEFAULT_MEASURE_WORKFLOW)?.id).toBe('6');
    expect(finalWorkflowStatus(noStart)?.id).toBe('b');
    const endInMiddle = {
      statuses: [
        { id: 'x', description: 'X', end: true },
        { id: 'y', description: 'Y' },
      ],
      transitions: [],
    };
    expect(finalWorkflowStatus(endInMiddle)?.id).toBe('x');
    expect(finalWorkflowStatus(EMPTY_WORKFLOW)).toBeUndefined();
    expect(isFinalWorkflowStatus(DEFAULT_AUDIT_WORKFLOW, 'Completed')).toBe(true);
    expect(isFinalWorkflowStatus(DEFAULT_AUDIT_WORKFLOW, '5')).toBe(false);
    expect(isFinalWorkflowStatus(EMPTY_WORKFLOW, '6')).toBe(false);
  });

  it('transitions available from a status', () => {
    expect(availableTransitions(DEFAULT_AUDIT_WORKFLOW, '4', 'audit')).toEqual([
      { from: '4', to: '5', description: 'Ready for Reporting' },
    ]);
    expect(availableTransitions(DEFAULT_AUDIT_WORKFLOW, '6', 'audit')).toEqual([]);
    expect(availableTransitions(DEFAULT_AUDIT_WORKFLOW, 'unknown', 'audit')[0]?.to).toBe('2');
    expect(availableTransitions(noStart, 'zz', 'audit')).toEqual([]);
  });

  it('invalid workflow gives empty statuses and transitions plus a warning to log', () => {
    expect(readWorkflow(DEFAULT_AUDIT_WORKFLOW, 'audit')).toEqual({
      workflow: DEFAULT_AUDIT_WORKFLOW,
      warning: null,
    });
    const invalid = readWorkflow({ statuses: [] }, 'measure');
    expect(invalid.workflow).toEqual({ statuses: [], transitions: [] });
    expect(invalid.warning).toEqual({ key: 'workflow.invalid', params: { component: 'measure' } });
    expect(readWorkflow('nonsense', 'audit').workflow).toBe(EMPTY_WORKFLOW);
  });
});

describe('audit tabs and stepper', () => {
  it('each status opens the tab of its phase (decision 71)', () => {
    expect([1, 2, 3, 4, 5, 6].map((status) => auditTabForStatus(String(status)))).toEqual([
      'auditpreparation',
      'auditpreparation',
      'auditexecution',
      'auditwrapup',
      'auditreporting',
      'auditreporting',
    ]);
    expect(auditTabForStatus(3)).toBe('auditexecution');
    for (const other of ['7', '0', 'Neu', '', null, undefined, '2.5']) {
      expect(auditTabForStatus(other)).toBeNull();
    }
  });

  it('Continue sets the status of the phase it opens; the last step completes', () => {
    expect(AUDIT_STEPPER_STEPS).toHaveLength(5);
    const steps = [1, 2, 3, 4, 5].map((step) => auditStepperContinue(step));
    expect(steps).toEqual([
      { status: '2', page: 'auditpreparation', completes: false },
      { status: '3', page: 'auditexecution', completes: false },
      { status: '4', page: 'auditwrapup', completes: false },
      { status: '5', page: 'auditreporting', completes: false },
      // Issue 13: the final status and protection, by audit.complete.
      { status: null, page: 'auditreporting', completes: true },
    ]);
    // The tab follows the status the step set: the page Continue opened.
    for (const target of steps) {
      expect(auditTabForStatus(target?.status ?? '6')).toBe(target?.page);
    }
    expect(auditStepperContinue(0)).toBeNull();
    expect(auditStepperContinue(6)).toBeNull();
  });
});

describe('measure filters', () => {
  // Schema-shaped fixtures: what the store holds after measureSchema parsed it.
  const measure = (id: string, fields: { status?: string; assignedTo?: string[] }) =>
    measureSchema.parse({ id, text: 'Fix it', createdDate: '2025-01-01', autor: 'u0', ...fields });
  const measures = [
    measure('a', { status: '1', assignedTo: ['u1'] }),
    measure('b', { status: '6', assignedTo: ['u1', 'u2'] }),
    measure('c', { status: 'Effective', assignedTo: [] }),
    measure('d', {}),
    measure('e', { status: '3' }),
  ];
  it('open = not final, completed = final, unassigned = no assignee', () => {
    const ids = (filter: 'open' | 'completed' | 'unassigned') =>
      filterMeasures(measures, filter, DEFAULT_MEASURE_WORKFLOW).map((entry) => entry.id);
    expect(ids('open')).toEqual(['a', 'd', 'e']);
    expect(ids('completed')).toEqual(['b', 'c']);
    expect(ids('unassigned')).toEqual(['c', 'd', 'e']);
    expect(measureMatchesFilter({ status: '6' }, 'open', EMPTY_WORKFLOW)).toBe(true);
    expect(measureMatchesFilter({}, 'unassigned', EMPTY_WORKFLOW)).toBe(true);
  });
});
