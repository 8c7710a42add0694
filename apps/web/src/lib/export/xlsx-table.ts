/*
 * exceljs for the app's Excel files (the measures list's export, the report's tables), in the
 * chunk `vendor-exceljs` that only an export loads. In the browser its package `main` is the Node
 * source (streams, fs, zlib) and its `browser` field a browserify bundle with core-js polyfills;
 * vite.config.ts points `exceljs` at the same bundle without the polyfills. The bundle is
 * CommonJS (UMD), so the module is its `default` export; Vitest runs the Node build.
 */
import * as ExcelJSModule from 'exceljs';

type ExcelJS = typeof ExcelJSModule;

/** The exceljs module whichever way the bundler or Node hands over a CommonJS module. */
export const excel: ExcelJS =
  (ExcelJSModule as ExcelJS & { default?: ExcelJS }).default ?? ExcelJSModule;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's rules for a sheet name: at most 31 characters, none of `\ / ? * [ ] :`. */
export function sheetName(name: string): string {
  return name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';
}

const MAX_WIDTH = 60;

/**
 * A one-sheet workbook of a table: a bold, frozen header row with a filter, one row per entry,
 * widths fitted to the content (at most 60 characters, longer texts wrapped), numbers as numbers.
 */
export async function tableWorkbookBytes(
  name: string,
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): Promise<ArrayBuffer> {
  const workbook = new excel.Workbook();
  workbook.creator = 'Quality Audit';
  const sheet = workbook.addWorksheet(sheetName(name), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((title, index) => {
    let widest = title.length + 2;
    for (const row of rows) {
      const value = row[index];
      for (const line of String(value ?? '').split('\n'))
        widest = Math.max(widest, line.length + 1);
    }
    return {
      header: title,
      width: Math.min(MAX_WIDTH, Math.max(8, widest)),
      style: { alignment: { wrapText: true, vertical: 'top' } },
    };
  });
  // An empty text is an empty cell (Excel's filter lists it as "(Blanks)").
  for (const row of rows) sheet.addRow(row.map((value) => (value === '' ? null : value)));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}
