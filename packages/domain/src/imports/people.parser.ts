import type { z } from 'zod/mini';
import { DEFAULT_USER_CONFIG } from '../config/user.config';
import { roleListSchema, type RoleId } from '../roles';
import { EMAIL_EXAMPLE, isValidEmail } from '../validation/email';
import {
  emptyReport,
  importIssue,
  isPlainObject,
  parseJsonText,
  type ImportIssue,
  type ImportReport,
} from './import-report';
import { readSemicolonCsv } from './semicolon-csv.parser';
import { decodeLatin1Csv } from './text-decoding';

/** A person to create (inactive, SPEC section 7 "import (each created inactive)"). */
export interface ImportedPerson {
  displayName: string;
  /** Lowercased; null when the file gives none. */
  email: string | null;
  /** Defaults to the configured `user.defaultRoles`, like a person created in the app. */
  roles: RoleId[];
}

export interface PeopleImportContext {
  /** Roles of an entry that gives none: configuration `user.defaultRoles` (default ['user']). */
  defaultRoles?: readonly RoleId[];
}

/**
 * People from a JSON array with at least one entry (SPEC section 5): `displayName` a
 * non-empty string; `email` optional (string, valid); `roles` optional (list of role ids, or a
 * comma-separated string). Bad entries are reported by their 1-based position and skipped;
 * a repeated e-mail is skipped too, since e-mail identifies a person at sign-in.
 */
export function parsePeopleJson(
  text: string,
  context: PeopleImportContext = {},
): ImportReport<ImportedPerson> {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return emptyReport([parsed.issue]);
  if (!Array.isArray(parsed.value) || parsed.value.length === 0) {
    return emptyReport([importIssue('import.notAList')]);
  }
  const entries = parsed.value.map((entry: unknown, index) => ({ entry, row: index + 1 }));
  return collectPeople(entries, context);
}

/**
 * People from CSV bytes, decoded as ISO-8859-1 (see `decodeLatin1Csv`), semicolon separated,
 * header required with `displayName` (or `name`), optional `email` and `roles` (roles
 * separated by commas). Rows are reported by line number.
 */
export function parsePeopleCsv(
  bytes: Uint8Array,
  context: PeopleImportContext = {},
): ImportReport<ImportedPerson> {
  const table = readSemicolonCsv(decodeLatin1Csv(bytes));
  const keys = table.header.map((name) => name.toLowerCase());
  const nameColumn = keys.includes('displayname') ? 'displayname' : 'name';
  if (table.header.length > 0 && !keys.includes(nameColumn)) {
    table.errors.push(
      importIssue('import.csv.headerMissing', undefined, { column: 'displayName' }),
    );
  }
  if (table.errors.some((issue) => issue.row === undefined)) return emptyReport(table.errors);
  const entries = table.rows.map((row) => ({
    row: row.line,
    entry: {
      displayName: row.values.get(nameColumn) ?? '',
      email: row.values.get('email') ?? '',
      roles: row.values.get('roles') ?? '',
    },
  }));
  const report = collectPeople(entries, context);
  report.errors.unshift(...table.errors);
  return report;
}

function collectPeople(
  entries: { entry: unknown; row: number }[],
  context: PeopleImportContext,
): ImportReport<ImportedPerson> {
  const defaultRoles = context.defaultRoles ?? DEFAULT_USER_CONFIG.defaultRoles;
  const report: ImportReport<ImportedPerson> = { records: [], errors: [], warnings: [] };
  const emails = new Set<string>();
  for (const { entry, row } of entries) {
    const person = personFromEntry(entry, row, defaultRoles, report.errors);
    if (!person) continue;
    if (person.email !== null) {
      if (emails.has(person.email)) {
        report.errors.push(
          importIssue('import.people.duplicateEmail', row, { email: person.email }),
        );
        continue;
      }
      emails.add(person.email);
    }
    report.records.push(person);
  }
  if (report.records.length === 0) report.errors.push(importIssue('import.noRecords'));
  return report;
}

function personFromEntry(
  entry: unknown,
  row: number,
  defaultRoles: readonly RoleId[],
  errors: ImportIssue[],
): ImportedPerson | null {
  if (!isPlainObject(entry)) {
    errors.push(importIssue('import.entryNotObject', row));
    return null;
  }
  const { displayName, email, roles } = entry;
  if (typeof displayName !== 'string' || displayName.trim() === '') {
    errors.push(importIssue('person.nameRequired', row));
    return null;
  }
  let normalisedEmail: string | null = null;
  if (email !== undefined && email !== null && email !== '') {
    normalisedEmail = typeof email === 'string' ? email.trim().toLowerCase() : '';
    if (!isValidEmail(normalisedEmail)) {
      errors.push(importIssue('person.emailInvalid', row, { example: EMAIL_EXAMPLE }));
      return null;
    }
  }
  const roleList = parseRoles(roles, defaultRoles);
  if (!roleList.success) {
    errors.push(importIssue('import.people.rolesInvalid', row, { value: describe(roles) }));
    return null;
  }
  return { displayName: displayName.trim(), email: normalisedEmail, roles: roleList.data };
}

function parseRoles(
  roles: unknown,
  defaultRoles: readonly RoleId[],
): z.core.util.SafeParseResult<RoleId[]> {
  if (roles === undefined || roles === null || roles === '') {
    return { success: true, data: [...defaultRoles] };
  }
  const list =
    typeof roles === 'string'
      ? roles
          .split(',')
          .map((role) => role.trim())
          .filter((role) => role !== '')
      : roles;
  return roleListSchema.safeParse(list);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
