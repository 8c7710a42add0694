import {
  vdaElementOf,
  vdaIncompleteConfirmationSchema,
  vdaRuleSetOf,
  type AuditItem,
  type Language,
  type VdaColour,
  type VdaContribution,
  type VdaGrade,
  type VdaLevel,
} from '@qa/domain';
import { getOwn, type JsonValue } from '@qa/sync';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../lib/i18n/format';
import { translateDomainMessage } from '../../../lib/i18n/domain-message';
import { formatReportNumber } from './report-numbers';

/**
 * The VDA 6.3 result as the reporting tab and the PDF report show it (issue 19): the rows of the
 * result matrix (P2 to P7, under P6 its sub-elements and the process steps, then E_G), each with
 * its label, level, points, coverage and traffic-light colour in words; the class, the
 * downgrading reasons and what is missing for a valid grade, all in the user's language. Pure:
 * no React, so the PDF builds from the same rows as the tab.
 */

type AuditData = Record<string, JsonValue> | undefined;

// Without texts, for the audit's stepper (a first screen's): vda-grade.ts.
export { isVdaReport, VDA_COMPLETE_NOT_VALID, vdaGradeOf } from './vda-grade';

export type VdaRowKind = VdaLevel['kind'];

export interface VdaResultRow {
  /** Unique in the matrix: 'element-P2', 'subElement-U1', 'step-<id>', 'total-G'. */
  key: string;
  kind: VdaRowKind;
  /** The level's index after "E": 'P2', 'U1', the step's number ('1', '2', ...), 'G'. */
  subscript: string;
  /** "E_P2", "E_U1", "E_1", "E_G": the subscript written plainly (PDF, accessible names). */
  code: string;
  /** "P2 Projektmanagement", "U1 Prozess-Input", "Stanzen", "Gesamtergebnis". */
  label: string;
  /** Listed under P6 (its sub-elements and the process steps). */
  nested: boolean;
  percent: number | null;
  /** "92 %", or "not evaluated". */
  percentText: string;
  /** "46 / 50" (awarded / possible, up to two decimals). */
  pointsText: string;
  /** "5 of 6 evaluated". */
  coverageText: string;
  coverageOk: boolean;
  colour: VdaColour | null;
  /** The colour in words with its range: "green (A range, from 90 %)". */
  colourText: string;
  level: VdaLevel;
}

export interface VdaConfirmationView {
  by: string;
  at: string;
  /** "Confirmed by Anna Muster on 26 Nov 2026, 14:05". */
  text: string;
}

export interface VdaResultModel {
  /** Elements in order, each P6 followed by its sub-elements and then the process steps. */
  rows: VdaResultRow[];
  total: VdaResultRow;
  className: string | null;
  baseClass: string | null;
  /** "Class B", or "No class yet: nothing is evaluated". */
  classText: string;
  /** "Class by E_G: A; after downgrading: B", when downgraded; else null. */
  downgradeText: string | null;
  /** Every downgrading reason in words. */
  reasons: string[];
  valid: boolean;
  /** What is missing for a valid grade, in words. */
  missing: string[];
  /** The recorded confirmation of completing with a grade that is not valid. */
  confirmation: VdaConfirmationView | null;
}

export interface VdaModelContext {
  language: Language;
  t: TFunction;
  /** A person's name by id (for the confirmation); the id itself when absent. */
  personName?: (id: string) => string;
}

/** The colours in words, with the range each stands for. */
const COLOUR_KEYS: Record<VdaColour, string> = {
  green: 'reporting.vda.colour.green',
  yellow: 'reporting.vda.colour.yellow',
  red: 'reporting.vda.colour.red',
};

/** The category name of every element, as its questions carry it ("Projektmanagement"). */
export function vdaElementNames(
  items: readonly AuditItem[],
  edition: string | null | undefined,
): Map<string, string> {
  const rules = vdaRuleSetOf(edition);
  const names = new Map<string, string>();
  for (const item of items) {
    const name = item.question.category.trim();
    if (!name) continue;
    const element = vdaElementOf(item.question, rules);
    if (element !== null && !names.has(element)) names.set(element, name);
  }
  return names;
}

function row(
  level: VdaLevel,
  subscript: string,
  label: string,
  nested: boolean,
  { language, t }: VdaModelContext,
): VdaResultRow {
  const n = (value: number) => formatReportNumber(value, language);
  return {
    key: `${level.kind}-${level.id}`,
    kind: level.kind,
    subscript,
    code: `E_${subscript}`,
    label,
    nested,
    percent: level.percent,
    percentText:
      level.percent === null
        ? t('reporting.vda.notEvaluated')
        : t('reporting.percent', { percent: level.percent }),
    pointsText: t('reporting.vda.points', {
      awarded: n(level.awarded),
      possible: n(level.possible),
    }),
    coverageText: t('reporting.vda.coverage', {
      evaluated: level.evaluated,
      total: level.questions,
    }),
    coverageOk: level.coverageOk,
    colour: level.colour,
    colourText:
      level.colour === null ? t('reporting.vda.colour.none') : t(COLOUR_KEYS[level.colour]),
    level,
  };
}

function confirmationOf(audit: AuditData, context: VdaModelContext): VdaConfirmationView | null {
  const parsed = vdaIncompleteConfirmationSchema.safeParse(
    audit ? getOwn(audit, 'vdaIncompleteConfirmed') : undefined,
  );
  if (!parsed.success) return null;
  const by = context.personName?.(parsed.data.by) ?? parsed.data.by;
  const at = formatDate(parsed.data.at, context.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return { by, at, text: context.t('reporting.vda.confirmedBy', { name: by, date: at }) };
}

/** The matrix's rows and the class, reasons and missing items in the user's language. */
export function vdaResultModel(
  grade: VdaGrade,
  items: readonly AuditItem[],
  audit: AuditData,
  context: VdaModelContext,
): VdaResultModel {
  const { t, language } = context;
  const rules = vdaRuleSetOf(grade.edition);
  const names = vdaElementNames(items, grade.edition);
  const subLabels = new Map(rules.subElements.map((sub) => [sub.id, sub.label[language]]));
  const rows: VdaResultRow[] = [];
  for (const element of grade.elements) {
    const name = names.get(element.id);
    rows.push(
      row(element, element.id, name ? `${element.id} ${name}` : element.id, false, context),
    );
    if (element.id !== rules.processStepElement) continue;
    for (const sub of grade.subElements) {
      const label = subLabels.get(sub.id);
      rows.push(row(sub, sub.id, label ? `${sub.id} ${label}` : sub.id, true, context));
    }
    grade.steps.forEach((step, index) => {
      rows.push(row(step, String(index + 1), step.name ?? step.id, true, context));
    });
  }
  const total = row(grade.total, 'G', t('reporting.vda.total'), false, context);
  const translate = (message: Parameters<typeof translateDomainMessage>[0]) =>
    translateDomainMessage(message, language);
  const downgraded = grade.baseClass !== null && grade.class !== grade.baseClass;
  return {
    rows,
    total,
    className: grade.class,
    baseClass: grade.baseClass,
    classText:
      grade.class === null
        ? t('reporting.vda.noClass')
        : t('reporting.vda.class', { vdaClass: grade.class }),
    downgradeText: downgraded
      ? t('reporting.vda.downgraded', { base: grade.baseClass, vdaClass: grade.class })
      : null,
    reasons: grade.downgrades.map((downgrade) => translate(downgrade.message)),
    valid: grade.valid,
    missing: grade.missing.map(translate),
    confirmation: confirmationOf(audit, context),
  };
}

export interface VdaExplanationEntry {
  itemId: string;
  /** "6.2.3*": the number, with an asterisk for a *-question. */
  no: string;
  text: string;
  points: string;
  possible: string;
}

export interface VdaExplanation {
  /** "How E_P2 P2 Projektmanagement is made". */
  title: string;
  /** The evaluated questions, whose points add up to the level's awarded points. */
  counted: VdaExplanationEntry[];
  /** The questions of the level not evaluated in it (n.e. or not yet), with n.e. reasons. */
  notEvaluated: (VdaExplanationEntry & { reason: string })[];
  /** "Points awarded 46 ÷ possible 50 × 100 = 92, rounded 92 %". */
  formula: string;
}

const numberOf = (contribution: VdaContribution) =>
  contribution.specialRisk ? `${contribution.no}*` : contribution.no;

/**
 * A level explained down to its questions, from its own contributions: the listed points add
 * up to the shown awarded points and give the shown percent.
 */
export function vdaLevelExplanation(
  resultRow: VdaResultRow,
  grade: VdaGrade,
  { language, t }: VdaModelContext,
): VdaExplanation {
  const n = (value: number) => formatReportNumber(value, language);
  const { level } = resultRow;
  const reasons = new Map(
    grade.questions.map((question) => [
      question.itemId,
      question.evaluations
        .filter((evaluation) => evaluation.points === null && evaluation.reason)
        .filter((evaluation) => level.kind !== 'step' || evaluation.key === level.id)
        .map((evaluation) =>
          evaluation.stepName ? `${evaluation.stepName}: ${evaluation.reason}` : evaluation.reason,
        )
        .join('; '),
    ]),
  );
  const entry = (contribution: VdaContribution): VdaExplanationEntry => ({
    itemId: contribution.itemId,
    no: numberOf(contribution),
    text: contribution.text,
    points: contribution.points === null ? '' : n(contribution.points),
    possible: n(contribution.possible),
  });
  return {
    title: t('reporting.vda.explainTitle', { code: resultRow.code, label: resultRow.label }),
    counted: level.contributions.filter((c) => c.points !== null).map(entry),
    notEvaluated: level.contributions
      .filter((c) => c.points === null)
      .map((c) => ({ ...entry(c), reason: reasons.get(c.itemId) ?? '' })),
    formula:
      level.percent === null || level.exact === null
        ? t('reporting.vda.nothingEvaluated')
        : t('reporting.vda.formula', {
            awarded: n(level.awarded),
            possible: n(level.possible),
            exact: n(level.exact),
            percent: level.percent,
          }),
  };
}

/** A bar of the VDA levels chart. */
export interface VdaChartLevel {
  key: string;
  /** "E_P2 Projektmanagement", "E_1 Stanzen". */
  name: string;
  percent: number;
  colour: VdaColour | null;
}

/**
 * The levels the reporting tab and the PDF draw as bars (issue 34.4): E_Pn of each process
 * element and E_n of each process step, in the matrix's order; a level without a percent
 * (nothing evaluated) has no bar.
 */
export function vdaChartLevels(model: Pick<VdaResultModel, 'rows'>): VdaChartLevel[] {
  return model.rows.flatMap((row) => {
    if ((row.kind !== 'element' && row.kind !== 'step') || row.percent === null) return [];
    // An element's label starts with its id ("P2 Projektmanagement"): the code says it already.
    const label = row.label.startsWith(`${row.subscript} `)
      ? row.label.slice(row.subscript.length + 1)
      : row.label;
    return [
      { key: row.key, name: `${row.code} ${label}`, percent: row.percent, colour: row.colour },
    ];
  });
}
