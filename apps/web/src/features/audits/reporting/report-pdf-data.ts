import type {
  ItemExplanation,
  Language,
  ScoreExplanation,
  VdaColour,
  VdaGrade,
  VdaQuestionResult,
} from '@qa/domain';
import { VDA_KEY_ALL, VDA_KEY_PROCESS, VDA_KEY_PRODUCT } from '@qa/domain';
import type { TFunction } from 'i18next';
import { formatReportNumber } from './report-numbers';
import type { PhotoCheck, ReportPhoto } from './report-photos';
import { vdaChartLevels, type VdaResultModel, type VdaResultRow } from './vda-result-model';

/**
 * Everything the PDF report prints, already in the user's language: the PDF chunk only lays it
 * out (report-pdf.tsx), so what it says is decided and tested here and in the tab.
 */
export interface ReportPdfData {
  language: Language;
  title: string;
  author: string;
  labels: {
    reportTitle: string;
    result: string;
    categories: string;
    categoryColumns: string[];
    /** The per-category chart's title and its accessible description. */
    chart: string;
    explanation: string;
    explanationColumns: string[];
    findings: string;
    noFindings: string;
    measures: string;
    measureColumns: string[];
    noMeasures: string;
    summary: string;
    noSummary: string;
    company: string;
    noCompany: string;
    /** What each photo's fingerprint check says, and the fingerprint's label. */
    photoCheck: Record<PhotoCheck, string>;
    photoHash: string;
    photoMissing: string;
    page: (page: number, pages: number) => string;
  };
  /** Label and value of the cover's lines (audit, standard, scope, dates, auditors, status). */
  cover: [string, string][];
  result: {
    total: string;
    schema: string;
    counted: string;
    /** "3 of 6 questions answered (50 %)", the same as the tabs (`isAuditItemAnswered`). */
    progress: string;
    formula: string | null;
    qk: string | null;
    /** `value` is the percent drawn as a bar (null: nothing scored). */
    categories: { name: string; counted: string; percent: string; value: number | null }[];
  };
  explanation: {
    name: string;
    formula: string;
    items: { question: string; weight: string; finding: string; points: string }[];
    excluded: string | null;
  }[];
  findings: {
    question: string;
    type: string;
    /** The type's colour (finding-type-colours.ts): its tag's fill and text. */
    typeColour: { fill: string; text: string };
    fields: [string, string][];
    photos: ReportPhoto[];
  }[];
  measures: { text: string; assignees: string; due: string; status: string }[];
  summary: string;
  /** The audited company's data (wrap-up), null when none was recorded. */
  company: [string, string][] | null;
  /**
   * A VDA 6.3 audit's result (issue 19), printed instead of the score and its explanation;
   * null for other audits.
   */
  vda: VdaPdfData | null;
}

/** A row of the VDA result matrix as the PDF prints it. */
export interface VdaPdfRow {
  /** "E_P2", "E_U1", "E_1", "E_G". */
  code: string;
  label: string;
  /** Listed under P6 (its sub-elements and process steps): indented. */
  nested: boolean;
  percent: string;
  /** The traffic light drawn as a cell, and in words so it reads in black and white. */
  colour: VdaColour | null;
  colourText: string;
  points: string;
  coverage: string;
  coverageOk: boolean;
}

export interface VdaPdfData {
  title: string;
  /** "Evaluated by VDA 6.3, edition 2016". */
  edition: string;
  /** "Class B" (the big line), "Overall level E_G: 84 %". */
  classText: string;
  total: string;
  /** "Class by E_G: A / after downgrading: B"; null when there is no class. */
  classes: string | null;
  matrixTitle: string;
  /** The bars of E_Pn per process element and E_n per process step, as the tab draws them. */
  chartTitle: string;
  levels: { name: string; percent: string; value: number; colour: VdaColour | null }[];
  columns: string[];
  /** The elements, P6 followed by its sub-elements and process steps, then E_G. */
  rows: VdaPdfRow[];
  reasonsTitle: string;
  /** Every downgrading reason in words; empty: `noReasons` is printed. */
  reasons: string[];
  noReasons: string;
  valid: boolean;
  /** "The grade is valid ..." or "The grade is not valid. Missing:", then what is missing. */
  validity: string;
  missing: string[];
  /** Who confirmed completing with a grade that is not valid, and when. */
  confirmation: string | null;
  questionsTitle: string;
  questionColumns: string[];
  /** Every question with its evaluations (per process step, n.e. with reason) and points. */
  questions: { question: string; evaluations: string; points: string }[];
  /** The evaluations of a question by item id, for its findings. */
  evaluationsByItem: Record<string, string>;
  /** The label of that line in a finding. */
  evaluationLabel: string;
}

/** A question's number with the asterisk of a *-question. */
export const vdaQuestionNumber = (question: Pick<VdaQuestionResult, 'no' | 'specialRisk'>) =>
  question.specialRisk ? `${question.no}*` : question.no;

/**
 * A question's evaluations in words, in its keys' order: "Stanzen: 10 · Lackieren: n.e.: reason
 * · Montage: not yet evaluated"; a question evaluated once reads "8" or "n.e.: reason". n.e. is
 * written as the execution tab writes it (issue 34.4: one label in the app and the PDF).
 */
export function vdaEvaluationsText(
  question: VdaQuestionResult,
  { t, language }: { t: TFunction; language: Language },
): string {
  const given = new Map(question.evaluations.map((evaluation) => [evaluation.key, evaluation]));
  const keyLabel = (key: string) =>
    key === VDA_KEY_PRODUCT
      ? t('reporting.pdf.vda.product')
      : key === VDA_KEY_PROCESS
        ? t('reporting.pdf.vda.process')
        : (given.get(key)?.stepName ?? key);
  return question.keys
    .map((key) => {
      const evaluation = given.get(key);
      const value =
        evaluation === undefined
          ? t('reporting.pdf.vda.open')
          : evaluation.points !== null
            ? formatReportNumber(evaluation.points, language)
            : evaluation.reason.trim()
              ? t('execution.vda.reasonShown', { reason: evaluation.reason.trim() })
              : t('execution.vda.notEvaluated');
      return key === VDA_KEY_ALL && question.keys.length === 1
        ? value
        : `${keyLabel(key)}: ${value}`;
    })
    .join(' \u00b7 ');
}

/**
 * The VDA part of the PDF from the reporting tab's model (the same rows, class, reasons and
 * missing items as the tab) and the grade's questions.
 */
export function vdaPdfData(
  model: VdaResultModel,
  grade: VdaGrade,
  context: { t: TFunction; language: Language },
): VdaPdfData {
  const { t, language } = context;
  const row = (entry: VdaResultRow): VdaPdfRow => ({
    code: entry.code,
    label: entry.label,
    nested: entry.nested,
    percent: entry.percentText,
    colour: entry.colour,
    colourText: entry.colourText,
    points: entry.pointsText,
    coverage: entry.coverageText,
    coverageOk: entry.coverageOk,
  });
  const questions = grade.questions.map((question) => ({
    itemId: question.itemId,
    question: `${vdaQuestionNumber(question)} ${question.text}`.trim(),
    evaluations: vdaEvaluationsText(question, context),
    points:
      question.points === null
        ? question.evaluations.length > 0
          ? t('execution.vda.notEvaluated')
          : '\u2013'
        : formatReportNumber(question.points, language),
  }));
  return {
    title: t('reporting.pdf.vda.title'),
    edition: t('reporting.pdf.vda.edition', { edition: grade.edition }),
    classText: model.classText,
    total: t('reporting.pdf.vda.total', { percent: model.total.percentText }),
    classes:
      model.className === null
        ? null
        : t('reporting.pdf.vda.classes', { base: model.baseClass, vdaClass: model.className }),
    matrixTitle: t('reporting.pdf.vda.matrix'),
    chartTitle: t('reporting.charts.vdaLevels'),
    levels: vdaChartLevels(model).map((level) => ({
      name: level.name,
      percent: t('reporting.percent', { percent: level.percent }),
      value: level.percent,
      colour: level.colour,
    })),
    columns: [
      t('reporting.pdf.vda.code'),
      t('reporting.pdf.vda.level'),
      t('reporting.pdf.vda.percent'),
      t('reporting.pdf.vda.colour'),
      t('reporting.pdf.vda.points'),
      t('reporting.pdf.vda.coverage'),
    ],
    rows: [...model.rows, model.total].map(row),
    reasonsTitle: t('reporting.pdf.vda.reasons'),
    reasons: model.reasons,
    noReasons: t('reporting.pdf.vda.noReasons'),
    valid: model.valid,
    validity: model.valid ? t('reporting.pdf.vda.valid') : t('reporting.pdf.vda.notValid'),
    missing: model.missing,
    confirmation: model.confirmation?.text ?? null,
    questionsTitle: t('reporting.pdf.vda.questions'),
    questionColumns: [
      t('reporting.pdf.question'),
      t('reporting.pdf.vda.evaluations'),
      t('reporting.pdf.vda.mean'),
    ],
    questions: questions.map(({ question, evaluations, points }) => ({
      question,
      evaluations,
      points,
    })),
    evaluationsByItem: Object.fromEntries(
      questions.map((entry) => [entry.itemId, entry.evaluations]),
    ),
    evaluationLabel: t('reporting.pdf.vda.evaluation'),
  };
}

/**
 * Consecutive runs of entries whose weights add up to about `budget` (each run at least one
 * entry): the report lays each run out as a page sequence of its own. react-pdf paginates a page
 * sequence by laying out what is left again after every page break, so one long sequence costs
 * the square of its length; runs of a few pages keep a 90-page report within seconds.
 */
export function runsOf<T>(
  entries: readonly T[],
  weight: (entry: T) => number,
  budget: number,
): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let sum = 0;
  for (const entry of entries) {
    const next = weight(entry);
    if (run.length > 0 && sum + next > budget) {
      runs.push(run);
      run = [];
      sum = 0;
    }
    run.push(entry);
    sum += next;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Every photo of the report, in print order. */
export function reportPhotos(data: ReportPdfData): ReportPhoto[] {
  return data.findings.flatMap((finding) => finding.photos);
}

/** The report with its photos replaced by the loaded ones (same order as `reportPhotos`). */
export function withReportPhotos(
  data: ReportPdfData,
  loaded: readonly ReportPhoto[],
): ReportPdfData {
  let index = 0;
  return {
    ...data,
    findings: data.findings.map((finding) => ({
      ...finding,
      photos: finding.photos.map(() => loaded[index++]!),
    })),
  };
}

const numbers = new Intl.Collator(undefined, { numeric: true });

/** A scope's counted items in the questions' order, as the explanation table prints them. */
export function explanationRows(
  scope: ScoreExplanation,
  text: {
    question: (item: ItemExplanation) => string;
    weight: (item: ItemExplanation) => string;
    finding: (item: ItemExplanation) => string;
    points: (item: ItemExplanation) => string;
  },
): ReportPdfData['explanation'][number]['items'] {
  return scope.items
    .filter((item) => item.excluded === null)
    .sort((a, b) => numbers.compare(a.no, b.no) || numbers.compare(a.text, b.text))
    .map((item) => ({
      question: text.question(item),
      weight: text.weight(item),
      finding: text.finding(item),
      points: text.points(item),
    }));
}

/** A file name for the report: the audit's name without characters file systems refuse. */
export function reportFileName(prefix: string, auditName: string, extension = 'pdf'): string {
  const safe = [...auditName]
    .map((char) => (char.charCodeAt(0) < 32 ? ' ' : char))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${prefix}${safe ? ` ${safe}` : ''}.${extension}`;
}
