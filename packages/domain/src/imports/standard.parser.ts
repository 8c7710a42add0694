import {
  generateStandardId,
  standardChapterSchema,
  standardInputSchema,
  type Standard,
  type StandardChapter,
} from '../entities/standard.schema';
import {
  emptyReport,
  importIssue,
  isPlainObject,
  issuesFromZod,
  looksLikeJson,
  parseJsonText,
  type ImportReport,
} from './import-report';
import { readSemicolonCsv } from './semicolon-csv.parser';

/** The dialog fields next to the chapter text: id (optional), name and description. */
export interface StandardFormFields {
  id?: string;
  name?: string;
  description?: string;
}

export interface StandardImportContext {
  /** Ids of the standards already stored: a given id must be new, a generated one is unique. */
  existingIds: Iterable<string>;
}

/**
 * Chapters from JSON: an array of `{id, description}`; each bad entry reported by position.
 * Repeated chapter ids are left to `standardSchema` (checked once, in `buildStandard`).
 */
export function parseStandardChaptersJson(text: string): ImportReport<StandardChapter> {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return emptyReport([parsed.issue]);
  return chaptersFromValue(parsed.value);
}

function chaptersFromValue(value: unknown): ImportReport<StandardChapter> {
  if (!Array.isArray(value) || value.length === 0) {
    return emptyReport([importIssue('standard.chaptersRequired')]);
  }
  const report: ImportReport<StandardChapter> = { records: [], errors: [], warnings: [] };
  value.forEach((entry: unknown, index) => {
    const result = standardChapterSchema.safeParse(entry);
    if (result.success) report.records.push(result.data);
    // Several zod issues on one chapter say the same thing twice; one per entry is enough.
    else report.errors.push(...issuesFromZod(result.error, index + 1).slice(0, 1));
  });
  return report;
}

/** Chapters from a semicolon CSV with the columns `id` and `description` (header required). */
export function parseStandardChaptersCsv(text: string): ImportReport<StandardChapter> {
  const table = readSemicolonCsv(text);
  const report: ImportReport<StandardChapter> = {
    records: [],
    errors: [...table.errors],
    warnings: [],
  };
  const keys = table.header.map((name) => name.toLowerCase());
  for (const column of ['id', 'description']) {
    if (table.header.length > 0 && !keys.includes(column)) {
      report.errors.push(importIssue('import.csv.headerMissing', undefined, { column }));
    }
  }
  if (report.errors.some((issue) => issue.row === undefined)) return report;
  for (const row of table.rows) {
    const id = row.values.get('id') ?? '';
    const description = row.values.get('description') ?? '';
    if (id === '' || description === '') {
      report.errors.push(importIssue('standard.emptyField', row.line));
    } else {
      report.records.push({ id, description });
    }
  }
  if (report.records.length === 0 && report.errors.length === 0) {
    report.errors.push(importIssue('standard.chaptersRequired'));
  }
  return report;
}

/**
 * Validates a whole standard (SPEC section 5): the id is optional and generated from the name
 * when missing; a given id must not be taken. The single record is the standard to store.
 */
export function buildStandard(
  input: unknown,
  context: StandardImportContext,
): ImportReport<Standard> {
  const result = standardInputSchema.safeParse(input);
  if (!result.success) return emptyReport(issuesFromZod(result.error));
  const existing = [...context.existingIds];
  const taken = new Set(existing.map((id) => id.toLowerCase()));
  const { id, ...rest } = result.data;
  if (id !== undefined && taken.has(id.toLowerCase())) {
    return emptyReport([importIssue('standard.idTaken', undefined, { id })]);
  }
  return {
    records: [{ id: id ?? generateStandardId(rest.name, existing), ...rest }],
    errors: [],
    warnings: [],
  };
}

/**
 * The standard import dialog in one call. `text` is either a whole standard as a JSON object
 * (its fields win; the form fields fill the missing ones), or its chapters as a JSON array or
 * as a semicolon CSV, combined with the form fields. Any bad chapter rejects the standard.
 */
export function parseStandardImport(
  text: string,
  form: StandardFormFields,
  context: StandardImportContext,
): ImportReport<Standard> {
  let fields: Record<string, unknown> = { ...form };
  let chapters: ImportReport<StandardChapter>;
  if (looksLikeJson(text)) {
    const parsed = parseJsonText(text);
    if (!parsed.ok) return emptyReport([parsed.issue]);
    if (isPlainObject(parsed.value)) {
      fields = { ...form, ...parsed.value };
      chapters = chaptersFromValue(parsed.value.chapters);
    } else {
      chapters = chaptersFromValue(parsed.value);
    }
  } else {
    chapters = parseStandardChaptersCsv(text);
  }
  if (chapters.errors.length > 0) return emptyReport(chapters.errors);
  return buildStandard({ ...fields, chapters: chapters.records }, context);
}
