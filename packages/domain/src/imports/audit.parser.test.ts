import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importedAuditIssues } from '../commands/audit.commands';
import { DEFAULT_AUDIT_CONFIG } from '../config/audit.config';
import { parseAuditImport } from './audit.parser';

describe('audit import', () => {
  it('reads JSON: required name, standard, type, planning_year; optional fields kept', () => {
    const report = parseAuditImport(
      JSON.stringify([
        {
          name: ' Lieferant X ',
          standard: ['iso9001', 'iso14001'],
          type: 'Prozessaudit',
          planning_year: 2026,
          audited_by: 'Lieferant',
          planning_date: '2026-03-02',
          leadauditor: 'p1',
          ignored: 'x',
        },
      ]),
    );
    expect(report.errors).toEqual([]);
    expect(report.records).toEqual([
      {
        name: 'Lieferant X',
        standard: ['iso9001', 'iso14001'],
        type: 'Prozessaudit',
        planning_year: 2026,
        audited_by: 'Lieferant',
        planning_date: '2026-03-02',
        leadauditor: 'p1',
      },
    ]);
    expect(
      parseAuditImport('{"name":"A","standard":"iso9001","type":"t","planning_year":"2025"}')
        .records,
    ).toEqual([{ name: 'A', standard: 'iso9001', type: 't', planning_year: 2025 }]);
  });

  it("an empty required field is 'Feld darf nicht leer sein' naming the field", () => {
    const report = parseAuditImport('[{"name":"","standard":[],"type":"t"}]');
    expect(report.errors).toEqual([
      { key: 'import.fieldRequired', row: 1, params: { row: 1, field: 'name' } },
      { key: 'import.fieldRequired', row: 1, params: { row: 1, field: 'standard' } },
      { key: 'import.fieldRequired', row: 1, params: { row: 1, field: 'planning_year' } },
      { key: 'import.noRecords', params: {} },
    ]);
  });

  it('reads CSV with a header; standards separated by commas; rows by line', () => {
    const report = parseAuditImport(
      'name;standard;type;planning_year;process\nA;"iso9001, vda63";Prozessaudit;2026;Montage\n\nB;iso9001;system;26;',
    );
    expect(report.records).toEqual([
      {
        name: 'A',
        standard: ['iso9001', 'vda63'],
        type: 'Prozessaudit',
        planning_year: 2026,
        process: 'Montage',
      },
    ]);
    expect(report.errors).toEqual([
      {
        key: 'import.audit.planningYearInvalid',
        row: 4,
        params: { row: 4, value: '26' },
      },
    ]);
    expect(parseAuditImport('name;standard\nA;b').errors.map((issue) => issue.params)).toEqual([
      { column: 'type' },
      { column: 'planning_year' },
    ]);
  });

  it('checks the planning date lies in the planning year, and known standards and types', () => {
    const base = { name: 'A', standard: 'iso9001', type: 'system', planning_year: 2024 };
    const keyOf = (entry: object, context = {}) =>
      parseAuditImport(JSON.stringify(entry), context).errors[0]?.key;
    expect(keyOf({ ...base, planning_date: '2025-01-01' })).toBe(
      'import.audit.planningDateInvalid',
    );
    expect(keyOf({ ...base, planning_date: '2024-02-30' })).toBe(
      'import.audit.planningDateInvalid',
    );
    expect(keyOf({ ...base, planning_date: '2024-02-29' })).toBeUndefined();
    expect(keyOf({ ...base, name: { x: 1 } })).toBe('import.audit.fieldNotText');
    expect(keyOf({ ...base, standard: 5 })).toBe('import.audit.fieldNotText');
    expect(keyOf(base, { knownStandards: ['iso14001'] })).toBe('import.audit.unknownStandard');
    expect(keyOf(base, { knownTypes: ['process'] })).toBe('import.audit.unknownType');
    expect(keyOf([base, 'x'])).toBe('import.entryNotObject');
    expect(parseAuditImport('[1').errors[0]?.key).toBe('import.json.invalid');
  });

  it('never throws, and reports every CSV row without a name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const report = parseAuditImport(text);
        expect(report.records.length > 0 || report.errors.length > 0).toBe(true);
      }),
    );
    const cell = fc.string().map((value) => value.replace(/[;"\r\n]/g, '').trim());
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, fc.boolean())), (rows) => {
        const lines = rows.map(([name, other]) => `${name};iso9001;${other ? 't' : 'u'};2026`);
        const report = parseAuditImport(['name;standard;type;planning_year', ...lines].join('\n'));
        const missing = rows.flatMap(([name], index) => (name === '' ? [index + 2] : []));
        expect(
          report.errors
            .filter((issue) => issue.key === 'import.fieldRequired')
            .map((issue) => issue.row),
        ).toEqual(missing);
        expect(report.records).toHaveLength(rows.length - missing.length);
      }),
    );
  });

  const goodAudit = fc.record({
    name: fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,12}$/),
    standard: fc.constantFrom('iso9001', 'haccp'),
    type: fc.constantFrom('process', 'Begehung'),
    planning_year: fc.integer({ min: 2000, max: 2099 }),
  });
  /** Each turns a good audit into a bad one, in a way the CSV can carry too. */
  const spoilers: ((audit: Record<string, unknown>) => Record<string, unknown>)[] = [
    (audit) => ({ ...audit, name: '' }),
    (audit) => ({ ...audit, standard: '' }),
    (audit) => ({ ...audit, type: '' }),
    (audit) => ({ ...audit, planning_year: '' }),
    (audit) => ({ ...audit, planning_year: '20x6' }),
    (audit) => ({ ...audit, planning_date: '1999-01-01' }),
    (audit) => ({ ...audit, planning_date: `${String(audit.planning_year)}-02-30` }),
    (audit) => ({ ...audit, standard: 'unknown-standard' }),
    (audit) => ({ ...audit, type: 'unknown-type' }),
    (audit) => ({ ...audit, name: '', type: '', standard: '' }),
  ];
  const context = { knownStandards: ['iso9001', 'haccp'], knownTypes: ['process', 'Begehung'] };
  const entryArb = fc.tuple(goodAudit, fc.option(fc.nat(spoilers.length - 1), { nil: null }));

  it('reports every bad JSON entry by its position, and keeps every good one', () => {
    const notObject = fc.constantFrom<unknown>('audit', 5, null, []);
    const entry = fc.oneof(
      entryArb.map(([audit, spoil]) => ({
        bad: spoil !== null,
        value: spoil === null ? audit : spoilers[spoil]!(audit),
      })),
      notObject.map((value) => ({ bad: true, value })),
      fc.constant({ bad: true, value: { name: { x: 1 }, standard: 'iso9001', type: 'process' } }),
    );
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 12 }), (entries) => {
        const report = parseAuditImport(JSON.stringify(entries.map(({ value }) => value)), context);
        const badRows = entries.flatMap(({ bad }, index) => (bad ? [index + 1] : []));
        const reported = [...new Set(report.errors.flatMap((issue) => issue.row ?? []))];
        expect(reported).toEqual(badRows);
        expect(report.records).toHaveLength(entries.length - badRows.length);
      }),
    );
  });

  it('reports every bad CSV row by its line, and keeps every good one', () => {
    const columns = ['name', 'standard', 'type', 'planning_year', 'planning_date'] as const;
    fc.assert(
      fc.property(fc.array(entryArb, { minLength: 1, maxLength: 12 }), (entries) => {
        const rows = entries.map(([audit, spoil]) =>
          spoil === null ? audit : spoilers[spoil]!(audit),
        );
        const lines = rows.map((row) =>
          columns.map((column) => String((row as Record<string, unknown>)[column] ?? '')).join(';'),
        );
        const report = parseAuditImport([columns.join(';'), ...lines].join('\n'), context);
        const badLines = entries.flatMap(([, spoil], index) => (spoil !== null ? [index + 2] : []));
        const reported = [...new Set(report.errors.flatMap((issue) => issue.row ?? []))];
        expect(reported).toEqual(badLines);
        expect(report.records).toHaveLength(entries.length - badLines.length);
      }),
    );
  });

  describe('mapped onto the installation', () => {
    const base = { name: 'A', standard: 'iso9001', type: 'system', planning_year: 2026 };
    const context = {
      parties: DEFAULT_AUDIT_CONFIG.parties,
      people: [
        { id: 'p1', email: 'erika.lead@example.com' },
        { id: 'p2', email: null },
      ],
    };
    const parse = (rows: object[]) => parseAuditImport(JSON.stringify(rows), context);

    it('takes the party by id or label in either language, any case, as the configured id', () => {
      const report = parse(
        ['supplier', 'Lieferant', 'LIEFERANT', 'extern', 'Internal'].map((party) => ({
          ...base,
          audited_by: party,
        })),
      );
      expect(report.records.map((audit) => audit.audited_by)).toEqual([
        'Lieferant',
        'Lieferant',
        'Lieferant',
        'external',
        'internal',
      ]);
      expect(parse([{ ...base, audited_by: 'Kunde' }]).errors[0]).toEqual({
        key: 'import.audit.unknownParty',
        row: 1,
        params: { row: 1, value: 'Kunde' },
      });
    });

    it('takes the lead auditor by id or e-mail address and stores the id', () => {
      const report = parse([
        { ...base, leadauditor: 'Erika.Lead@Example.com' },
        { ...base, leadauditor: 'p2' },
        { ...base, leadauditor: 'nobody@example.com' },
      ]);
      expect(report.records.map((audit) => audit.leadauditor)).toEqual(['p1', 'p2']);
      expect(report.errors).toEqual([
        {
          key: 'import.audit.unknownLeadAuditor',
          row: 3,
          params: { row: 3, value: 'nobody@example.com' },
        },
      ]);
    });

    it("rejects in the preview what the import command would refuse, by the command's checks", () => {
      const check = (audit: object) =>
        importedAuditIssues(audit, '2026-05-01T10:00:00.000Z', DEFAULT_AUDIT_CONFIG);
      const report = parseAuditImport(JSON.stringify([base, { ...base, name: 'x'.repeat(300) }]), {
        check,
      });
      expect(report.records).toEqual([base]);
      expect(report.errors).toEqual([
        expect.objectContaining({ key: 'validation.maxLength', row: 2 }),
      ]);
    });
  });
});
