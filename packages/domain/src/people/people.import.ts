import { readSemicolonCsv } from '../imports/semicolon-csv.parser';
import { decodeLatin1Csv } from '../imports/text-decoding';
import { normalizePersonEmail } from '../person';

/**
 * Where each e-mail of a people import file stands (CSV: the line, JSON: the 1-based entry), so
 * a record the server refuses later (an e-mail someone has already) is reported by its row like
 * the parser's own rejections. The first occurrence counts; the parser drops repeats.
 */
export function importRowsByEmail(
  file: { csv: Uint8Array } | { json: string },
): Map<string, number> {
  const rows = new Map<string, number>();
  const add = (email: unknown, row: number) => {
    if (typeof email !== 'string' || email.trim() === '') return;
    const key = normalizePersonEmail(email);
    if (!rows.has(key)) rows.set(key, row);
  };
  if ('csv' in file) {
    for (const row of readSemicolonCsv(decodeLatin1Csv(file.csv)).rows) {
      add(row.values.get('email'), row.line);
    }
    return rows;
  }
  let entries: unknown;
  try {
    entries = JSON.parse(file.json);
  } catch {
    return rows;
  }
  if (!Array.isArray(entries)) return rows;
  entries.forEach((entry: unknown, index) => {
    if (typeof entry === 'object' && entry !== null) {
      add((entry as { email?: unknown }).email, index + 1);
    }
  });
  return rows;
}
