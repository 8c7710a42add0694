import {
  auditItemSchema,
  CALC_SCHEMA_VDA63,
  vdaElementOf,
  vdaEvaluationKeys,
  vdaSetupSchema,
  VDA_KEY_PROCESS,
  VDA_KEY_PRODUCT,
  type AuditItem,
  type VdaGrade,
  type VdaLevel,
  type VdaRuleSet,
  type VdaSetup,
} from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';
import type { ViewDocument } from '../../../lib/sync/sync-types';

/**
 * The VDA 6.3 evaluation view of the execution tab (issue 19.4), as data: which audits are
 * evaluated by VDA 6.3, the audit items as the domain's grading reads them (parsed once per
 * document change), what each question row shows (its evaluation keys and the points given
 * under them) and what a tap on a point button does.
 */

const objectOf = (value: JsonValue | undefined): JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
const text = (value: JsonValue | undefined): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Is the audit (its stored data) evaluated by VDA 6.3? */
export function isVdaAuditData(audit: JsonObject | undefined): boolean {
  return objectOf(audit?.reportSchema).calcSchema === CALC_SCHEMA_VDA63;
}

/** The audit's VDA set-up (process steps, product / process split); none when unreadable. */
export function vdaSetupOf(audit: JsonObject | undefined): VdaSetup | null {
  const parsed = vdaSetupSchema.safeParse(audit?.vda);
  return parsed.success ? parsed.data : null;
}

/** The audit's recorded rule set edition, null before execution started. */
export function vdaEditionOf(audit: JsonObject | undefined): string | null {
  const edition = audit?.vdaEdition;
  return typeof edition === 'string' && edition !== '' ? edition : null;
}

/**
 * An item document as the domain's grading reads it. A document the schema refuses (written by
 * an older version) is read again with only what grading needs, so it still counts.
 */
export function vdaItemOf(doc: ViewDocument): AuditItem | null {
  const parsed = auditItemSchema.safeParse({ ...doc.data, id: doc.id });
  if (parsed.success) return parsed.data;
  const data = doc.data;
  const question = objectOf(data.question);
  const deviations = Object.fromEntries(
    Object.entries(objectOf(data.deviations)).flatMap(([id, finding]) => {
      const importance = text(objectOf(finding).importance);
      return importance === '' ? [] : [[id, { id, importance }]];
    }),
  );
  const vda = Object.fromEntries(
    Object.entries(objectOf(data.vda)).flatMap(([key, value]) => {
      const entry = objectOf(value);
      const points = entry.points;
      return typeof points === 'number' || points === null
        ? [[key, { points, reason: text(entry.reason) }]]
        : [];
    }),
  );
  const lenient = auditItemSchema.safeParse({
    id: doc.id,
    auditId: text(data.auditId) || 'unknown',
    question: {
      text: text(question.text).trim() || '–',
      no: text(question.no),
      category_id: text(question.category_id),
      ...(question.specialRisk === true ? { specialRisk: true } : {}),
    },
    auditItemState:
      data.auditItemState === 'deactivated' || data.auditItemState === 'completed'
        ? data.auditItemState
        : null,
    deviations,
    vda,
  });
  return lenient.success ? lenient.data : null;
}

/** The items of the documents, reusing the item of a document whose data did not change. */
export function createVdaItemCache() {
  const cache = new Map<string, { data: JsonObject; item: AuditItem | null }>();
  let last: AuditItem[] = [];
  return (documents: readonly ViewDocument[]): AuditItem[] => {
    const seen = new Set<string>();
    const items: AuditItem[] = [];
    let changed = documents.length !== last.length;
    for (const doc of documents) {
      seen.add(doc.id);
      const hit = cache.get(doc.id);
      let item: AuditItem | null;
      if (hit && hit.data === doc.data) item = hit.item;
      else {
        item = vdaItemOf(doc);
        cache.set(doc.id, { data: doc.data, item });
      }
      if (item) {
        if (last[items.length] !== item) changed = true;
        items.push(item);
      }
    }
    for (const id of cache.keys()) if (!seen.has(id)) cache.delete(id);
    if (changed || items.length !== last.length) last = items;
    return last;
  };
}

/** What one evaluation key of a question stands for. */
export type VdaKeyKind = 'all' | 'product' | 'process' | 'step';

export interface VdaKeyState {
  key: string;
  kind: VdaKeyKind;
  /** The process step's name for a step key. */
  stepName: string | null;
  /** The evaluation given under the key; null when none yet (points null = n.e.). */
  evaluation: { points: number | null; reason: string } | null;
}

/** What a question row of a VDA audit shows. */
export interface VdaRowModel {
  itemId: string;
  no: string;
  specialRisk: boolean;
  /** 'P2' ... 'P7', null for a question outside the elements. */
  element: string | null;
  /** Evaluated per process step (P6 with steps): the row shows the selected step's key. */
  perStep: boolean;
  keys: VdaKeyState[];
  /** Has a finding that documents a score below the best. */
  documented: boolean;
  /** Made "not applicable": not evaluated. */
  deactivated: boolean;
}

export interface VdaRowContext {
  setup: VdaSetup | null;
  rules: VdaRuleSet;
  /** Finding types that document nothing ('no deviation', 'not applicable'). */
  nonDocumentingTypes: ReadonlySet<string>;
}

export function vdaRowModel(item: AuditItem, context: VdaRowContext): VdaRowModel {
  const { setup, rules, nonDocumentingTypes } = context;
  const element = vdaElementOf(item.question, rules);
  const stepNames = new Map((setup?.processSteps ?? []).map((step) => [step.id, step.name]));
  const perStep = element === rules.processStepElement && stepNames.size > 0;
  const stored = item.vda ?? {};
  const keys = vdaEvaluationKeys(item.question, setup, rules).map((key): VdaKeyState => {
    const given = Object.hasOwn(stored, key) ? stored[key] : undefined;
    return {
      key,
      kind: perStep
        ? 'step'
        : key === VDA_KEY_PRODUCT
          ? 'product'
          : key === VDA_KEY_PROCESS
            ? 'process'
            : 'all',
      stepName: stepNames.get(key) ?? null,
      evaluation: given ? { points: given.points, reason: given.reason } : null,
    };
  });
  return {
    itemId: item.id,
    no: item.question.no,
    specialRisk: item.question.specialRisk === true,
    element,
    perStep,
    keys,
    documented: Object.values(item.deviations).some(
      (finding) => !nonDocumentingTypes.has(finding.importance),
    ),
    deactivated: item.auditItemState === 'deactivated',
  };
}

/**
 * The row models by item id, reusing the model of an item that did not change while the
 * context stays the same, so only the rows whose document changed render again.
 */
export function createVdaRowCache() {
  let lastContext: VdaRowContext | null = null;
  const cache = new Map<string, { item: AuditItem; model: VdaRowModel }>();
  return (items: readonly AuditItem[], context: VdaRowContext): Map<string, VdaRowModel> => {
    if (context !== lastContext) {
      cache.clear();
      lastContext = context;
    }
    const models = new Map<string, VdaRowModel>();
    for (const item of items) {
      const hit = cache.get(item.id);
      const model = hit && hit.item === item ? hit.model : vdaRowModel(item, context);
      if (!hit || hit.item !== item) cache.set(item.id, { item, model });
      models.set(item.id, model);
    }
    for (const id of cache.keys()) if (!models.has(id)) cache.delete(id);
    return models;
  };
}

/** A point button's value: points of the scale, or 'ne' (not evaluated). */
export type VdaChoice = number | 'ne';

export type VdaTapAction =
  | { kind: 'clear' }
  | { kind: 'reason' }
  | { kind: 'findingFirst'; points: number }
  | { kind: 'evaluate'; points: number };

/**
 * What a tap on a point button does: the chosen value again takes the evaluation back; n.e.
 * asks for the reason; points below the best on a question without a documenting finding
 * record the finding first.
 */
export function vdaTapAction(
  model: VdaRowModel,
  key: string,
  choice: VdaChoice,
  best: number,
): VdaTapAction {
  const current = model.keys.find((entry) => entry.key === key)?.evaluation ?? null;
  if (choice === 'ne')
    return current && current.points === null ? { kind: 'clear' } : { kind: 'reason' };
  if (current && current.points === choice) return { kind: 'clear' };
  if (choice < best && !model.documented) return { kind: 'findingFirst', points: choice };
  return { kind: 'evaluate', points: choice };
}

/** The `auditItem.evaluate` arguments. */
export function evaluateArgs(
  auditId: string,
  itemId: string,
  key: string,
  evaluation: { points: number | null; reason?: string } | null,
): JsonObject {
  return {
    auditId,
    itemId,
    key,
    evaluation:
      evaluation === null
        ? null
        : evaluation.reason === undefined
          ? { points: evaluation.points }
          : { points: evaluation.points, reason: evaluation.reason },
  };
}

/** The selected process step: the one asked for if the audit has it, else the first. */
export function selectedStep(setup: VdaSetup | null, asked: string | null): string | null {
  const steps = setup?.processSteps ?? [];
  return steps.find((step) => step.id === asked)?.id ?? steps[0]?.id ?? null;
}

/** The element a category group stands for (the catalogue's category ids '2' ... '7'). */
export function vdaElementOfCategory(category: string | null, rules: VdaRuleSet): string | null {
  if (category === null) return null;
  return rules.elements.find((element) => element.category === category)?.id ?? null;
}

/** The levels of a grade by kind and id, for the headings. */
export interface VdaLevels {
  elements: Map<string, VdaLevel>;
  subElements: VdaLevel[];
  steps: Map<string, VdaLevel>;
  total: VdaLevel;
}

export function vdaLevelsOf(grade: VdaGrade): VdaLevels {
  return {
    elements: new Map(grade.elements.map((level) => [level.id, level])),
    subElements: grade.subElements,
    steps: new Map(grade.steps.map((level) => [level.id, level])),
    total: grade.total,
  };
}
