import type { ItemExplanation, Language, ScoreExplanation } from '@qa/domain';

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
    explanation: string;
    explanationColumns: string[];
    findings: string;
    noFindings: string;
    measures: string;
    measureColumns: string[];
    noMeasures: string;
    summary: string;
    noSummary: string;
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
    categories: { name: string; counted: string; percent: string }[];
  };
  explanation: {
    name: string;
    formula: string;
    items: { question: string; weight: string; finding: string; points: string }[];
    excluded: string | null;
  }[];
  findings: { question: string; type: string; fields: [string, string][] }[];
  measures: { text: string; assignees: string; due: string; status: string }[];
  summary: string;
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
