import {
  CALC_SCHEMA_DEVIATION,
  NO_CATEGORY_MESSAGE,
  findingDisplayText,
  formatSemicolonCsv,
  reportDataOf,
  auditStatusOf,
  formatCalendarDay,
  resolveWorkflowStatus,
  type FindingType,
  type Importance,
  type ItemExplanation,
} from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '../../../app/chunk-load';
import { downloadFile } from '../../../lib/export/download-file';
import { fetchFileBlob, readFileBlob, serverFileUrl } from '../../../lib/files/offline-files';
import { formatDate } from '../../../lib/i18n/format';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { useLanguage } from '../../../lib/i18n/use-language';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { useConfigSegment } from '../../../lib/config/use-config-segment';
import { useOfflineFiles } from '../../../lib/sync/sync-context';
import { useDocument } from '../../../lib/sync/use-document';
import { measureStatusLabel, measureTypeLabel } from '../../measures/measure-model';
import { useMeasureWorkflow, useMeasures } from '../../measures/use-measures';
import { personLabel, usePeople } from '../../people/use-people';
import { displayValue } from '../audit-document';
import { supplierFieldRows } from '../audit-supplier-text';
import { findingTypeColour } from '../finding-type-colours';
import { auditWorkflow, workflowLabel } from '../audit-workflow-labels';
import { downscaleImage } from '../execution/media/attach-media';
import { isImage } from '../execution/media/media-files';
import { createExecutionRowCache, type ExecutionMedia } from '../execution/execution-rows';
import { useCompanyFacts } from '../wrapup/use-company-facts';
import { findingTypeLabel, importanceLabel } from '../preparation/preparation-rows';
import { auditStandardIds, useAuditStandards } from '../preparation/use-preparation-config';
import { scoredItems, type ReportModel } from './report-model';
import { formatReportNumber } from './report-numbers';
import {
  findingsExportTable,
  measuresExportTable,
  type ExportCell,
  type VdaExportEntry,
} from './report-export-table';
import {
  explanationRows,
  reportFileName,
  reportPhotos,
  vdaEvaluationsText,
  vdaPdfData,
  withReportPhotos,
  type ReportPdfData,
} from './report-pdf-data';
import { loadReportPhotos, type PhotoReader, type ReportPhoto } from './report-photos';
import { isVdaReport, vdaGradeOf, vdaResultModel } from './vda-result-model';

const numbers = new Intl.Collator(undefined, { numeric: true });
const byQuestionNumber = (
  a: { question: { no: string; text: string } },
  b: { question: { no: string; text: string } },
) =>
  numbers.compare(a.question.no, b.question.no) ||
  numbers.compare(a.question.text, b.question.text);

/** Long side of a photo in the report: about 230 dpi at the half page width it prints at. */
const PHOTO_EDGE = 800;
/** Printable types after downscaling (react-pdf draws JPEG and PNG). */
const PRINTABLE = new Set(['image/jpeg', 'image/png']);

/**
 * The print copy of a photo: decoded off the main thread (createImageBitmap), drawn smaller and
 * encoded by an OffscreenCanvas, without the library's orientation probing and page canvas,
 * which a report of a hundred photos feels (bench/reporting.bench.ts). Null where the browser lacks
 * either, or cannot decode the file; the caller then falls back to the library's way.
 */
async function printCopy(blob: Blob): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') {
    return null;
  }
  try {
    const bitmap = await createImageBitmap(blob);
    const scale = Math.min(1, PHOTO_EDGE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && PRINTABLE.has(blob.type)) {
      // Small enough already: printed as it is.
      bitmap.close();
      return blob;
    }
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d')!;
    context.imageSmoothingQuality = 'medium';
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.75 });
  } catch {
    return null;
  }
}

const list = (value: JsonValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/**
 * The PDF report of the reporting tab (issue 13): assembles what it prints from the replica (so
 * it works offline), loads the PDF chunk, renders and downloads the file. `generating` is true
 * meanwhile; an error is returned for the tab to show.
 */
export function useReportPdf(input: {
  auditId: string;
  audit: JsonObject | undefined;
  documents: readonly ViewDocument[];
  model: ReportModel;
  findingTypes: readonly FindingType[];
  importances: readonly Importance[];
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const people = usePeople();
  const { measures } = useMeasures();
  const measureWorkflow = useMeasureWorkflow();
  const { document: workflowDoc } = useDocument('configuration', 'workflow');
  const measureConfig = useConfigSegment('measure');
  const standardIds = auditStandardIds(input.audit?.standard);
  const { standards } = useAuditStandards(standardIds);
  const [generating, setGenerating] = useState(false);
  const [photoProgress, setPhotoProgress] = useState<{ done: number; total: number } | null>(null);
  const files = useOfflineFiles();
  const companyFacts = useCompanyFacts();

  const n = (value: number) => formatReportNumber(value, language);
  const percent = (value: number | null) =>
    value === null ? t('reporting.noResult') : t('reporting.percent', { percent: value });
  const person = (id: string) => personLabel(people.byId, id, t);
  const day = (value: JsonValue | undefined) =>
    typeof value === 'string' && value ? formatCalendarDay(value.slice(0, 10), language) : '';
  const coordinates = (position: { latitude: number; longitude: number }) =>
    `${position.latitude.toFixed(6)}, ${position.longitude.toFixed(6)}`;
  const photo = (media: ExecutionMedia): ReportPhoto => ({
    fileId: media.fileId,
    name: media.name,
    sha256: media.sha256,
    lines: [
      media.name,
      media.capturedAt
        ? `${t('media.capturedAt')}: ${formatDate(media.capturedAt, language, {
            dateStyle: 'medium',
            timeStyle: 'short',
          })}`
        : '',
      media.capturedBy ? `${t('media.capturedBy')}: ${person(media.capturedBy)}` : '',
      media.position ? `${t('media.capturedWhere')}: ${coordinates(media.position)}` : '',
    ].filter((line) => line !== ''),
    image: null,
    check: 'unavailable',
  });

  function data(): ReportPdfData {
    const audit = input.audit ?? {};
    const { explanation, qk } = input.model;
    const name = displayValue(audit.name) || input.auditId;
    const workflow = auditWorkflow(workflowDoc?.data);
    const resolved = resolveWorkflowStatus(workflow, auditStatusOf(audit), 'audit');
    const status = resolved.status
      ? workflowLabel(resolved.status.id, resolved.status.description, language)
      : resolved.display;
    const standardText = standardIds
      .map((id) => standards.find((standard) => standard.id === id)?.name ?? id)
      .join(', ');
    const question = (item: Pick<ItemExplanation, 'no' | 'text'>) =>
      item.no ? `${item.no} ${item.text}` : item.text;
    const categoryName = (value: string | null) => value ?? translate(NO_CATEGORY_MESSAGE);
    const formula = (scope: (typeof explanation)['total']) =>
      scope.percent === null
        ? t('reporting.explain.nothingToScore')
        : `${t('reporting.explain.formula')} ${t('reporting.explain.filledIn', {
            current: n(scope.current),
            best: n(scope.best),
            worst: n(scope.worst),
            exact: n(((scope.current - scope.worst) / (scope.best - scope.worst)) * 100),
            percent: scope.percent,
          })}`;
    const excluded = (scope: (typeof explanation)['total']) => {
      const left = scope.items.filter((item) => item.excluded !== null);
      return left.length === 0
        ? null
        : t('reporting.pdf.excluded', { questions: left.map(question).join('; ') });
    };
    const rows = createExecutionRowCache()(input.documents);
    const reportData = reportDataOf(audit.additionalReportData);
    const auditMeasures = measures.filter((measure) => measure.audit_id === input.auditId);
    // A VDA 6.3 audit (issue 19): its matrix, class and reasons, the same as the tab shows.
    let vda: ReportPdfData['vda'] = null;
    if (isVdaReport(input.audit)) {
      const { items } = scoredItems(input.documents);
      const grade = vdaGradeOf(items, input.audit, input.findingTypes);
      const context = { t, language, personName: person };
      vda = vdaPdfData(vdaResultModel(grade, items, input.audit, context), grade, context);
    }

    return {
      language,
      title: name,
      author: person(typeof audit.leadauditor === 'string' ? audit.leadauditor : ''),
      labels: {
        reportTitle: t('reporting.pdf.title'),
        result: t('reporting.result.title'),
        categories: t('reporting.categories.title'),
        chart: t('reporting.charts.categories'),
        categoryColumns: [
          t('reporting.pdf.category'),
          t('reporting.pdf.counted'),
          t('reporting.pdf.result'),
        ],
        explanation: t('reporting.pdf.explanation'),
        explanationColumns: [
          t('reporting.pdf.question'),
          t('reporting.pdf.weight'),
          t('reporting.pdf.finding'),
          t('reporting.pdf.points'),
        ],
        findings: t('reporting.pdf.findings'),
        noFindings: t('reporting.pdf.noFindings'),
        measures: t('reporting.pdf.measures'),
        measureColumns: [
          t('measures.fields.text'),
          t('measures.fields.assignedTo'),
          t('measures.fields.dueDate'),
          t('measures.fields.status'),
        ],
        noMeasures: t('reporting.pdf.noMeasures'),
        summary: t('reporting.pdf.summary'),
        noSummary: t('reporting.pdf.noSummary'),
        company: t('reporting.pdf.company'),
        noCompany: t('wrapup.company.empty'),
        photoCheck: {
          verified: t('reporting.pdf.photo.verified'),
          mismatch: t('reporting.pdf.photo.mismatch'),
          none: t('reporting.pdf.photo.none'),
          unavailable: t('reporting.pdf.photo.unavailable'),
        },
        photoHash: t('reporting.pdf.photo.hash'),
        photoMissing: t('reporting.pdf.photo.missing'),
        page: (page, pages) => t('reporting.pdf.page', { page, pages }),
      },
      cover: [
        [t('reporting.pdf.audit'), name],
        // Whose report it is (issue 34.4): the supplier, the material and the reason.
        ...supplierFieldRows(audit, t),
        [t('reporting.pdf.standard'), standardText],
        [t('reporting.pdf.scope'), displayValue(audit.scope)],
        [t('reporting.pdf.planningDate'), day(audit.planning_date)],
        [t('reporting.pdf.auditingDates'), list(audit.auditing_date).map(day).join(', ')],
        [
          t('reporting.pdf.leadAuditor'),
          typeof audit.leadauditor === 'string' ? person(audit.leadauditor) : '',
        ],
        [t('reporting.pdf.coauditors'), list(audit.coauditors).map(person).join(', ')],
        [t('reporting.pdf.status'), status],
        [t('reporting.data.auditeeRepresentative'), reportData.auditeeRepresentative],
        [t('reporting.data.signatureDate'), day(reportData.signatureDate ?? undefined)],
        [t('reporting.data.distributionList'), reportData.distributionList.trim()],
      ],
      result: {
        total: percent(explanation.total.percent),
        schema:
          explanation.schema === CALC_SCHEMA_DEVIATION
            ? t('reporting.schema.deviation')
            : t('reporting.schema.compliance'),
        counted: t('reporting.result.counted', {
          counted: explanation.total.countedItems,
          count: explanation.total.totalItems,
        }),
        progress: t('execution.progress', {
          answered: explanation.total.answeredItems,
          count: explanation.total.totalItems,
          percent: explanation.total.progress,
        }),
        formula: formula(explanation.total),
        qk: qk ? t('reporting.qk.value', { value: n(qk.score) }) : null,
        categories: explanation.categories.map((category) => ({
          name: categoryName(category.categoryName),
          counted: `${category.countedItems} / ${category.totalItems}`,
          percent: percent(category.percent),
          value: category.percent,
        })),
      },
      // (A VDA audit explains its levels by its questions' evaluations instead: `vda`.)
      explanation: (vda ? [] : explanation.categories).map((category) => ({
        name: `${categoryName(category.categoryName)}: ${percent(category.percent)}`,
        formula: formula(category),
        items: explanationRows(category, {
          question,
          weight: (item) =>
            `${n(item.weight)} (${
              item.weightFrom === 'importance'
                ? importanceLabel(item.importance, input.importances, language)
                : t('reporting.pdf.ownWeight')
            })`,
          finding: (item) =>
            `${findingTypeLabel(item.findingTypeId!, input.findingTypes, language)} (${n(item.value!)})`,
          points: (item) => n(item.contribution!),
        }),
        excluded: excluded(category),
      })),
      findings: [...rows].sort(byQuestionNumber).flatMap((row) =>
        row.findings.map((finding) => ({
          question: row.question.no ? `${row.question.no} ${row.question.text}` : row.question.text,
          type: findingTypeLabel(finding.importance, input.findingTypes, language),
          typeColour: findingTypeColour(input.findingTypes, finding.importance),
          fields: (
            [
              [
                t('reporting.pdf.findingText'),
                findingDisplayText(
                  finding.text,
                  input.findingTypes.find((type) => type.id === finding.importance),
                ),
              ],
              [t('execution.dialog.fields.findingperson'), finding.findingperson],
              [t('reporting.pdf.reason'), finding.reason],
              [t('reporting.pdf.solution'), finding.solution],
              [
                t('reporting.pdf.position'),
                finding.geolocation ? coordinates(finding.geolocation) : '',
              ],
              [
                t('reporting.pdf.files'),
                finding.media
                  .filter((media) => !isImage(media))
                  .map((media) => media.name)
                  .join(', '),
              ],
              ...(vda ? [[vda.evaluationLabel, vda.evaluationsByItem[row.id] ?? '']] : []),
            ] as [string, string][]
          ).filter(([, value]) => value !== ''),
          photos: finding.media.filter(isImage).map(photo),
        })),
      ),
      measures: auditMeasures.map((measure) => ({
        text: measure.text,
        assignees: measure.assignedTo.map(person).join(', ') || t('measures.unassigned'),
        due: measure.dueDate ? formatCalendarDay(measure.dueDate, language) : '',
        status: measureStatusLabel(measureWorkflow, measure.status, language),
      })),
      summary: typeof audit.summary === 'string' ? audit.summary : '',
      company: companyFacts(audit.companyMetadata),
      vda,
    };
  }

  /** A VDA audit's questions for the findings export: process steps and evaluations in words. */
  function vdaExport(): Record<string, VdaExportEntry> | null {
    if (!isVdaReport(input.audit)) return null;
    const { items } = scoredItems(input.documents);
    const grade = vdaGradeOf(items, input.audit, input.findingTypes);
    const stepNames = new Map(grade.steps.map((step) => [step.id, step.name ?? step.id]));
    return Object.fromEntries(
      grade.questions.map((question) => [
        question.itemId,
        {
          steps: question.keys.flatMap((key) => stepNames.get(key) ?? []),
          evaluations: vdaEvaluationsText(question, { t, language }),
        },
      ]),
    );
  }

  /** The audit's findings and measures as tables (header first) for the exports (issue 13.4). */
  function table(kind: 'findings' | 'measures'): ExportCell[][] {
    const exportInput = {
      t,
      language,
      rows: [...createExecutionRowCache()(input.documents)].sort(byQuestionNumber),
      findingTypes: input.findingTypes,
      importances: input.importances,
      vda: kind === 'findings' ? vdaExport() : null,
      supplier: supplierFieldRows(input.audit, t),
    };
    if (kind === 'findings') return findingsExportTable(exportInput);
    return measuresExportTable(
      exportInput,
      measures
        .filter((measure) => measure.audit_id === input.auditId)
        .map((measure) => ({
          text: measure.text,
          itemId: measure.audititem_id,
          findingId: measure.deviation_id,
          type: measure.measuretype
            ? measureTypeLabel(measureConfig.types, measure.measuretype, language)
            : '',
          priority: measure.priority
            ? (measureConfig.priorities.find((entry) => entry.id === measure.priority)?.label[
                language
              ] ?? measure.priority)
            : '',
          assignees: measure.assignedTo.map(person).join(', ') || t('measures.unassigned'),
          due: measure.dueDate ? formatCalendarDay(measure.dueDate, language) : '',
          status: measureStatusLabel(measureWorkflow, measure.status, language),
        })),
    );
  }

  /** Downloads the findings or measures as .xlsx or CSV; returns an error text when it could not. */
  async function exportTable(
    kind: 'findings' | 'measures',
    format: 'xlsx' | 'csv',
  ): Promise<string | null> {
    try {
      const [header, ...rows] = table(kind);
      const name = displayValue(input.audit?.name) || input.auditId;
      const title = kind === 'findings' ? t('reporting.pdf.findings') : t('reporting.pdf.measures');
      const fileName = reportFileName(title, name, format);
      if (format === 'csv') {
        downloadFile(formatSemicolonCsv([header!, ...rows]), fileName, 'text/csv;charset=utf-8');
      } else {
        const { tableWorkbookBytes, XLSX_TYPE } = await loadChunk(
          () => import('../../../lib/export/xlsx-table'),
        );
        downloadFile(
          await tableWorkbookBytes(title, header as string[], rows),
          fileName,
          XLSX_TYPE,
        );
      }
      return null;
    } catch (error) {
      console.error('report export failed', error);
      return t('reporting.export.failed');
    }
  }

  /** The photos' bytes from this device's copy, else the server (null offline without a copy). */
  const photoReader: PhotoReader = {
    read: async (fileId) =>
      (files ? await readFileBlob(files, fileId) : null) ?? fetchFileBlob(serverFileUrl(fileId)),
    downscale: async (blob, name) => {
      const small =
        (await printCopy(blob)) ?? (await downscaleImage(blob, name, PHOTO_EDGE, 0.75)).blob;
      return PRINTABLE.has(small.type) ? small : null;
    },
  };

  /** Makes the report: the PDF file and the name to give it (download, mail). */
  async function render(): Promise<{ blob: Blob; fileName: string }> {
    performance.mark('report-pdf-start');
    const content = data();
    const chunk = loadChunk(() => import('./report-pdf'));
    // (Awaited below; marked handled so a failure meanwhile is not reported twice.)
    chunk.catch(() => undefined);
    try {
      const photos = await loadReportPhotos(reportPhotos(content), photoReader, (done, total) =>
        setPhotoProgress(total > 0 ? { done, total } : null),
      );
      // (What the photos took, for the DevTools' timeline and bench/reporting.bench.ts.)
      performance.measure('report-pdf-photos', 'report-pdf-start');
      const { renderReportPdf } = await chunk;
      const blob = await renderReportPdf(withReportPhotos(content, photos));
      return { blob, fileName: reportFileName(t('reporting.pdf.fileName'), content.title) };
    } finally {
      setPhotoProgress(null);
    }
  }

  /** Makes and downloads the report; returns an error text when it could not. */
  async function download(): Promise<string | null> {
    setGenerating(true);
    try {
      const { blob, fileName } = await render();
      downloadFile(blob, fileName, 'application/pdf');
      return null;
    } catch (error) {
      console.error('report PDF failed', error);
      return t('reporting.pdf.failed');
    } finally {
      setGenerating(false);
    }
  }

  return { generating, setGenerating, photoProgress, render, download, exportTable };
}
