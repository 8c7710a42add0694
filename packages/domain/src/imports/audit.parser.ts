import {
  emptyReport,
  importIssue,
  isPlainObject,
  looksLikeJson,
  parseJsonText,
  type ImportIssue,
  type ImportReport,
} from './import-report';
import type { ConfigOption } from '../config/localized-text.schema';
import type { DomainMessage } from '../messages/message';
import { readSemicolonCsv } from './semicolon-csv.parser';

/**
 * The fields of an audit import. Required: what an audit cannot be planned without (name,
 * standard, type, planning year). Optional: who audits, the party, a planned date and the
 * process. Everything else (workflow status '1', empty lists) is the new-audit default the
 * caller applies when creating the audits.
 */
export const AUDIT_IMPORT_REQUIRED_FIELDS = ['name', 'standard', 'type', 'planning_year'] as const;
export const AUDIT_IMPORT_OPTIONAL_FIELDS = [
  'audited_by',
  'leadauditor',
  'planning_date',
  'process',
  'audit_reason',
] as const;

export interface ImportedAudit {
  name: string;
  /** One standard id, or several (JSON list, or comma-separated in CSV). */
  standard: string | string[];
  type: string;
  planning_year: number;
  audited_by?: string;
  leadauditor?: string;
  planning_date?: string;
  process?: string;
  audit_reason?: string;
}

export interface AuditImportContext {
  /** When given, standards and types must be among them. */
  knownStandards?: readonly string[];
  knownTypes?: readonly string[];
  /** When given, `audited_by` must name one of them (by id or label) and becomes its id. */
  parties?: readonly ConfigOption[];
  /** When given, the lead auditor is one of them, named by id or e-mail, and becomes the id. */
  people?: readonly { id: string; email: string | null }[];
  /** The import command's own checks of a record (`importedAuditIssues`), run on each. */
  check?: (audit: ImportedAudit) => DomainMessage[];
}

const folded = (value: string) => value.trim().toLocaleLowerCase('de');

/**
 * The configured party a file names: by id or by its label in either language, any case
 * ("supplier", "Lieferant" and "LIEFERANT" all name the supplier party); null when none.
 */
export function partyIdOf(value: string, parties: readonly ConfigOption[]): string | null {
  const wanted = folded(value);
  const party = parties.find((candidate) =>
    [candidate.id, candidate.label.de, candidate.label.en].some((name) => folded(name) === wanted),
  );
  return party?.id ?? null;
}

/** The person a file names as lead auditor, by id or e-mail address (any case); null if none. */
export function leadAuditorIdOf(
  value: string,
  people: readonly { id: string; email: string | null }[],
): string | null {
  const wanted = folded(value);
  const person = value.includes('@')
    ? people.find((candidate) => candidate.email !== null && folded(candidate.email) === wanted)
    : people.find((candidate) => candidate.id === value.trim());
  return person?.id ?? null;
}

const YEAR_PATTERN = /^\d{4}$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Audits from JSON (an array of objects, or one object) or from a semicolon CSV with a header
 * row (SPEC section 5: "Audit import ... accepts JSON or CSV"). An empty required field is
 * 'Feld darf nicht leer sein' with the field name; a bad entry is reported and skipped.
 * Rows: the 1-based position in JSON, the line number in CSV.
 */
export function parseAuditImport(
  text: string,
  context: AuditImportContext = {},
): ImportReport<ImportedAudit> {
  return looksLikeJson(text) ? parseAuditsJson(text, context) : parseAuditsCsv(text, context);
}

export function parseAuditsJson(
  text: string,
  context: AuditImportContext = {},
): ImportReport<ImportedAudit> {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return emptyReport([parsed.issue]);
  const list = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  return collect(
    list.map((entry: unknown, index) => ({ entry, row: index + 1 })),
    context,
  );
}

export function parseAuditsCsv(
  text: string,
  context: AuditImportContext = {},
): ImportReport<ImportedAudit> {
  const table = readSemicolonCsv(text);
  const keys = table.header.map((name) => name.toLowerCase());
  for (const column of AUDIT_IMPORT_REQUIRED_FIELDS) {
    if (table.header.length > 0 && !keys.includes(column)) {
      table.errors.push(importIssue('import.csv.headerMissing', undefined, { column }));
    }
  }
  if (table.errors.some((issue) => issue.row === undefined)) return emptyReport(table.errors);
  const entries = table.rows.map((row) => {
    const entry: Record<string, unknown> = {};
    for (const field of [...AUDIT_IMPORT_REQUIRED_FIELDS, ...AUDIT_IMPORT_OPTIONAL_FIELDS]) {
      const value = row.values.get(field);
      if (value !== undefined) entry[field] = value;
    }
    const standards = String(entry.standard ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
    entry.standard = standards.length > 1 ? standards : (standards[0] ?? '');
    return { entry, row: row.line };
  });
  const report = collect(entries, context);
  report.errors.unshift(...table.errors);
  return report;
}

function collect(
  entries: { entry: unknown; row: number }[],
  context: AuditImportContext,
): ImportReport<ImportedAudit> {
  const report: ImportReport<ImportedAudit> = { records: [], errors: [], warnings: [] };
  for (const { entry, row } of entries) {
    const audit = auditFromEntry(entry, row, context, report.errors);
    if (audit) report.records.push(audit);
  }
  if (report.records.length === 0) report.errors.push(importIssue('import.noRecords'));
  return report;
}

/** A text field: strings trimmed, numbers accepted as text; anything else is not text. */
function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function auditFromEntry(
  entry: unknown,
  row: number,
  context: AuditImportContext,
  errors: ImportIssue[],
): ImportedAudit | null {
  if (!isPlainObject(entry)) {
    errors.push(importIssue('import.entryNotObject', row));
    return null;
  }
  const before = errors.length;
  const fields: Record<string, string> = {};
  for (const field of [...AUDIT_IMPORT_REQUIRED_FIELDS, ...AUDIT_IMPORT_OPTIONAL_FIELDS]) {
    if (field === 'standard') continue;
    const value = textOf(entry[field]);
    if (value === null) errors.push(importIssue('import.audit.fieldNotText', row, { field }));
    else fields[field] = value;
  }
  const standard = standardOf(entry.standard);
  if (standard === null) {
    errors.push(importIssue('import.audit.fieldNotText', row, { field: 'standard' }));
  }
  for (const field of AUDIT_IMPORT_REQUIRED_FIELDS) {
    const empty =
      field === 'standard' ? standard !== null && standard.length === 0 : fields[field] === '';
    if (empty) errors.push(importIssue('import.fieldRequired', row, { field }));
  }
  if (errors.length > before || standard === null) return null;

  const yearText = fields.planning_year ?? '';
  if (!YEAR_PATTERN.test(yearText)) {
    errors.push(importIssue('import.audit.planningYearInvalid', row, { value: yearText }));
    return null;
  }
  const planningDate = fields.planning_date ?? '';
  if (planningDate !== '' && !isDateInYear(planningDate, yearText)) {
    errors.push(importIssue('import.audit.planningDateInvalid', row, { value: planningDate }));
    return null;
  }
  for (const id of standard) {
    if (context.knownStandards && !context.knownStandards.includes(id)) {
      errors.push(importIssue('import.audit.unknownStandard', row, { value: id }));
      return null;
    }
  }
  const type = fields.type ?? '';
  if (context.knownTypes && !context.knownTypes.includes(type)) {
    errors.push(importIssue('import.audit.unknownType', row, { value: type }));
    return null;
  }

  const party = fields.audited_by ?? '';
  if (party !== '' && context.parties) {
    const id = partyIdOf(party, context.parties);
    if (id === null) {
      errors.push(importIssue('import.audit.unknownParty', row, { value: party }));
      return null;
    }
    fields.audited_by = id;
  }
  const lead = fields.leadauditor ?? '';
  if (lead !== '' && context.people) {
    const id = leadAuditorIdOf(lead, context.people);
    if (id === null) {
      errors.push(importIssue('import.audit.unknownLeadAuditor', row, { value: lead }));
      return null;
    }
    fields.leadauditor = id;
  }

  const audit: ImportedAudit = {
    name: fields.name ?? '',
    standard: standard.length === 1 ? (standard[0] as string) : standard,
    type,
    planning_year: Number(yearText),
  };
  for (const field of AUDIT_IMPORT_OPTIONAL_FIELDS) {
    const value = fields[field];
    if (value) audit[field] = value;
  }
  const problems = context.check?.(audit) ?? [];
  if (problems.length > 0) {
    for (const problem of problems) errors.push({ ...problem, row });
    return null;
  }
  return audit;
}

/** The standard as a list of ids: a string, or a list of strings; null when neither. */
function standardOf(value: unknown): string[] | null {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()];
  if (Array.isArray(value) && value.every((id) => typeof id === 'string')) {
    return value.map((id: string) => id.trim()).filter((id) => id !== '');
  }
  return null;
}

/** A real calendar date (no 2025-02-30) inside the planning year. */
function isDateInYear(value: string, year: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match || match[1] !== year) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  const daysInMonth = new Date(Date.UTC(Number(year), month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}
