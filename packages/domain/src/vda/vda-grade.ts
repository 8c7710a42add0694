import type { AuditItem, Question, VdaEvaluation } from '../audit/audit-item.schema';
import type { VdaSetup } from '../entities/audit.schema';
import type { DomainMessage } from '../messages/message';
import { compareByQuestion } from '../sorting/question-order';
import { vdaRuleSetOf, type VdaLevelKind, type VdaRuleSet } from './vda-rules';

/**
 * The VDA 6.3 grade of an audit (issue 19): levels per process element (E_Pn), P6 sub-element
 * (E_Un) and process step (E_n), the overall level E_G, the class and every downgrading reason,
 * whether the grade is valid (enough questions evaluated), and for every level the questions
 * behind it. Pure and exact: points are kept as integer hundredths, so a question evaluated
 * 10, 8 and 6 counts 8.00 and the levels' rounding to whole percent is decided by integers,
 * never by a binary fraction.
 */

/** The evaluation key of a question evaluated once. */
export const VDA_KEY_ALL = 'all';
/** The evaluation keys of a P3 / P4 question evaluated separately for product and process. */
export const VDA_KEY_PRODUCT = 'product';
export const VDA_KEY_PROCESS = 'process';

export type VdaColour = 'green' | 'yellow' | 'red';

/** One question's part in a level. */
export interface VdaContribution {
  itemId: string;
  no: string;
  text: string;
  specialRisk: boolean;
  /** The points counted (two decimals), or null when not evaluated in this level. */
  points: number | null;
  /** What the question can score in this level when evaluated (the scale's best). */
  possible: number;
}

export interface VdaLevel {
  kind: VdaLevelKind | 'total';
  /** 'P5', 'U2', a process step id, or 'G'. */
  id: string;
  /** The process step's name; null for the other levels. */
  name: string | null;
  /** Points awarded and possible over the evaluated questions (two decimals). */
  awarded: number;
  possible: number;
  /** Whole percent as the rules use it; null when nothing is evaluated. */
  percent: number | null;
  /** The unrounded percentage, for the explanation. */
  exact: number | null;
  colour: VdaColour | null;
  questions: number;
  evaluated: number;
  /** How many must be evaluated (the rule set's share of `questions`, rounded up). */
  needed: number;
  coverageOk: boolean;
  contributions: VdaContribution[];
}

export interface VdaQuestionEvaluation {
  key: string;
  /** The process step's name for a step key, else null. */
  stepName: string | null;
  points: number | null;
  reason: string;
}

export interface VdaQuestionResult {
  itemId: string;
  no: string;
  text: string;
  specialRisk: boolean;
  element: string;
  subElement: string | null;
  /** The keys this question is to be evaluated under, in order. */
  keys: string[];
  /** The evaluations given under those keys. */
  evaluations: VdaQuestionEvaluation[];
  /** The mean of the points given (two decimals), or null when none. */
  points: number | null;
  /** Evaluated below the best without a finding that documents it. */
  undocumented: boolean;
}

export interface VdaDowngrade {
  from: string;
  to: string;
  message: DomainMessage;
}

export interface VdaGrade {
  edition: string;
  elements: VdaLevel[];
  subElements: VdaLevel[];
  steps: VdaLevel[];
  total: VdaLevel;
  /** The class by E_G alone, and after the downgrading rules; null when nothing is evaluated. */
  baseClass: string | null;
  class: string | null;
  downgrades: VdaDowngrade[];
  /** Enough evaluated everywhere and every score below the best documented. */
  valid: boolean;
  missing: DomainMessage[];
  questions: VdaQuestionResult[];
}

export interface VdaGradeInput {
  items: readonly AuditItem[];
  setup?: VdaSetup | null;
  /** The audit's recorded edition; absent = the current one. */
  edition?: string | null;
  /** Finding types that document nothing ('no deviation', 'not applicable'). */
  nonDocumentingTypes?: ReadonlySet<string>;
}

/** The element of a question: its category id, else its number's first part ('6.2.3' -> 6). */
export function vdaElementOf(
  question: Pick<Question, 'no' | 'category_id'>,
  rules: VdaRuleSet,
): string | null {
  const category = question.category_id.trim() || question.no.trim().split('.')[0] || '';
  return rules.elements.find((element) => element.category === category)?.id ?? null;
}

/** The P6 sub-element: set on the question, else by its number (6.1.x -> U1 ... 6.6.x -> U6). */
export function vdaSubElementOf(question: Question, rules: VdaRuleSet): string | null {
  if (question.vdaSubElement) return question.vdaSubElement;
  const no = question.no.trim();
  return (
    rules.subElements.find(({ prefix }) => no === prefix || no.startsWith(`${prefix}.`))?.id ?? null
  );
}

/** The keys a question is evaluated under in an audit with this set-up. */
export function vdaEvaluationKeys(
  question: Pick<Question, 'no' | 'category_id'>,
  setup: VdaSetup | null | undefined,
  rules: VdaRuleSet,
): string[] {
  const element = vdaElementOf(question, rules);
  const steps = setup?.processSteps ?? [];
  if (element === rules.processStepElement && steps.length > 0) return steps.map((s) => s.id);
  if (
    element !== null &&
    setup?.productProcessSplit &&
    rules.productProcessElements.includes(element)
  ) {
    return [VDA_KEY_PRODUCT, VDA_KEY_PROCESS];
  }
  return [VDA_KEY_ALL];
}

/** Hundredths of a point as a number with two decimals. */
const points = (hundredths: number) => hundredths / 100;

/** round(awarded / possible * 100) half up, in integers. */
function wholePercent(awardedH: number, possibleH: number): number {
  return Math.floor((200 * awardedH + possibleH) / (2 * possibleH));
}

function colourOf(percent: number | null, rules: VdaRuleSet): VdaColour | null {
  if (percent === null) return null;
  if (percent >= rules.colours.green) return 'green';
  return percent >= rules.colours.yellow ? 'yellow' : 'red';
}

interface Part {
  question: VdaQuestionResult;
  /** Hundredths counted in this level, or null. */
  valueH: number | null;
}

function level(
  kind: VdaLevel['kind'],
  id: string,
  name: string | null,
  parts: readonly Part[],
  rules: VdaRuleSet,
): VdaLevel {
  const best = rules.points[0]!;
  let awardedH = 0;
  let evaluated = 0;
  for (const part of parts) {
    if (part.valueH === null) continue;
    awardedH += part.valueH;
    evaluated += 1;
  }
  const possibleH = evaluated * best * 100;
  const percent = possibleH === 0 ? null : wholePercent(awardedH, possibleH);
  const { numerator, denominator } = rules.minCoverage;
  const needed = Math.ceil((parts.length * numerator) / denominator);
  return {
    kind,
    id,
    name,
    awarded: points(awardedH),
    possible: evaluated * best,
    percent,
    exact: possibleH === 0 ? null : (awardedH * 100) / possibleH,
    colour: colourOf(percent, rules),
    questions: parts.length,
    evaluated,
    needed,
    coverageOk: evaluated * denominator >= parts.length * numerator,
    contributions: parts.map(({ question, valueH }) => ({
      itemId: question.itemId,
      no: question.no,
      text: question.text,
      specialRisk: question.specialRisk,
      points: valueH === null ? null : points(valueH),
      possible: best,
    })),
  };
}

function questionResult(
  item: AuditItem,
  element: string,
  input: VdaGradeInput,
  rules: VdaRuleSet,
): { result: VdaQuestionResult; valueH: number | null; byKey: Map<string, number | null> } {
  const keys = vdaEvaluationKeys(item.question, input.setup, rules);
  const stepNames = new Map((input.setup?.processSteps ?? []).map((s) => [s.id, s.name]));
  const stored: Record<string, VdaEvaluation> = item.vda ?? {};
  const evaluations: VdaQuestionEvaluation[] = [];
  const byKey = new Map<string, number | null>();
  for (const key of keys) {
    const evaluation = Object.hasOwn(stored, key) ? stored[key] : undefined;
    if (!evaluation) continue;
    const valid = evaluation.points === null || rules.points.includes(evaluation.points);
    const given = valid ? evaluation.points : null;
    byKey.set(key, given);
    evaluations.push({
      key,
      stepName: stepNames.get(key) ?? null,
      points: given,
      reason: evaluation.reason,
    });
  }
  const given = evaluations.flatMap((e) => (e.points === null ? [] : [e.points]));
  const valueH =
    given.length === 0
      ? null
      : Math.round((given.reduce((sum, value) => sum + value, 0) * 100) / given.length);
  const best = rules.points[0]!;
  const types = input.nonDocumentingTypes ?? new Set<string>();
  const documented = Object.values(item.deviations).some((f) => !types.has(f.importance));
  return {
    result: {
      itemId: item.id,
      no: item.question.no,
      text: item.question.text,
      specialRisk: item.question.specialRisk === true,
      element,
      subElement:
        element === rules.processStepElement ? vdaSubElementOf(item.question, rules) : null,
      keys,
      evaluations,
      points: valueH === null ? null : points(valueH),
      undocumented: given.some((value) => value < best) && !documented,
    },
    valueH,
    byKey,
  };
}

const classIndex = (rules: VdaRuleSet, id: string) => rules.classes.findIndex((c) => c.id === id);

/** The VDA 6.3 grade of an audit's items under its set-up and edition. */
export function gradeVdaAudit(input: VdaGradeInput): VdaGrade {
  const rules = vdaRuleSetOf(input.edition);
  const active = input.items
    .filter((item) => item.auditItemState !== 'deactivated')
    .sort(compareByQuestion);
  const rows = active.flatMap((item) => {
    const element = vdaElementOf(item.question, rules);
    return element === null ? [] : [{ element, ...questionResult(item, element, input, rules) }];
  });
  const elements = rules.elements
    .map(({ id }) => {
      const parts = rows
        .filter((row) => row.element === id)
        .map((row) => ({ question: row.result, valueH: row.valueH }));
      return parts.length === 0 ? null : level('element', id, null, parts, rules);
    })
    .filter((entry): entry is VdaLevel => entry !== null);
  const p6 = rows.filter((row) => row.element === rules.processStepElement);
  const subElements = rules.subElements
    .map(({ id }) => {
      const parts = p6
        .filter((row) => row.result.subElement === id)
        .map((row) => ({ question: row.result, valueH: row.valueH }));
      return parts.length === 0 ? null : level('subElement', id, null, parts, rules);
    })
    .filter((entry): entry is VdaLevel => entry !== null);
  const steps =
    p6.length === 0
      ? []
      : (input.setup?.processSteps ?? []).map((step) =>
          level(
            'step',
            step.id,
            step.name,
            p6.map((row) => {
              const given = row.byKey.get(step.id);
              return { question: row.result, valueH: given == null ? null : given * 100 };
            }),
            rules,
          ),
        );
  const total = level(
    'total',
    'G',
    null,
    rows.map((row) => ({ question: row.result, valueH: row.valueH })),
    rules,
  );
  const questions = rows.map((row) => row.result);

  const baseClass =
    total.percent === null
      ? null
      : (rules.classes.find((entry) => total.percent! >= entry.from)?.id ??
        rules.classes[rules.classes.length - 1]!.id);
  const downgrades: VdaDowngrade[] = [];
  let finalClass = baseClass;
  if (baseClass !== null) {
    const base = classIndex(rules, baseClass);
    const levels: Record<VdaLevelKind, VdaLevel[]> = {
      element: elements,
      subElement: subElements,
      step: steps,
    };
    for (const rule of rules.downgrades) {
      if (classIndex(rules, rule.to) <= base) continue;
      const reasons: DomainMessage[] = [];
      if (rule.kind === 'levelBelow') {
        for (const kind of rule.levels) {
          for (const entry of levels[kind]) {
            if (entry.percent !== null && entry.percent < rule.below) {
              reasons.push({
                key: `vda.downgrade.${kind}`,
                params: {
                  from: baseClass,
                  to: rule.to,
                  level: entry.name ?? entry.id,
                  percent: entry.percent,
                  below: rule.below,
                },
              });
            }
          }
        }
      } else {
        for (const question of questions) {
          if (rule.kind === 'specialRiskAt' ? !question.specialRisk : question.specialRisk) {
            continue;
          }
          for (const evaluation of question.evaluations) {
            if (evaluation.points !== rule.points) continue;
            const no = question.specialRisk ? `${question.no}*` : question.no;
            reasons.push(
              evaluation.stepName === null
                ? {
                    key: 'vda.downgrade.question',
                    params: { from: baseClass, to: rule.to, no, points: rule.points },
                  }
                : {
                    key: 'vda.downgrade.questionInStep',
                    params: {
                      from: baseClass,
                      to: rule.to,
                      no,
                      points: rule.points,
                      step: evaluation.stepName,
                    },
                  },
            );
          }
        }
      }
      for (const message of reasons) downgrades.push({ from: baseClass, to: rule.to, message });
      if (reasons.length > 0 && classIndex(rules, rule.to) > classIndex(rules, finalClass!)) {
        finalClass = rule.to;
      }
    }
  }

  const missing: DomainMessage[] = [];
  if (total.evaluated === 0) missing.push({ key: 'vda.missing.nothingEvaluated' });
  for (const entry of [...elements, ...subElements, ...steps]) {
    if (entry.coverageOk) continue;
    missing.push({
      key: `vda.missing.${entry.kind}`,
      params: {
        level: entry.name ?? entry.id,
        evaluated: entry.evaluated,
        total: entry.questions,
        needed: entry.needed,
      },
    });
  }
  for (const question of questions) {
    if (question.undocumented) {
      missing.push({ key: 'vda.missing.undocumented', params: { no: question.no } });
    }
  }
  return {
    edition: rules.edition,
    elements,
    subElements,
    steps,
    total,
    baseClass,
    class: finalClass,
    downgrades,
    valid: missing.length === 0,
    missing,
    questions,
  };
}
