import { describe, expect, it } from 'vitest';
import { auditItemSchema } from '../audit/audit-item.schema';
import { DEFAULT_AUDIT_CONFIG } from '../config/audit.config';
import { DEFAULT_FINDING_TYPES, DEFAULT_IMPORTANCES } from '../config/default-types';
import { scoreAudit } from '../scoring/scoring';
import { newAuditDefaults } from './audit-defaults';
import { auditFormSchema, auditMetadataUpdateSchema, requireActiveAudit } from './audit-update';
import { auditSchema, templateSchema } from './audit.schema';

const minimal = {
  id: 'a1',
  name: 'Supplier audit Munich',
  created_by: 'u1',
  created_date: '2025-03-01T10:00:00Z',
  leadauditor: 'u2',
  planning_year: 2025,
};

describe('auditSchema', () => {
  it('fills the defaults of a new document', () => {
    const audit = auditSchema.parse(minimal);
    expect(audit).toMatchObject({
      protected: false,
      standard: [],
      scope: [],
      coauditors: [],
      responsible: null,
      workflow: { status: '1' },
      status: null,
      reportSchema: { calcSchema: 'deviation', customResult: null },
      attachments: {},
      metadata: { supplier: { name: '', location: '', no: '' }, material: { group: '', id: '' } },
      companyMetadata: null,
    });
  });

  it('a new audit on the default configuration scores one major deviation below 100 %', () => {
    const audit = auditSchema.parse(minimal);
    // A partial reportSchema gets the same default as a missing one.
    expect(auditSchema.parse({ ...minimal, reportSchema: {} }).reportSchema.calcSchema).toBe(
      DEFAULT_AUDIT_CONFIG.report.calcSchema,
    );
    expect(audit.reportSchema.calcSchema).toBe(DEFAULT_AUDIT_CONFIG.report.calcSchema);
    const item = auditItemSchema.parse({
      id: 'i1',
      auditId: audit.id,
      question: { text: 'Is the process documented?', importance: '9' },
      deviations: { f1: { id: 'f1', importance: '9' } },
    });
    const score = scoreAudit([item], {
      calcSchema: audit.reportSchema.calcSchema,
      findingTypes: DEFAULT_FINDING_TYPES,
      importances: DEFAULT_IMPORTANCES,
    });
    expect(score.schema).toBe('deviation');
    expect(score.total.percent).toBe(0);
  });

  it('strips a legacy audit_items map: items are their own documents', () => {
    const audit = auditSchema.parse({ ...minimal, audit_items: { x: { id: 'x' } } });
    expect(audit).not.toHaveProperty('audit_items');
  });

  it.each([
    ['name', { name: '  ' }],
    ['name', { name: undefined }],
    ['leadauditor', { leadauditor: '' }],
    ['leadauditor', { leadauditor: undefined }],
    ['planning_year', { planning_year: undefined }],
  ])('requires %s with "Item is required"', (field, change) => {
    const result = auditSchema.safeParse({ ...minimal, ...change });
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: [field], message: 'validation.required' }),
    );
  });

  it('accepts a standard id or a list, and a scope list or object', () => {
    expect(auditSchema.parse({ ...minimal, standard: 'iso9001' }).standard).toBe('iso9001');
    expect(auditSchema.parse({ ...minimal, standard: ['iso9001', 'haccp'] }).standard).toEqual([
      'iso9001',
      'haccp',
    ]);
    const scope = [{ plant: 'Munich', productline: 'TGX' }, 'site-1'];
    expect(auditSchema.parse({ ...minimal, scope }).scope).toEqual(scope);
    expect(auditSchema.parse({ ...minimal, scope: { plant: 'Styr' } }).scope).toEqual({
      plant: 'Styr',
    });
  });

  it('keeps attachments by file id', () => {
    const attachments = {
      f1: { id: 'f1', name: 'plan.pdf', url: '/files/f1', bucket_path: 'attachments/plan_f1.pdf' },
    };
    expect(auditSchema.parse({ ...minimal, attachments }).attachments).toEqual(attachments);
    expect(auditSchema.safeParse({ ...minimal, attachments: { f1: { id: 'f1' } } }).success).toBe(
      false,
    );
  });

  it('rejects a planning date not in YYYY-MM-DD', () => {
    expect(auditSchema.safeParse({ ...minimal, planning_date: '1.3.2025' }).success).toBe(false);
  });
});

describe('templateSchema', () => {
  it('needs neither lead auditor nor planning year', () => {
    const { leadauditor: _lead, planning_year: _year, ...template } = minimal;
    expect(templateSchema.parse(template)).toMatchObject({
      leadauditor: null,
      planning_year: null,
    });
  });
});

describe('newAuditDefaults', () => {
  it('starts at workflow status 1, empty lists, planned today', () => {
    const defaults = newAuditDefaults('2026-02-11');
    expect(defaults.workflow).toEqual({ status: '1' });
    expect(defaults.planning_date).toBe('2026-02-11');
    expect(defaults.planning_year).toBe(2026);
    for (const list of [
      defaults.coauditors,
      defaults.auditing_date,
      defaults.scope,
      defaults.tags,
    ]) {
      expect(list).toEqual([]);
    }
  });

  it('makes a valid audit together with what the user enters', () => {
    const audit = auditSchema.parse({
      ...newAuditDefaults('2026-02-11'),
      ...minimal,
      planning_year: 2026,
    });
    expect(audit.workflow.status).toBe('1');
  });

  it('rejects a malformed today', () => {
    expect(() => newAuditDefaults('11.02.2026')).toThrow();
  });
});

describe('auditFormSchema', () => {
  it('accepts dates in the planning year', () => {
    const form = { ...minimal, planning_date: '2025-06-01', auditing_date: ['2025-06-02'] };
    expect(auditFormSchema.safeParse(form).success).toBe(true);
  });

  it('reports each date outside the planning year', () => {
    const form = {
      ...minimal,
      planning_date: '2024-12-31',
      auditing_date: ['2025-01-02', '2026-01-01'],
    };
    const issues = auditFormSchema.safeParse(form).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['planning_date'], 'audit.dateOutsidePlanningYear'],
      [['auditing_date', 1], 'audit.dateOutsidePlanningYear'],
    ]);
  });
});

describe('auditMetadataUpdateSchema', () => {
  it('strips what the metadata update must not write', () => {
    const update = auditMetadataUpdateSchema.parse({
      name: 'Renamed',
      id: 'other',
      workflow: { status: '6' },
      companyMetadata: {},
      members: ['u9'],
      additionalReportData: { x: 1 },
      attachments: {},
      audit_items: {},
      hasPendingWrites: true,
      fromCache: true,
      exists: true,
    });
    expect(update).toEqual({ name: 'Renamed', responsible: null });
  });

  it('leaves absent fields absent (no defaults) but keeps given ones', () => {
    const update = auditMetadataUpdateSchema.parse({ tags: ['a'], responsible: 'u3' });
    expect(update).toEqual({ tags: ['a'], responsible: 'u3' });
  });

  it('still validates the fields it carries', () => {
    expect(auditMetadataUpdateSchema.safeParse({ name: '' }).success).toBe(false);
    expect(auditMetadataUpdateSchema.safeParse({ planning_date: 'soon' }).success).toBe(false);
  });
});

describe('requireActiveAudit', () => {
  it('answers no-audit-active without an audit', () => {
    expect(requireActiveAudit(null)).toEqual({ key: 'audit.noAuditActive' });
    expect(requireActiveAudit(undefined)).toEqual({ key: 'audit.noAuditActive' });
    expect(requireActiveAudit(auditSchema.parse(minimal))).toBeNull();
  });
});

describe('planning year', () => {
  it('must be a four-digit year', () => {
    for (const planning_year of [2025.5, 99, 10000]) {
      const result = auditSchema.safeParse({ ...minimal, planning_year });
      expect(result.error?.issues[0]?.message).toBe('validation.year');
    }
  });
});
