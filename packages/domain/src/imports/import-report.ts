import type { z } from 'zod/mini';
import type { DomainMessage } from '../messages/message';
import type { ImportMessageKey } from '../messages/imports.messages';
import { customIssueParams } from '../entities/validation-issue';

/**
 * One problem found while importing. `row` is the 1-based line number in a CSV file (the
 * header is line 1; a quoted field spanning lines counts from the line it starts on), or the
 * 1-based position of the entry in a JSON array.
 */
export interface ImportIssue extends DomainMessage {
  row?: number;
}

/**
 * What every parser returns instead of throwing: the valid records, the errors (rows that were
 * rejected, or a reason the whole file was rejected) and warnings (rows imported with a repair).
 */
export interface ImportReport<T> {
  records: T[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

export function importIssue(
  key: ImportMessageKey,
  row?: number,
  params: Record<string, string | number> = {},
): ImportIssue {
  const withRow = row === undefined ? params : { row, ...params };
  return row === undefined ? { key, params: withRow } : { key, row, params: withRow };
}

export function emptyReport<T>(errors: ImportIssue[] = []): ImportReport<T> {
  return { records: [], errors, warnings: [] };
}

/**
 * Turns zod issues into import issues. The schemas of this area carry message keys as their
 * error messages, so the key is the issue's message; the field path goes into the params, and
 * the limit of a length check ('Max {max} characters').
 */
export function issuesFromZod(error: z.core.$ZodError, row?: number): ImportIssue[] {
  return error.issues.map((issue) => ({
    ...(row === undefined ? {} : { row }),
    key: issue.message,
    params: {
      ...customIssueParams(issue),
      ...(issue.code === 'too_big' && issue.message === 'validation.maxLength'
        ? { max: Number(issue.maximum) }
        : {}),
      ...(row === undefined ? {} : { row }),
      field: issue.path.map(String).join('.'),
    },
  }));
}

/** JSON.parse that reports instead of throwing. */
export function parseJsonText(
  text: string,
): { ok: true; value: unknown } | { ok: false; issue: ImportIssue } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, issue: importIssue('import.json.invalid', undefined, { reason }) };
  }
}

/** JSON or CSV? A file whose first visible character opens an array or object is JSON. */
export function looksLikeJson(text: string): boolean {
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  return first === '[' || first === '{';
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
