import { findingDisplayText, type FindingType, type Importance, type Language } from '@qa/domain';
import type { TFunction } from 'i18next';
import type { ExecutionFinding, ExecutionRow } from '../execution/execution-rows';
import { findingTypeLabel, importanceLabel } from '../preparation/preparation-rows';

export type ExportCell = string | number | null;

/** A VDA question's part of a findings row: its process steps and evaluations in words. */
export interface VdaExportEntry {
  steps: string[];
  evaluations: string;
}

/** One measure of the audit as the export needs it (labels already in the UI language). */
export interface ExportMeasure {
  text: string;
  itemId: string | null;
  findingId: string | null;
  type: string;
  priority: string;
  assignees: string;
  due: string;
  status: string;
}

export interface ReportExportInput {
  t: TFunction;
  language: Language;
  /** The audit's questions with their findings, in the report's order. */
  rows: readonly ExecutionRow[];
  findingTypes: readonly FindingType[];
  importances: readonly Importance[];
  /** A VDA audit's evaluations by item id; null for other audits. */
  vda: Readonly<Record<string, VdaExportEntry>> | null;
  /** The supplier's filled fields as [name, value] (the audit dialog's names). */
  supplier: readonly [string, string][];
}

/** A finding named by its type, and by its text when it has one: "Major deviation – Gauge". */
function findingName(finding: ExecutionFinding, input: ReportExportInput): string {
  const type = input.findingTypes.find((entry) => entry.id === finding.importance);
  const label = findingTypeLabel(finding.importance, input.findingTypes, input.language);
  const text = findingDisplayText(finding.text, type);
  return text ? `${label} \u2013 ${text}` : label;
}

/**
 * The findings as a table, header first (issue 13.4, 34.4): what a supplier quality engineer
 * works with besides the finding itself: the question's importance, the process step, the VDA
 * points and who found it. The supplier's fields close each row, so sheets of several audits
 * can be put together and still say whose they are.
 */
export function findingsExportTable(input: ReportExportInput): ExportCell[][] {
  const { t } = input;
  const supplierHeader = input.supplier.map(([label]) => label);
  const supplierCells = input.supplier.map(([, value]) => value);
  return [
    [
      t('reporting.export.no'),
      t('reporting.pdf.question'),
      t('reporting.pdf.category'),
      t('reporting.export.importance'),
      t('reporting.export.processStep'),
      t('reporting.export.type'),
      t('reporting.pdf.findingText'),
      t('reporting.pdf.reason'),
      t('reporting.pdf.solution'),
      t('execution.dialog.fields.findingperson'),
      ...(input.vda ? [t('reporting.export.vdaPoints')] : []),
      t('reporting.export.latitude'),
      t('reporting.export.longitude'),
      t('reporting.pdf.media'),
      ...supplierHeader,
    ],
    ...input.rows.flatMap((row) => {
      const vda = input.vda?.[row.id];
      const steps = [...row.processes, ...(vda?.steps ?? [])];
      return row.findings.map((finding) => [
        row.question.no,
        row.question.text,
        row.question.category,
        importanceLabel(row.question.importance, input.importances, input.language),
        steps.join(', '),
        findingTypeLabel(finding.importance, input.findingTypes, input.language),
        findingDisplayText(
          finding.text,
          input.findingTypes.find((type) => type.id === finding.importance),
        ),
        finding.reason,
        finding.solution,
        finding.findingperson,
        ...(input.vda ? [vda?.evaluations ?? ''] : []),
        finding.geolocation?.latitude ?? null,
        finding.geolocation?.longitude ?? null,
        finding.mediaCount,
        ...supplierCells,
      ]);
    }),
  ];
}

/**
 * The measures as a table, header first: each with the question and the finding it answers
 * (number, text, finding by type and text), its type and priority, then who, when and where it
 * stands; the supplier's fields close each row as in the findings.
 */
export function measuresExportTable(
  input: ReportExportInput,
  measures: readonly ExportMeasure[],
): ExportCell[][] {
  const { t } = input;
  const rows = new Map(input.rows.map((row) => [row.id, row]));
  return [
    [
      t('reporting.export.no'),
      t('reporting.pdf.question'),
      t('reporting.export.finding'),
      t('measures.fields.text'),
      t('measures.fields.measuretype'),
      t('measures.fields.priority'),
      t('measures.fields.assignedTo'),
      t('measures.fields.dueDate'),
      t('measures.fields.status'),
      ...input.supplier.map(([label]) => label),
    ],
    ...measures.map((measure) => {
      const row = measure.itemId === null ? undefined : rows.get(measure.itemId);
      const finding = row?.findings.find((entry) => entry.id === measure.findingId);
      return [
        row?.question.no ?? '',
        row?.question.text ?? '',
        finding ? findingName(finding, input) : '',
        measure.text,
        measure.type,
        measure.priority,
        measure.assignees,
        measure.due,
        measure.status,
        ...input.supplier.map(([, value]) => value),
      ];
    }),
  ];
}
