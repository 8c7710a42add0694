import * as ExcelJSModule from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../../lib/export/download-file';
import {
  buildMeasureWorkbook,
  measureExportFileName,
  measureExportRows,
  measureWorkbookBytes,
  XLSX_TYPE,
  type MeasureExportRow,
  type MeasureExportTexts,
} from './measure-export';
import type { MeasureRow } from './measure-list';

type ExcelJS = typeof ExcelJSModule;
const excel: ExcelJS = (ExcelJSModule as ExcelJS & { default?: ExcelJS }).default ?? ExcelJSModule;

const TEXTS: MeasureExportTexts = {
  sheetName: 'Measures',
  headers: {
    text: 'Measure',
    description: 'Description',
    audit: 'Audit',
    assignedTo: 'Assigned to',
    author: 'Author',
    created: 'Created',
    dueDate: 'Due date',
    status: 'Status',
    overdue: 'Overdue',
    priority: 'Priority',
    type: 'Measure type',
    causeAnalysis: 'Cause analysis',
  },
  yes: 'Yes',
  no: 'No',
  dateFormat: 'mmm d, yyyy',
};

const ROWS: MeasureExportRow[] = [
  {
    text: 'Mark the aisles',
    description: 'Yellow lines\nat every rack',
    audit: 'Warehouse 2026',
    assignedTo: 'Otto Auditor, Erika Muster',
    author: 'Administrator',
    created: '2026-03-02',
    dueDate: '2026-03-31',
    status: 'In progress',
    overdue: true,
    priority: 'High',
    type: 'Corrective measure',
    causeAnalysis: 'No markings',
  },
  {
    text: 'Train the drivers',
    description: '',
    audit: '',
    assignedTo: '',
    author: 'Administrator',
    created: '2026-03-03',
    dueDate: null,
    status: 'New',
    overdue: false,
    priority: '',
    type: '',
    causeAnalysis: '',
  },
];

/** The file read back with exceljs, as a reader of it would (Excel, LibreOffice). */
async function readBack(bytes: ArrayBuffer) {
  const workbook = new excel.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0]!;
  const values = (row: number) =>
    Array.from((sheet.getRow(row).values as unknown[]).slice(1), (value) => value ?? null);
  return { workbook, sheet, values };
}

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('measure export', () => {
  it('writes a translated header and one row per measure, in order, days as dates', async () => {
    const { sheet, values } = await readBack(await measureWorkbookBytes(ROWS, TEXTS));
    expect(sheet.name).toBe('Measures');
    expect(sheet.rowCount).toBe(3);
    expect(values(1)).toEqual([
      'Measure',
      'Description',
      'Audit',
      'Assigned to',
      'Author',
      'Created',
      'Due date',
      'Status',
      'Overdue',
      'Priority',
      'Measure type',
      'Cause analysis',
    ]);
    expect(values(2)).toEqual([
      'Mark the aisles',
      'Yellow lines\nat every rack',
      'Warehouse 2026',
      'Otto Auditor, Erika Muster',
      'Administrator',
      day('2026-03-02'),
      day('2026-03-31'),
      'In progress',
      'Yes',
      'High',
      'Corrective measure',
      'No markings',
    ]);
    // Empty texts are empty cells; a measure without a due date has none.
    expect(values(3)).toEqual([
      'Train the drivers',
      null,
      null,
      null,
      'Administrator',
      day('2026-03-03'),
      null,
      'New',
      'No',
    ]);
  });

  it('styles the header bold and frozen, formats days and fits the widths', async () => {
    const { sheet } = await readBack(
      await measureWorkbookBytes(ROWS, { ...TEXTS, dateFormat: 'dd.mm.yyyy' }),
    );
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getCell('F2').numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getCell('G2').numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getCell('B2').alignment?.wrapText).toBe(true);
    const widths = sheet.columns.map((column) => column.width ?? 0);
    // "Otto Auditor, Erika Muster" is 26 characters: its column is wider than its minimum.
    expect(widths[3]).toBe(27);
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(8);
    for (const width of widths) expect(width).toBeLessThanOrEqual(60);
  });

  it('writes only the header for an empty list, and keeps the sheet name within Excel rules', async () => {
    const workbook = buildMeasureWorkbook([], { ...TEXTS, sheetName: 'Measures: [all] / open?' });
    const { sheet } = await readBack((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    expect(sheet.rowCount).toBe(1);
    expect(sheet.name).toBe('Measures   all    open ');
  });

  it('maps list rows with their labels', () => {
    const row = {
      id: 'm1',
      text: 'Mark the aisles',
      description: 'd',
      measuretype: 'corrective',
      cause_analysis: 'c',
      priority: 'high',
      status: '3',
      createdDate: '2026-03-02T10:15:00.000Z',
      dueDate: '2026-03-31',
      autor: 'p1',
      assignedTo: ['p2'],
      audit_id: null,
      audititem_id: null,
      deviation_id: null,
      auditRef: null,
      effectivenessChecks: [],
      state: 'sync',
      auditName: 'Warehouse',
      assigneeNames: 'Otto Auditor',
      autorName: 'Administrator',
      openState: 'open',
      overdue: 'yes',
    } as MeasureRow;
    const [mapped] = measureExportRows([row, { ...row, priority: null, measuretype: null }], {
      status: (id) => `status ${id}`,
      priority: (id) => `priority ${id}`,
      type: (id) => `type ${id}`,
    });
    expect(mapped).toEqual({
      text: 'Mark the aisles',
      description: 'd',
      audit: 'Warehouse',
      assignedTo: 'Otto Auditor',
      author: 'Administrator',
      created: expect.stringMatching(/^2026-03-0[23]$/),
      dueDate: '2026-03-31',
      status: 'status 3',
      overdue: true,
      priority: 'priority high',
      type: 'type corrective',
      causeAnalysis: 'c',
    });
    const [, bare] = measureExportRows([row, { ...row, priority: null, measuretype: null }], {
      status: String,
      priority: String,
      type: String,
    });
    expect(bare).toMatchObject({ priority: '', type: '' });
  });

  it('names the file by the day and downloads it through a link', () => {
    expect(measureExportFileName('2026-03-31')).toBe('measures-2026-03-31.xlsx');
    vi.useFakeTimers();
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    downloadFile(new Uint8Array([1, 2, 3]), 'measures-2026-03-31.xlsx', XLSX_TYPE);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('measures-2026-03-31.xlsx');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:export');
    expect(clicked[0]!.isConnected).toBe(false);
    expect(created[0]!.type).toBe(XLSX_TYPE);
    expect(created[0]!.size).toBe(3);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:export');
  });
});
