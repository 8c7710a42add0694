import fc from 'fast-check';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIT_CONFIG } from '../config/audit.config';
import { DEFAULT_WORKFLOW_CONFIG } from '../config/workflow.config';
import { ROLE_IDS } from '../roles';
import {
  auditShowsProcessField,
  auditShowsSupplierFields,
  changeAuditStatusCommand,
  completeAuditCommand,
  createAuditCommand,
  deleteAuditCommand,
  importAuditsCommand,
  protectAuditCommand,
  unprotectAuditCommand,
  updateAuditCommand,
  updateCompanyMetadataCommand,
  updateReportDataCommand,
} from './audit.commands';
import { auditPermissionContext } from './audit-access';
import {
  OpsState,
  applyCommandAs as apply,
  expectDeterministicAndValid,
  runCommandAs as run,
} from './audit-test-helpers';
import type { CommandDefinition } from './define-command';

const LEAD = 'p-lead';
const CO = 'p-co';
const TEAM_AUDITOR = 'p-team';
const OUTSIDER = 'p-out';

const newAudit = {
  id: 'a1',
  name: 'Audit A',
  standard: 'iso9001',
  type: 'system',
  audited_by: 'internal',
  leadauditor: LEAD,
  coauditors: [CO],
  auditor: [TEAM_AUDITOR],
  planning_year: 2024,
  planning_date: '2024-03-01',
};

function withAudit(extra: Record<string, unknown> = {}): OpsState {
  const state = new OpsState();
  apply(createAuditCommand, { ...newAudit, ...extra }, state);
  return state;
}

function protectedAudit(): OpsState {
  const state = withAudit();
  apply(protectAuditCommand, { id: 'a1' }, state, ['auditor'], LEAD);
  return state;
}

const forbidden = (command: string) => ({
  ok: false,
  error: { code: 'forbidden', message: { key: 'command.forbidden', params: { command } } },
});
const protectedRefusal = {
  ok: false,
  error: { code: 'forbidden', message: { key: 'permission.auditProtected' } },
};
const noAuditActive = {
  ok: false,
  error: { code: 'not_found', message: { key: 'audit.noAuditActive' } },
};

describe('audit.create', () => {
  it.each([['qm'], ['admin']])('lets %s create an audit with the new-audit defaults', (role) => {
    const state = new OpsState();
    const result = apply(createAuditCommand, newAudit, state, [role], 'p-creator');
    expect(result.activity).toEqual({ verb: 'created', object: 'Audit A', objectUrl: '/audit/a1' });
    expect(result.message).toEqual({ key: 'audit.created', params: { name: 'Audit A' } });
    expect(result.ops).toHaveLength(1);
    expect(state.get('audits', 'a1')).toMatchObject({
      id: 'a1',
      name: 'Audit A',
      protected: false,
      workflow: { status: '1' },
      created_by: 'p-creator',
      created_date: '2024-05-01T10:00:00.000Z',
      leadauditor: LEAD,
      planning_year: 2024,
      planning_date: '2024-03-01',
      scope: [],
      tags: [],
      auditing_date: [],
      responsible: null,
      process: [],
    });
  });

  it('plans an audit without year and date for today (ctx.now)', () => {
    const state = new OpsState();
    const { planning_year: _year, planning_date: _date, ...rest } = newAudit;
    apply(createAuditCommand, rest, state);
    expect(state.get('audits', 'a1')).toMatchObject({
      planning_year: 2024,
      planning_date: '2024-05-01',
    });
  });

  it.each(['user', 'auditor', 'measure-dispatcher'])('forbids the role %s', (role) => {
    expect(run(createAuditCommand, newAudit, new OpsState(), [role])).toEqual(
      forbidden('audit.create'),
    );
  });

  it('ignores what the dialog may not set: workflow, protection, creation stamp, items', () => {
    const state = new OpsState();
    apply(
      createAuditCommand,
      {
        ...newAudit,
        workflow: { status: '5' },
        protected: true,
        created_by: 'someone',
        created_date: 'x',
        audit_items: { i1: {} },
        hasPendingWrites: true,
      },
      state,
      ['qm'],
      'p-qm',
    );
    const stored = state.get('audits', 'a1')!;
    expect(stored).toMatchObject({
      workflow: { status: '1' },
      protected: false,
      created_by: 'p-qm',
    });
    expect(stored).not.toHaveProperty('audit_items');
    expect(stored).not.toHaveProperty('hasPendingWrites');
  });

  it.each([
    [{ name: '  ' }, 'validation.required', 'name'],
    [{ name: undefined }, 'validation.required', 'name'],
    [{ leadauditor: '' }, 'validation.required', 'leadauditor'],
    [{ leadauditor: null }, 'validation.required', 'leadauditor'],
    [{ planning_year: null }, 'validation.required', 'planning_year'],
    [{ planning_date: '2023-12-31' }, 'audit.dateOutsidePlanningYear', 'planning_date'],
    [
      { auditing_date: ['2024-02-01', '2025-01-01'] },
      'audit.dateOutsidePlanningYear',
      'auditing_date.1',
    ],
  ])('rejects %j with %s at %s', (change, key, field) => {
    const result = run(createAuditCommand, { ...newAudit, ...change }, new OpsState());
    expect(result.ok === false && result.error.code).toBe('rule');
    expect(result.ok === false && result.error.message).toMatchObject({ key, params: { field } });
  });

  it('refuses an id in use as a conflict', () => {
    const state = withAudit();
    expect(run(createAuditCommand, newAudit, state)).toEqual({
      ok: false,
      error: { code: 'conflict', message: { key: 'audit.idTaken', params: { id: 'a1' } } },
    });
  });

  it('rejects args without an id as invalid args', () => {
    const { id: _id, ...rest } = newAudit;
    const result = run(createAuditCommand, rest, new OpsState());
    expect(result.ok === false && result.error.code).toBe('invalid_args');
  });

  const supplierFields = {
    metadata: {
      supplier: { name: 'ACME', location: 'Ulm', no: '7' },
      material: { group: 'g', id: 'm' },
    },
    audit_reason: 'complaint',
    responsible_tech: 'Tech',
    responsible_sales: 'Sales',
    responsible_qm: 'QM',
  };

  it('keeps supplier fields only for the supplier party and process only for process types', () => {
    const supplier = withAudit({
      ...supplierFields,
      audited_by: 'Lieferant',
      type: 'Begehung',
      process: ['p1'],
    });
    expect(supplier.get('audits', 'a1')).toMatchObject({ ...supplierFields, process: ['p1'] });

    const internal = withAudit({
      ...supplierFields,
      audited_by: 'internal',
      type: 'system',
      process: ['p1'],
    });
    expect(internal.get('audits', 'a1')).toMatchObject({
      metadata: { supplier: { name: '', location: '', no: '' }, material: { group: '', id: '' } },
      audit_reason: '',
      responsible_tech: null,
      responsible_sales: null,
      responsible_qm: null,
      process: [],
    });
  });

  it('takes the supplier party and process types from the stored configuration', () => {
    const state = new OpsState({
      configuration: {
        audit: { ...DEFAULT_AUDIT_CONFIG, supplierParty: 'external', processTypes: ['system'] },
      } as unknown as Record<string, JsonObject>,
    });
    apply(
      createAuditCommand,
      { ...newAudit, ...supplierFields, audited_by: 'external', process: ['p1'] },
      state,
    );
    expect(state.get('audits', 'a1')).toMatchObject({ audit_reason: 'complaint', process: ['p1'] });
    expect(auditShowsSupplierFields({ audited_by: 'Lieferant' }, DEFAULT_AUDIT_CONFIG)).toBe(true);
    expect(auditShowsProcessField({ type: 'system' }, DEFAULT_AUDIT_CONFIG)).toBe(false);
  });

  it('scores by the configured report settings unless the audit names its own (issue 13)', () => {
    const report = { ...DEFAULT_AUDIT_CONFIG.report, calcSchema: 'compliance', customResult: 'qk' };
    const configured = () =>
      new OpsState({
        configuration: { audit: { ...DEFAULT_AUDIT_CONFIG, report } },
      } as unknown as Record<string, Record<string, JsonObject>>);
    const state = configured();
    apply(createAuditCommand, newAudit, state);
    expect(state.get('audits', 'a1')).toMatchObject({
      reportSchema: { calcSchema: 'compliance', customResult: 'qk' },
    });
    const own = configured();
    const reportSchema = { calcSchema: 'deviation', customResult: null };
    apply(createAuditCommand, { ...newAudit, reportSchema }, own);
    expect(own.get('audits', 'a1')).toMatchObject({ reportSchema });
  });
});

describe('audit.update', () => {
  it.each([
    ['the lead auditor', LEAD],
    ['a co-auditor', CO],
    ['an auditor of the team', TEAM_AUDITOR],
  ])('lets %s change fields, writing only what changed', (_label, personId) => {
    const state = withAudit();
    const result = apply(
      updateAuditCommand,
      { id: 'a1', changes: { name: 'Audit B', scope: ['Munich'] } },
      state,
      ['auditor'],
      personId,
    );
    expect(result.ops).toEqual([
      { op: 'set', collection: 'audits', id: 'a1', path: ['name'], value: 'Audit B' },
      { op: 'set', collection: 'audits', id: 'a1', path: ['scope'], value: ['Munich'] },
    ]);
    expect(result.activity).toEqual({ verb: 'updated', object: 'Audit B', objectUrl: '/audit/a1' });
    expect(result.message).toEqual({ key: 'success.auditUpdated' });
  });

  it('forbids an auditor who is not on the team and roles without the right', () => {
    const state = withAudit();
    const args = { id: 'a1', changes: { name: 'X' } };
    expect(run(updateAuditCommand, args, state, ['auditor'], OUTSIDER)).toEqual(
      forbidden('audit.update'),
    );
    for (const role of ['user', 'measure-dispatcher']) {
      expect(run(updateAuditCommand, args, state, [role], LEAD)).toEqual(forbidden('audit.update'));
    }
  });

  it('refuses every write to a protected audit except admin, qm and the lead auditor', () => {
    const state = protectedAudit();
    const args = { id: 'a1', changes: { name: 'X' } };
    expect(run(updateAuditCommand, args, state, ['auditor'], CO)).toEqual(protectedRefusal);
    expect(run(updateAuditCommand, args, state, ['auditor'], LEAD).ok).toBe(true);
    expect(run(updateAuditCommand, args, state, ['qm'], OUTSIDER).ok).toBe(true);
    expect(run(updateAuditCommand, args, state, ['admin'], OUTSIDER).ok).toBe(true);
  });

  it('lets only the lead auditor, qm and admin change the lead auditor or the team', () => {
    const state = withAudit();
    const teamChanges = [
      { leadauditor: CO },
      { coauditors: [CO, OUTSIDER] },
      { auditor: [] },
      { name: 'Renamed', leadauditor: TEAM_AUDITOR },
    ];
    const teamRefusal = {
      ok: false,
      error: { code: 'forbidden', message: { key: 'permission.auditTeamChange' } },
    };
    for (const changes of teamChanges) {
      const args = { id: 'a1', changes };
      expect(run(updateAuditCommand, args, state, ['auditor'], CO)).toEqual(teamRefusal);
      expect(run(updateAuditCommand, args, state, ['auditor'], TEAM_AUDITOR)).toEqual(teamRefusal);
      expect(run(updateAuditCommand, args, state, ['auditor'], LEAD).ok).toBe(true);
      expect(run(updateAuditCommand, args, state, ['qm'], OUTSIDER).ok).toBe(true);
      expect(run(updateAuditCommand, args, state, ['admin'], OUTSIDER).ok).toBe(true);
    }
    // Repeating the stored team is no change of it.
    const same = { id: 'a1', changes: { name: 'B', leadauditor: LEAD, coauditors: [CO] } };
    expect(run(updateAuditCommand, same, state, ['auditor'], CO).ok).toBe(true);
  });

  it('strips what a metadata update must not touch', () => {
    const state = withAudit();
    const result = apply(
      updateAuditCommand,
      {
        id: 'a1',
        changes: {
          id: 'other',
          workflow: { status: '6' },
          protected: true,
          created_by: 'x',
          created_date: 'x',
          members: ['m'],
          companyMetadata: {},
          additionalReportData: { a: 1 },
          attachments: {},
          audit_items: { i: {} },
          hasPendingWrites: true,
          fromCache: true,
          exists: true,
          summary: 'Fine',
        },
      },
      state,
    );
    expect(result.ops).toEqual([
      { op: 'set', collection: 'audits', id: 'a1', path: ['summary'], value: 'Fine' },
    ]);
  });

  it('clears the responsible person when the dialog leaves it out (SPEC section 5)', () => {
    const state = withAudit({ responsible: 'p-resp' });
    const result = apply(updateAuditCommand, { id: 'a1', changes: { summary: 's' } }, state);
    expect(result.ops).toContainEqual({
      op: 'set',
      collection: 'audits',
      id: 'a1',
      path: ['responsible'],
      value: null,
    });
  });

  it('answers an update without changes with "no changes found" and no ops', () => {
    const state = withAudit();
    expect(run(updateAuditCommand, { id: 'a1', changes: { name: ' Audit A ' } }, state)).toEqual({
      ok: true,
      ops: [],
      unchanged: true,
      message: { key: 'command.noChanges' },
    });
  });

  it("answers 'no-audit-active' for a missing audit, forbidden for roles without the right", () => {
    const args = { id: 'nope', changes: { name: 'X' } };
    expect(run(updateAuditCommand, args, new OpsState(), ['qm'])).toEqual(noAuditActive);
    expect(run(updateAuditCommand, args, new OpsState(), ['auditor'], LEAD)).toEqual(noAuditActive);
    expect(run(updateAuditCommand, args, new OpsState(), ['user'])).toEqual(
      forbidden('audit.update'),
    );
  });

  it.each([
    [{ name: '' }, 'validation.required', 'name'],
    [{ leadauditor: null }, 'validation.required', 'leadauditor'],
    [{ planning_year: 2025 }, 'audit.dateOutsidePlanningYear', 'planning_date'],
    [{ planning_date: 'soon' }, 'validation.invalid', 'planning_date'],
  ])('rejects the changes %j with %s', (changes, key, field) => {
    const result = run(updateAuditCommand, { id: 'a1', changes }, withAudit());
    expect(result.ok === false && result.error.code).toBe('rule');
    expect(result.ok === false && result.error.message).toMatchObject({ key, params: { field } });
  });

  it('moves the dates together with the planning year', () => {
    const state = withAudit({ auditing_date: ['2024-04-01'] });
    const changes = { planning_year: 2025, planning_date: '2025-02-01', auditing_date: [] };
    const result = apply(updateAuditCommand, { id: 'a1', changes }, state);
    expect(result.ops.map((op) => op.path)).toEqual([
      ['planning_year'],
      ['planning_date'],
      ['auditing_date'],
    ]);
  });

  it('clears the process when the type no longer shows it', () => {
    const state = withAudit({ type: 'Prozessaudit', process: ['p1'] });
    const result = apply(updateAuditCommand, { id: 'a1', changes: { type: 'system' } }, state);
    expect(result.ops).toEqual([
      { op: 'set', collection: 'audits', id: 'a1', path: ['type'], value: 'system' },
      { op: 'set', collection: 'audits', id: 'a1', path: ['process'], value: [] },
    ]);
  });

  it('requires the lead auditor of an imported audit on its first update', () => {
    const state = new OpsState();
    apply(
      importAuditsCommand,
      {
        audits: [
          { id: 'a9', name: 'Imp', standard: 'iso9001', type: 'system', planning_year: 2024 },
        ],
      },
      state,
      ['admin'],
    );
    const result = run(updateAuditCommand, { id: 'a9', changes: { name: 'Imp 2' } }, state);
    expect(result.ok === false && result.error.message.key).toBe('validation.required');
    expect(
      run(updateAuditCommand, { id: 'a9', changes: { name: 'Imp 2', leadauditor: LEAD } }, state)
        .ok,
    ).toBe(true);
  });

  it('refuses to build on a stored document that is not an audit', () => {
    const state = new OpsState({ audits: { bad: { leadauditor: LEAD } } });
    const result = run(updateAuditCommand, { id: 'bad', changes: { name: 'X' } }, state);
    expect(result.ok === false && result.error.code).toBe('rule');
  });
});

describe('audit.updateCompanyMetadata', () => {
  const company = {
    enterprise: true,
    transport: false,
    forwarding: true,
    warehousing: true,
    trucks: 12,
    employees: { office: 5, commercial: 40, drivers: 14 },
    storageArea: 2500.5,
    storageLocations: 3,
    inspectionType: 'annual',
  };

  it('stores the company data as a whole for the team, with an activity and a message', () => {
    const state = withAudit();
    const result = apply(
      updateCompanyMetadataCommand,
      { id: 'a1', companyMetadata: company },
      state,
      ['auditor'],
      CO,
    );
    expect(result.ops).toEqual([
      { op: 'set', collection: 'audits', id: 'a1', path: ['companyMetadata'], value: company },
    ]);
    expect(result.activity).toEqual({ verb: 'updated', object: 'Audit A', objectUrl: '/audit/a1' });
    expect(result.message).toEqual({ key: 'audit.companyDataUpdated' });
    // Fields left out take their defaults (unknown counts are null, not 0).
    const again = run(
      updateCompanyMetadataCommand,
      { id: 'a1', companyMetadata: { trucks: 3 } },
      state,
      ['auditor'],
      CO,
    );
    expect(again.ok && again.ops[0]?.op === 'set' && again.ops[0].value).toMatchObject({
      enterprise: false,
      trucks: 3,
      employees: { office: null, commercial: null, drivers: null },
      inspectionType: null,
    });
    expect(
      run(updateCompanyMetadataCommand, { id: 'a1', companyMetadata: company }, state),
    ).toMatchObject({ ok: true, unchanged: true });
  });

  it('needs an open audit, sensible numbers and a configured type of inspection', () => {
    const state = withAudit();
    expect(
      run(updateCompanyMetadataCommand, { id: 'gone', companyMetadata: company }, state),
    ).toEqual(noAuditActive);
    expect(
      run(
        updateCompanyMetadataCommand,
        { id: 'a1', companyMetadata: { ...company, trucks: -1 } },
        state,
      ),
    ).toMatchObject({ ok: false, error: { code: 'rule' } });
    expect(
      run(
        updateCompanyMetadataCommand,
        { id: 'a1', companyMetadata: { ...company, inspectionType: 'spontaneous' } },
        state,
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { key: 'audit.unknownInspectionType' } },
    });
  });

  it('is refused to outsiders and, on a protected audit, to all but its lead, qm and admin', () => {
    const args = { id: 'a1', companyMetadata: company };
    expect(run(updateCompanyMetadataCommand, args, withAudit(), ['auditor'], OUTSIDER)).toEqual(
      forbidden('audit.updateCompanyMetadata'),
    );
    const locked = protectedAudit();
    expect(run(updateCompanyMetadataCommand, args, locked, ['auditor'], CO)).toEqual(
      protectedRefusal,
    );
    expect(run(updateCompanyMetadataCommand, args, locked, ['auditor'], LEAD).ok).toBe(true);
  });
});

describe('audit.delete', () => {
  function withItems(): OpsState {
    const state = withAudit();
    const item = (auditId: string) => ({
      id: 'x',
      auditId,
      question: { text: 'Q' },
    });
    state.apply([
      {
        op: 'set',
        collection: 'audit_items',
        id: 'i1',
        path: [],
        value: { ...item('a1'), id: 'i1' },
      },
      {
        op: 'set',
        collection: 'audit_items',
        id: 'i2',
        path: [],
        value: { ...item('a1'), id: 'i2' },
      },
      {
        op: 'set',
        collection: 'audit_items',
        id: 'o1',
        path: [],
        value: { ...item('a2'), id: 'o1' },
      },
    ]);
    return state;
  }

  it('deletes the audit and the listed items that belong to it', () => {
    const state = withItems();
    const result = apply(
      deleteAuditCommand,
      { id: 'a1', itemIds: ['i1', 'i2', 'o1', 'missing'] },
      state,
    );
    expect(result.ops).toEqual([
      { op: 'delete', collection: 'audits', id: 'a1', path: [] },
      { op: 'delete', collection: 'audit_items', id: 'i1', path: [] },
      { op: 'delete', collection: 'audit_items', id: 'i2', path: [] },
    ]);
    expect(result.activity).toEqual({
      verb: 'deleted',
      object: 'Audit A',
      objectUrl: '/auditmatrix',
    });
    expect(state.ids('audit_items')).toEqual(['o1']);
    expect(deleteAuditCommand.reads({ id: 'a1', itemIds: ['i1'], measureIds: ['m1'] })).toEqual([
      { collection: 'audits', id: 'a1' },
      { collection: 'audit_items', id: 'i1' },
      { collection: 'measures', id: 'm1' },
    ]);
  });

  it('lets only qm and admin delete, even the lead auditor may not', () => {
    const state = withItems();
    expect(run(deleteAuditCommand, { id: 'a1' }, state, ['auditor'], LEAD)).toEqual(
      forbidden('audit.delete'),
    );
    expect(run(deleteAuditCommand, { id: 'a1' }, state, ['admin']).ok).toBe(true);
    expect(run(deleteAuditCommand, { id: 'a1' }, protectedAudit(), ['qm']).ok).toBe(true);
  });

  it('cleans up listed items of an audit that is already gone, without an activity', () => {
    const state = withItems();
    state.apply([{ op: 'delete', collection: 'audits', id: 'a1', path: [] }]);
    expect(run(deleteAuditCommand, { id: 'a1', itemIds: ['i1', 'o1'] }, state)).toEqual({
      ok: true,
      ops: [{ op: 'delete', collection: 'audit_items', id: 'i1', path: [] }],
    });
    expect(run(deleteAuditCommand, { id: 'a1' }, state)).toEqual({
      ok: true,
      ops: [],
      unchanged: true,
    });
  });
});

describe('audit.protect and audit.unprotect', () => {
  it('lets the lead auditor protect and unprotect, with activities', () => {
    const state = withAudit();
    const protect = apply(protectAuditCommand, { id: 'a1' }, state, ['auditor'], LEAD);
    expect(protect.ops).toEqual([
      { op: 'set', collection: 'audits', id: 'a1', path: ['protected'], value: true },
    ]);
    expect(protect.activity).toEqual({
      verb: 'protected',
      object: 'Audit A',
      objectUrl: '/audit/a1',
    });
    const unprotect = apply(unprotectAuditCommand, { id: 'a1' }, state, ['auditor'], LEAD);
    expect(unprotect.activity?.verb).toBe('unprotected');
    expect(state.get('audits', 'a1')?.protected).toBe(false);
  });

  it('forbids co-auditors and other roles', () => {
    const state = withAudit();
    expect(run(protectAuditCommand, { id: 'a1' }, state, ['auditor'], CO)).toEqual(
      forbidden('audit.protect'),
    );
    expect(run(protectAuditCommand, { id: 'a1' }, state, ['user'], LEAD)).toEqual(
      forbidden('audit.protect'),
    );
    const locked = protectedAudit();
    expect(run(unprotectAuditCommand, { id: 'a1' }, locked, ['auditor'], CO)).toEqual(
      forbidden('audit.unprotect'),
    );
    expect(run(unprotectAuditCommand, { id: 'a1' }, locked, ['qm']).ok).toBe(true);
  });

  it('answers an unchanged flag without ops and a missing audit with no-audit-active', () => {
    const state = protectedAudit();
    expect(run(protectAuditCommand, { id: 'a1' }, state)).toMatchObject({
      ok: true,
      ops: [],
      unchanged: true,
    });
    expect(run(unprotectAuditCommand, { id: 'a1' }, withAudit())).toMatchObject({
      unchanged: true,
    });
    expect(run(protectAuditCommand, { id: 'zz' }, state)).toEqual(noAuditActive);
  });
});

describe('audit.updateReportData (issue 13)', () => {
  it('stores the report data for the team, keeping what it does not send', () => {
    const state = withAudit();
    // A field of an older version (not one of today's) stays as it is.
    state.apply([
      {
        op: 'set',
        collection: 'audits',
        id: 'a1',
        path: ['additionalReportData'],
        value: { legacy: 'kept' },
      },
    ]);
    const first = apply(
      updateReportDataCommand,
      { id: 'a1', reportData: { distributionList: 'QM\nEinkauf', signatureDate: '2026-11-20' } },
      state,
      ['auditor'],
      CO,
    );
    expect(first.message).toEqual({ key: 'audit.reportDataSaved' });
    expect(first.activity).toEqual({ verb: 'updated', object: 'Audit A', objectUrl: '/audit/a1' });
    apply(
      updateReportDataCommand,
      { id: 'a1', reportData: { auditeeRepresentative: ' Erika Muster ' } },
      state,
      ['auditor'],
      LEAD,
    );
    expect(state.get('audits', 'a1')?.additionalReportData).toEqual({
      legacy: 'kept',
      distributionList: 'QM\nEinkauf',
      auditeeRepresentative: 'Erika Muster',
      signatureDate: '2026-11-20',
    });
    expect(
      run(
        updateReportDataCommand,
        { id: 'a1', reportData: { signatureDate: '2026-11-20' } },
        state,
      ),
    ).toMatchObject({ unchanged: true });
  });

  it('refuses a bad date at its field, outsiders, and writes to a protected audit', () => {
    const state = withAudit();
    expect(
      run(
        updateReportDataCommand,
        { id: 'a1', reportData: { signatureDate: '20.11.2026' } },
        state,
      ),
    ).toMatchObject({ ok: false, error: { code: 'rule' } });
    expect(
      run(updateReportDataCommand, { id: 'a1', reportData: {} }, state, ['auditor'], OUTSIDER),
    ).toEqual(forbidden('audit.updateReportData'));
    expect(
      run(updateReportDataCommand, { id: 'a1', reportData: {} }, protectedAudit(), ['auditor'], CO),
    ).toEqual(protectedRefusal);
  });
});

describe('audit.complete (issue 13)', () => {
  it('gives the final status and protects in one command; the lead auditor may', () => {
    const state = withAudit();
    const result = apply(
      completeAuditCommand,
      { id: 'a1', comment: 'Sent' },
      state,
      ['auditor'],
      LEAD,
    );
    expect(result.ops).toEqual([
      { op: 'set', collection: 'audits', id: 'a1', path: ['workflow', 'status'], value: '6' },
      { op: 'set', collection: 'audits', id: 'a1', path: ['protected'], value: true },
    ]);
    expect(result.activity).toEqual({
      verb: 'statusChanged',
      object: 'Audit A → Completed: Sent',
      objectUrl: '/audit/a1/auditreporting',
    });
    expect(result.message).toEqual({ key: 'audit.completed', params: { name: 'Audit A' } });
    expect(run(completeAuditCommand, { id: 'a1' }, state, ['auditor'], LEAD)).toMatchObject({
      unchanged: true,
    });
    expect(run(completeAuditCommand, { id: 'zz' }, state)).toEqual(noAuditActive);
  });

  it('is not for co-auditors; reopening a completed audit needs qm or admin', () => {
    const state = withAudit();
    expect(run(completeAuditCommand, { id: 'a1' }, state, ['auditor'], CO)).toEqual(
      forbidden('audit.complete'),
    );
    apply(completeAuditCommand, { id: 'a1' }, state, ['auditor'], LEAD);
    expect(run(unprotectAuditCommand, { id: 'a1' }, state, ['auditor'], LEAD)).toEqual({
      ok: false,
      error: { code: 'forbidden', message: { key: 'permission.completedAuditUnprotect' } },
    });
    // Only the final status makes the difference: a protected audit in execution, as before.
    expect(run(unprotectAuditCommand, { id: 'a1' }, protectedAudit(), ['auditor'], LEAD).ok).toBe(
      true,
    );
    const reopened = apply(unprotectAuditCommand, { id: 'a1' }, state, ['qm']);
    expect(reopened.activity?.verb).toBe('unprotected');
  });
});

describe('audit.changeStatus', () => {
  it('sets the workflow status and records the comment in the activity', () => {
    const state = withAudit();
    const result = apply(
      changeAuditStatusCommand,
      { id: 'a1', status: '3', numbering: 'phase', comment: ' Ready ' },
      state,
      ['auditor'],
      CO,
    );
    expect(result.ops).toEqual([
      { op: 'set', collection: 'audits', id: 'a1', path: ['workflow', 'status'], value: '3' },
    ]);
    expect(result.activity).toEqual({
      verb: 'statusChanged',
      object: 'Audit A → Execution: Ready',
      objectUrl: '/audit/a1/auditexecution',
    });
  });

  it('reads the status of a client from before decision 71 as the step it was', () => {
    // The old stepper's "finish preparation" sent '2' and opened the execution tab.
    const result = apply(changeAuditStatusCommand, { id: 'a1', status: '2' }, withAudit());
    expect(result.ops).toEqual([
      { op: 'set', collection: 'audits', id: 'a1', path: ['workflow', 'status'], value: '3' },
    ]);
    expect(result.activity?.objectUrl).toBe('/audit/a1/auditexecution');
  });

  it('links the final status to the reporting tab and works without a comment', () => {
    const state = withAudit();
    const result = apply(changeAuditStatusCommand, { id: 'a1', status: '6' }, state);
    expect(result.activity).toEqual({
      verb: 'statusChanged',
      object: 'Audit A → Completed',
      objectUrl: '/audit/a1/auditreporting',
    });
  });

  it('writes only the activity for a comment on the same status, nothing without one', () => {
    const state = withAudit();
    expect(run(changeAuditStatusCommand, { id: 'a1', status: '1' }, state)).toMatchObject({
      ok: true,
      ops: [],
      unchanged: true,
    });
    const commented = run(
      changeAuditStatusCommand,
      { id: 'a1', status: '1', comment: 'Hi' },
      state,
    );
    expect(commented).toMatchObject({ ok: true, ops: [], activity: { verb: 'statusChanged' } });
  });

  it('accepts only ids of the configured audit workflow', () => {
    const state = withAudit();
    expect(run(changeAuditStatusCommand, { id: 'a1', status: 'Execution' }, state)).toEqual({
      ok: false,
      error: {
        code: 'rule',
        message: { key: 'audit.statusUnknown', params: { status: 'Execution' } },
      },
    });
    const workflow = {
      ...DEFAULT_WORKFLOW_CONFIG,
      audit: {
        ...DEFAULT_WORKFLOW_CONFIG.audit,
        statuses: [...DEFAULT_WORKFLOW_CONFIG.audit.statuses, { id: '7', description: 'Archived' }],
      },
    };
    state.apply([
      {
        op: 'set',
        collection: 'configuration',
        id: 'workflow',
        path: [],
        value: workflow as never,
      },
    ]);
    expect(run(changeAuditStatusCommand, { id: 'a1', status: '7' }, state).ok).toBe(true);
  });

  it('refuses a protected audit, outsiders and a missing audit', () => {
    const locked = protectedAudit();
    expect(
      run(changeAuditStatusCommand, { id: 'a1', status: '2' }, locked, ['auditor'], CO),
    ).toEqual(protectedRefusal);
    expect(
      run(changeAuditStatusCommand, { id: 'a1', status: '2' }, locked, ['auditor'], LEAD).ok,
    ).toBe(true);
    expect(
      run(changeAuditStatusCommand, { id: 'a1', status: '2' }, withAudit(), ['auditor'], OUTSIDER),
    ).toEqual(forbidden('audit.changeStatus'));
    expect(run(changeAuditStatusCommand, { id: 'zz', status: '2' }, locked)).toEqual(noAuditActive);
  });

  it('reads a stored workflow even when the audit has none', () => {
    const state = new OpsState({
      audits: { old: { id: 'old', name: 'Old', created_by: 'x', created_date: 'y' } },
    });
    const result = run(changeAuditStatusCommand, { id: 'old', status: '3' }, state);
    expect(result.ok && result.ops[0]?.path).toEqual(['workflow', 'status']);
  });
});

describe('audit.import', () => {
  const row = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    name: `Audit ${id}`,
    standard: 'iso9001',
    type: 'system',
    planning_year: 2024,
    ...extra,
  });

  it('creates an audit with defaults per valid row and counts the skipped ones', () => {
    const state = withAudit();
    const result = apply(
      importAuditsCommand,
      {
        audits: [
          row('b1', { leadauditor: LEAD, planning_date: '2024-06-01', process: 'p1, p2' }),
          row('b2', { planning_year: 2026, standard: ['iso9001', 'haccp'] }),
          row('b3', { name: '' }),
          row('b1'),
          row('a1'),
          row('b4', { planning_date: '2025-01-01' }),
        ],
      },
      state,
      ['admin'],
      'p-admin',
    );
    expect(result.ops.map((op) => op.id)).toEqual(['b1', 'b2']);
    expect(result.message).toEqual({ key: 'audit.imported', params: { count: 2, skipped: 4 } });
    expect(result.activity).toEqual({
      verb: 'importedAudits',
      object: '2',
      objectUrl: '/auditmatrix',
    });
    expect(state.get('audits', 'b1')).toMatchObject({
      leadauditor: LEAD,
      planning_date: '2024-06-01',
      workflow: { status: '1' },
      created_by: 'p-admin',
      process: [],
    });
    expect(state.get('audits', 'b2')).toMatchObject({
      leadauditor: null,
      planning_year: 2026,
      planning_date: null,
      standard: ['iso9001', 'haccp'],
    });
  });

  it('keeps the process of a process type and plans the current year for today', () => {
    const state = new OpsState();
    apply(
      importAuditsCommand,
      { audits: [row('b1', { type: 'Begehung', process: 'p1, p2' })] },
      state,
      ['admin'],
    );
    expect(state.get('audits', 'b1')).toMatchObject({
      process: ['p1', 'p2'],
      planning_date: '2024-05-01',
    });
  });

  it('rejects a file without a valid row, listing every problem with its row', () => {
    const result = run(
      importAuditsCommand,
      { audits: [row('b1', { name: ' ' }), row('b2', { planning_date: '2023-01-01' })] },
      new OpsState(),
      ['admin'],
    );
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'rule',
        message: { key: 'import.noRecords' },
        issues: [
          { key: 'import.fieldRequired', params: { field: 'name', min: 1, row: 1 } },
          { key: 'import.audit.planningDateInvalid', params: { value: '2023-01-01', row: 2 } },
        ],
      },
    });
  });

  it('is admin only (the admin view)', () => {
    for (const role of ROLE_IDS.filter((role) => role !== 'admin')) {
      expect(run(importAuditsCommand, { audits: [row('b1')] }, new OpsState(), [role])).toEqual(
        forbidden('audit.import'),
      );
    }
  });
});

describe('audit permission context', () => {
  it('reads protection, lead and team from the stored document', () => {
    expect(
      auditPermissionContext(
        { protected: true, leadauditor: LEAD, coauditors: [CO, 3], auditor: [TEAM_AUDITOR] },
        'me',
      ),
    ).toEqual({ userId: 'me', protected: true, leadauditor: LEAD, coauditors: [CO, TEAM_AUDITOR] });
    expect(auditPermissionContext({ leadauditor: 5, coauditors: 'x' }, 'me')).toEqual({
      userId: 'me',
      protected: false,
      leadauditor: null,
      coauditors: [],
    });
  });
});

describe('audit commands (property)', () => {
  const commands = [
    createAuditCommand,
    updateAuditCommand,
    deleteAuditCommand,
    protectAuditCommand,
    unprotectAuditCommand,
    changeAuditStatusCommand,
    importAuditsCommand,
  ] as const;

  it('never throw, are deterministic and leave only valid documents', () => {
    const args = fc.oneof(
      fc.anything(),
      fc.record({
        id: fc.constantFrom('a1', 'a2'),
        name: fc.oneof(fc.string(), fc.constant(undefined)),
        leadauditor: fc.constantFrom(LEAD, '', null),
        planning_year: fc.oneof(fc.integer({ min: 2020, max: 2026 }), fc.constant(null)),
        status: fc.constantFrom('1', '2', '9'),
        changes: fc.dictionary(
          fc.constantFrom('name', 'type', 'planning_year', 'audited_by', 'scope', 'leadauditor'),
          fc.jsonValue(),
        ),
        audits: fc.array(fc.record({ id: fc.string({ minLength: 1 }), name: fc.string() })),
      }),
    );
    expectDeterministicAndValid(
      commands as readonly unknown[] as readonly CommandDefinition[],
      args,
      withAudit,
      [LEAD, CO, OUTSIDER],
    );
  });
});
