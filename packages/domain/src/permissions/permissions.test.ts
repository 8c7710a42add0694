import { describe, expect, it } from 'vitest';
import { ROLE_IDS, type RoleId } from '../roles';
import { measureSchema } from '../entities/measure.schema';
import {
  can,
  isPermissionAction,
  PERMISSION_ACTIONS,
  PERMISSION_MATRIX,
  PROTECTED_AUDIT_ACTIONS,
  type PermissionAction,
} from './permissions';

/**
 * The expected matrix, written out as the documented table (docs/domain.md): Y = always,
 * T = audit team (lead or co-auditor), L = lead auditor, S = assignee, T/S = either, - = never.
 * Column order: user, auditor, qm, measure-dispatcher, admin.
 */
const EXPECTED: Record<PermissionAction, string> = {
  'audit.read': 'Y Y Y Y Y',
  'audit.create': '- - Y - Y',
  'audit.update': '- T Y - Y',
  'audit.changeStatus': '- T Y - Y',
  'audit.delete': '- - Y - Y',
  'audit.protect': '- L Y - Y',
  'audit.unprotect': '- L Y - Y',
  'audit.changeTeam': '- L Y - Y',
  'auditItem.create': '- T Y - Y',
  'auditItem.update': '- T Y - Y',
  'auditItem.delete': '- T Y - Y',
  'finding.create': '- T Y - Y',
  'finding.update': '- T Y - Y',
  'finding.delete': '- T Y - Y',
  'measure.read': 'Y Y Y Y Y',
  'measure.create': '- T Y Y Y',
  'measure.update': 'S T/S Y Y Y',
  'measure.assign': '- - Y Y Y',
  'measure.verify': '- - Y - Y',
  'measure.delete': '- - Y - Y',
  'template.read': 'Y Y Y Y Y',
  'template.create': '- - Y - Y',
  'template.update': '- - Y - Y',
  'template.delete': '- - Y - Y',
  'standard.read': 'Y Y Y Y Y',
  'standard.manage': '- - Y - Y',
  'person.read': 'Y Y Y Y Y',
  'person.create': '- Y Y - Y',
  'person.update': '- - - - Y',
  'person.delete': '- - - - Y',
  'role.read': 'Y Y Y Y Y',
  'role.assign': '- - - - Y',
  'configuration.read': 'Y Y Y Y Y',
  'configuration.update': '- - - - Y',
  'customerData.read': 'Y Y Y Y Y',
  'customerData.update': '- - Y - Y',
  'import.auditItems': '- T Y - Y',
  'import.audits': '- - - - Y',
  'import.templates': '- - - - Y',
  'import.standards': '- - Y - Y',
  'import.people': '- - - - Y',
  'webhook.manage': '- - - - Y',
  'installation.backup': '- - - - Y',
};
const COLUMNS: RoleId[] = ['user', 'auditor', 'qm', 'measure-dispatcher', 'admin'];

const me = 'u1';
const contexts = {
  none: undefined,
  stranger: { userId: me, leadauditor: 'u2', coauditors: ['u3'], assignedTo: ['u4'] },
  lead: { userId: me, leadauditor: me, coauditors: [], assignedTo: [] },
  coauditor: { userId: me, leadauditor: 'u2', coauditors: [me] },
  assignee: { userId: me, assignedTo: ['u4', me] },
};

/** Which contexts allow the cell, derived from its letter. */
function expectedFor(cell: string, context: keyof typeof contexts): boolean {
  switch (cell) {
    case 'Y':
      return true;
    case '-':
      return false;
    case 'T':
      return context === 'lead' || context === 'coauditor';
    case 'L':
      return context === 'lead';
    case 'S':
      return context === 'assignee';
    case 'T/S':
      return context === 'lead' || context === 'coauditor' || context === 'assignee';
    default:
      throw new Error(`bad cell ${cell}`);
  }
}

describe('permission matrix', () => {
  it('covers every action and every role', () => {
    expect(Object.keys(PERMISSION_MATRIX).sort()).toEqual([...PERMISSION_ACTIONS].sort());
    expect(Object.keys(EXPECTED).sort()).toEqual([...PERMISSION_ACTIONS].sort());
    for (const action of PERMISSION_ACTIONS) {
      expect(Object.keys(PERMISSION_MATRIX[action]).sort()).toEqual([...ROLE_IDS].sort());
    }
  });

  for (const action of PERMISSION_ACTIONS) {
    it(`${action}: every role x context as documented`, () => {
      const cells = EXPECTED[action].split(' ');
      COLUMNS.forEach((role, column) => {
        for (const context of Object.keys(contexts) as (keyof typeof contexts)[]) {
          expect([role, context, can([role], action, contexts[context])]).toEqual([
            role,
            context,
            expectedFor(cells[column]!, context),
          ]);
        }
      });
    });
  }

  it('admin may do everything', () => {
    for (const action of PERMISSION_ACTIONS) expect(can(['admin'], action)).toBe(true);
  });

  it('roles add up; unknown roles and no roles grant nothing', () => {
    expect(can(['user', 'measure-dispatcher'], 'measure.assign')).toBe(true);
    expect(can(['superuser'], 'audit.read')).toBe(false);
    expect(can([], 'audit.read')).toBe(false);
    expect(isPermissionAction('audit.read')).toBe(true);
    expect(isPermissionAction('audit.fly')).toBe(false);
  });

  it('a context without user id satisfies no condition', () => {
    expect(can(['auditor'], 'audit.update', { leadauditor: undefined, coauditors: [] })).toBe(
      false,
    );
  });
});

describe('protected audits', () => {
  const protectedAudit = (userId: string) => ({
    protected: true,
    userId,
    leadauditor: 'lead',
    coauditors: ['co'],
  });

  it('are read-only for everyone except admin, qm and the lead auditor', () => {
    for (const action of PROTECTED_AUDIT_ACTIONS) {
      expect(can(['auditor'], action, protectedAudit('co'))).toBe(false);
      expect(can(['user', 'measure-dispatcher'], action, protectedAudit('x'))).toBe(false);
      expect(can(['qm'], action, protectedAudit('x'))).toBe(true);
      expect(can(['admin'], action, protectedAudit('x'))).toBe(true);
    }
    expect(can(['auditor'], 'finding.create', protectedAudit('lead'))).toBe(true);
    expect(can(['auditor'], 'audit.delete', protectedAudit('lead'))).toBe(false);
    expect(can(['user'], 'audit.read', protectedAudit('x'))).toBe(true);
  });

  it('may be unprotected by admin, qm and the lead auditor only', () => {
    expect(can(['auditor'], 'audit.unprotect', protectedAudit('lead'))).toBe(true);
    expect(can(['auditor'], 'audit.unprotect', protectedAudit('co'))).toBe(false);
    expect(can(['qm'], 'audit.unprotect', protectedAudit('x'))).toBe(true);
    expect(can(['admin'], 'audit.unprotect', protectedAudit('x'))).toBe(true);
    expect(can(['user'], 'audit.unprotect', protectedAudit('lead'))).toBe(false);
  });

  it('measures of a protected audit stay workable', () => {
    const context = { ...protectedAudit('m'), assignedTo: ['m'] };
    expect(can(['user'], 'measure.update', context)).toBe(true);
    expect(can(['measure-dispatcher'], 'measure.assign', context)).toBe(true);
  });
});

describe('measure assignees', () => {
  const stored = measureSchema.parse({
    id: 'm1',
    text: 'Fix it',
    createdDate: '2025-01-01',
    autor: 'u0',
    assignedTo: ['u2', 'u1'],
  });

  it('any assignee of a parsed measure may update it, others may not', () => {
    const context = (userId: string) => ({ userId, assignedTo: stored.assignedTo });
    expect(can(['user'], 'measure.update', context('u1'))).toBe(true);
    expect(can(['user'], 'measure.update', context('u2'))).toBe(true);
    expect(can(['user'], 'measure.update', context('u3'))).toBe(false);
    expect(can(['user'], 'measure.update', { userId: 'u1', assignedTo: [] })).toBe(false);
    expect(can(['user'], 'measure.update', { userId: 'u1', assignedTo: null })).toBe(false);
  });
});
