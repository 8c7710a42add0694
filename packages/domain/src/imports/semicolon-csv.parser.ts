import { importIssue, type ImportIssue } from './import-report';

/** One data row of a CSV file: the line it starts on and its values by (lowercase) column. */
export interface CsvRow {
  line: number;
  /** A Map, not an object: a column named `constructor` or `__proto__` must stay data. */
  values: Map<string, string>;
}

export interface CsvTable {
  /** Header names as written, trimmed; matching uses their lowercase form. */
  header: string[];
  rows: CsvRow[];
  errors: ImportIssue[];
}

interface RawRecord {
  line: number;
  fields: string[];
  unterminated: boolean;
}

/**
 * Splits text into records of fields: `;` between fields, `"..."` quotes fields that contain
 * `;`, line breaks or quotes (a quote inside is doubled). Accepts \n, \r\n and \r line ends.
 * Lenient where spreadsheets are sloppy: a quote in the middle of an unquoted field is kept
 * literally, text after a closing quote is appended. Never throws.
 */
export function splitCsvRecords(text: string): RawRecord[] {
  const source = text.replace(/^\uFEFF/, '');
  const records: RawRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let inQuotes = false;
  let fieldStart = true;

  const endRecord = (unterminated: boolean) => {
    fields.push(field);
    records.push({ line: recordLine, fields, unterminated });
    fields = [];
    field = '';
    fieldStart = true;
  };

  for (let i = 0; i < source.length; i++) {
    const char = source[i] as string;
    if (inQuotes) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        if (char === '\n' || (char === '\r' && source[i + 1] !== '\n')) line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && fieldStart && field.trim() === '') {
      inQuotes = true;
      field = '';
      fieldStart = false;
    } else if (char === ';') {
      fields.push(field);
      field = '';
      fieldStart = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRecord(false);
      line++;
      recordLine = line;
    } else {
      field += char;
      if (char.trim() !== '') fieldStart = false;
    }
  }
  if (inQuotes || field !== '' || fields.length > 0) endRecord(inQuotes);
  return records;
}

function isBlank(record: RawRecord): boolean {
  return record.fields.every((value) => value.trim() === '');
}

/**
 * Reads a semicolon CSV with a header row: values trimmed, blank lines (also lines of empty
 * fields only, as spreadsheets export them) skipped, missing trailing fields read as ''.
 * A record with an unterminated quote is reported and dropped: its extent is a guess.
 */
export function readSemicolonCsv(text: string): CsvTable {
  const records = splitCsvRecords(text).filter((record) => !isBlank(record));
  const [headerRecord, ...dataRecords] = records;
  if (!headerRecord) return { header: [], rows: [], errors: [importIssue('import.csv.empty')] };
  const header = headerRecord.fields.map((name) => name.trim());
  const keys = header.map((name) => name.toLowerCase());
  const errors: ImportIssue[] = [];
  if (headerRecord.unterminated) {
    errors.push(importIssue('import.csv.unterminatedQuote', headerRecord.line));
  }
  const rows: CsvRow[] = [];
  for (const record of dataRecords) {
    if (record.unterminated) {
      errors.push(importIssue('import.csv.unterminatedQuote', record.line));
      continue;
    }
    const values = new Map<string, string>();
    keys.forEach((key, index) => {
      // The first of two equally named columns wins.
      if (key !== '' && !values.has(key)) values.set(key, (record.fields[index] ?? '').trim());
    });
    rows.push({ line: record.line, values });
  }
  return { header, rows, errors };
}
