import type { ItemExplanation, Language, ScoreExplanation } from '@qa/domain';
import type { PhotoCheck, ReportPhoto } from './report-photos';

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
  findings: { question: string; type: string; fields: [string, string][]; photos: ReportPhoto[] }[];
  measures: { text: string; assignees: string; due: string; status: string }[];
  summary: string;
  /** The audited company's data (wrap-up), null when none was recorded. */
  company: [string, string][] | null;
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
