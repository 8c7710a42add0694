/*
 * The measures list's Excel export (issue 12.3): the measures the list lists (after search and
 * filters, in its sort order, every page) as an .xlsx in the UI language, downloaded as
 * `measures-YYYY-MM-DD.xlsx`. The list loads this module when the export is chosen
 * (measure-list.tsx), so neither it nor exceljs is part of the list's first load; the service
 * worker precaches both chunks, and the data is local, so it works offline too.
 *
 * exceljs in the browser: its package `main` is the Node source (streams, fs, zlib) and its
 * `browser` field a browserify bundle with core-js polyfills; vite.config.ts points `exceljs` at
 * the same bundle without the polyfills (`exceljs/dist/exceljs.bare.min.js`), which every browser
 * that runs this app can do without, and puts it in a chunk of its own (`vendor-exceljs`). The
 * bundle is CommonJS (UMD), so the module is its `default` export; Vitest runs the Node build.
 */
import { localDay } from '@qa/domain';
import { downloadFile } from '../../lib/export/download-file';
import { excel, sheetName, XLSX_TYPE } from '../../lib/export/xlsx-table';
import type { MeasureRow } from './measure-list';

export { XLSX_TYPE };

export type MeasureExportColumn =
  | 'text'
  | 'description'
  | 'audit'
  | 'assignedTo'
  | 'author'
  | 'created'
  | 'dueDate'
  | 'status'
  | 'overdue'
  | 'priority'
  | 'type'
  | 'causeAnalysis';

/** One measure as a row of the file: texts in the UI language, days as 'YYYY-MM-DD'. */
export type MeasureExportRow = Record<
  Exclude<MeasureExportColumn, 'created' | 'dueDate' | 'overdue'>,
  string
> & { created: string | null; dueDate: string | null; overdue: boolean };

/** The file's texts in the UI language. */
export interface MeasureExportTexts {
  sheetName: string;
  headers: Readonly<Record<MeasureExportColumn, string>>;
  yes: string;
  no: string;
  /** Excel number format of the day columns ('dd.mm.yyyy', 'mmm d, yyyy'). */
  dateFormat: string;
}

/** Display texts of the ids a measure holds (status, priority, type), in the UI language. */
export interface MeasureExportLabels {
  status: (id: string) => string;
  priority: (id: string) => string;
  type: (id: string) => string;
}

type Kind = 'text' | 'long' | 'day';

/** The columns in order, with their kind and the width range (characters) they may take. */
const COLUMNS: readonly { key: MeasureExportColumn; kind: Kind; min: number; max: number }[] = [
  { key: 'text', kind: 'text', min: 20, max: 60 },
  { key: 'description', kind: 'long', min: 20, max: 60 },
  { key: 'audit', kind: 'text', min: 12, max: 40 },
  { key: 'assignedTo', kind: 'text', min: 12, max: 40 },
  { key: 'author', kind: 'text', min: 12, max: 30 },
  { key: 'created', kind: 'day', min: 13, max: 13 },
  { key: 'dueDate', kind: 'day', min: 13, max: 13 },
  { key: 'status', kind: 'text', min: 10, max: 30 },
  { key: 'overdue', kind: 'text', min: 8, max: 16 },
  { key: 'priority', kind: 'text', min: 8, max: 20 },
  { key: 'type', kind: 'text', min: 10, max: 30 },
  { key: 'causeAnalysis', kind: 'long', min: 20, max: 60 },
];

/** The file's name for the local day `today` ('YYYY-MM-DD'). */
export function measureExportFileName(today: string): string {
  return `measures-${today}.xlsx`;
}

/** The list's rows as the file's rows. */
export function measureExportRows(
  rows: readonly MeasureRow[],
  labels: MeasureExportLabels,
): MeasureExportRow[] {
  return rows.map((row) => ({
    text: row.text,
    description: row.description,
    audit: row.auditName,
    assignedTo: row.assigneeNames,
    author: row.autorName,
    created: createdDay(row.createdDate),
    dueDate: row.dueDate,
    status: labels.status(row.status),
    overdue: row.overdue === 'yes',
    priority: row.priority ? labels.priority(row.priority) : '',
    type: row.measuretype ? labels.type(row.measuretype) : '',
    causeAnalysis: row.cause_analysis,
  }));
}

/** The local day a measure was created on; null for an unreadable time stamp. */
function createdDay(timestamp: string): string | null {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : localDay(date);
}

/**
 * A day as an Excel date. exceljs stores a Date as its UTC time, so the day's UTC midnight is
 * the day itself in every time zone (no shift by the browser's offset).
 */
function excelDay(day: string | null): Date | null {
  if (!day) return null;
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return null;
  return new Date(Date.UTC(year, month - 1, date));
}

/**
 * The workbook: one sheet, a bold header row that stays in view (frozen) with an auto filter,
 * one row per measure in the given order, days as real dates in the language's format, widths
 * fitted to the content within each column's range, long texts wrapped.
 */
export function buildMeasureWorkbook(
  rows: readonly MeasureExportRow[],
  texts: MeasureExportTexts,
  now: Date = new Date(),
) {
  const workbook = new excel.Workbook();
  workbook.creator = 'Quality Audit';
  workbook.created = now;
  const sheet = workbook.addWorksheet(sheetName(texts.sheetName), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = COLUMNS.map((column) => ({
    key: column.key,
    header: texts.headers[column.key],
    width: columnWidth(column, texts, rows),
    style:
      column.kind === 'day'
        ? { numFmt: texts.dateFormat }
        : column.kind === 'long'
          ? { alignment: { wrapText: true, vertical: 'top' } }
          : { alignment: { vertical: 'top' } },
  }));
  for (const row of rows) {
    // An empty text is an empty cell (Excel's filter lists it as "(Blanks)").
    const cells: Record<string, string | Date | null> = {};
    for (const [key, value] of Object.entries(row)) {
      if (typeof value === 'string') cells[key] = value === '' ? null : value;
    }
    sheet.addRow({
      ...cells,
      created: excelDay(row.created),
      dueDate: excelDay(row.dueDate),
      overdue: row.overdue ? texts.yes : texts.no,
    });
  }
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle' };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  return workbook;
}

/** Widest line of the header and the cells, within the column's range (characters). */
function columnWidth(
  column: (typeof COLUMNS)[number],
  texts: MeasureExportTexts,
  rows: readonly MeasureExportRow[],
): number {
  let widest = texts.headers[column.key].length + 2;
  if (column.kind !== 'day') {
    for (const row of rows) {
      const value = row[column.key];
      const text = typeof value === 'boolean' ? (value ? texts.yes : texts.no) : (value ?? '');
      for (const line of text.split('\n')) widest = Math.max(widest, line.length + 1);
      if (widest >= column.max) break;
    }
  }
  return Math.min(column.max, Math.max(column.min, widest));
}

/** The workbook as the bytes of an .xlsx file. */
export async function measureWorkbookBytes(
  rows: readonly MeasureExportRow[],
  texts: MeasureExportTexts,
): Promise<ArrayBuffer> {
  const buffer = await buildMeasureWorkbook(rows, texts).xlsx.writeBuffer();
  return buffer as ArrayBuffer;
}

/** Builds the file of the listed measures and downloads it. */
export async function exportMeasures(
  listed: readonly MeasureRow[],
  labels: MeasureExportLabels,
  texts: MeasureExportTexts,
  today: string = localDay(new Date()),
): Promise<void> {
  const bytes = await measureWorkbookBytes(measureExportRows(listed, labels), texts);
  downloadFile(bytes, measureExportFileName(today), XLSX_TYPE);
}
