import {
  CALC_SCHEMA_COMPLIANCE,
  CALC_SCHEMA_DEVIATION,
  CALC_SCHEMA_VDA63,
  vdaSetupSchema,
  type ReportSchema,
  type VdaProcessStep,
  type VdaSetup,
} from '@qa/domain';
import { getOwn, isJsonObject, type JsonObject, type JsonValue } from '@qa/sync';

/**
 * The evaluation schema and the VDA 6.3 set-up of an audit or template (issue 19), as the audit
 * and template dialogs edit them: pure functions, the components hold the state.
 */

/** The schemas the dialogs offer, in this order. */
export const EVALUATION_SCHEMAS = [
  CALC_SCHEMA_DEVIATION,
  CALC_SCHEMA_COMPLIANCE,
  CALC_SCHEMA_VDA63,
] as const;

/** The label of each offered schema (literal keys: the key check greps for them). */
export const EVALUATION_SCHEMA_LABEL_KEYS: Readonly<Record<string, string>> = {
  [CALC_SCHEMA_DEVIATION]: 'vdaSetup.schema.deviation',
  [CALC_SCHEMA_COMPLIANCE]: 'vdaSetup.schema.compliance',
  [CALC_SCHEMA_VDA63]: 'vdaSetup.schema.vda63',
};

/** The set-up of a new VDA audit or template: no steps yet, P3 and P4 evaluated once. */
export const EMPTY_VDA_SETUP: VdaSetup = { processSteps: [], productProcessSplit: false };

/** The stored report schema, leniently (null when absent or damaged). */
export function storedReportSchema(data: JsonObject | undefined): ReportSchema | null {
  const raw = data ? getOwn(data, 'reportSchema') : undefined;
  if (!isJsonObject(raw)) return null;
  const calcSchema = getOwn(raw, 'calcSchema');
  const customResult = getOwn(raw, 'customResult');
  return typeof calcSchema === 'string' && calcSchema !== ''
    ? { calcSchema, customResult: typeof customResult === 'string' ? customResult : null }
    : null;
}

/** The stored VDA set-up, or undefined when there is none (or it is damaged). */
export function storedVdaSetup(data: JsonObject | undefined): VdaSetup | undefined {
  const raw = data ? getOwn(data, 'vda') : undefined;
  if (raw === undefined) return undefined;
  const parsed = vdaSetupSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** The schema choice: `customResult` stays as it was (the QK setting is not the dialog's). */
export function withCalcSchema(
  current: ReportSchema | null | undefined,
  calcSchema: string,
  fallbackCustomResult: string | null = null,
): ReportSchema {
  return { calcSchema, customResult: current ? current.customResult : fallbackCustomResult };
}

export const isVdaSchema = (calcSchema: string | null | undefined) =>
  calcSchema === CALC_SCHEMA_VDA63;

/** Appends a step with a new id (the id stays when the step is renamed or moved). */
export function addStep(setup: VdaSetup, newId: () => string, name = ''): VdaSetup {
  return { ...setup, processSteps: [...setup.processSteps, { id: newId(), name }] };
}

export function renameStep(setup: VdaSetup, id: string, name: string): VdaSetup {
  return {
    ...setup,
    processSteps: setup.processSteps.map((step) => (step.id === id ? { ...step, name } : step)),
  };
}

export function removeStep(setup: VdaSetup, id: string): VdaSetup {
  return { ...setup, processSteps: setup.processSteps.filter((step) => step.id !== id) };
}

/** Moves a step one place up (-1) or down (+1); at either end nothing changes. */
export function moveStep(setup: VdaSetup, id: string, by: -1 | 1): VdaSetup {
  const steps = [...setup.processSteps];
  const from = steps.findIndex((step) => step.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= steps.length) return setup;
  const [moved] = steps.splice(from, 1) as [VdaProcessStep];
  steps.splice(to, 0, moved);
  return { ...setup, processSteps: steps };
}

/** The set-up as it is saved: names trimmed. */
export function preparedVdaSetup(setup: VdaSetup): VdaSetup {
  return {
    ...setup,
    processSteps: setup.processSteps.map((step) => ({ ...step, name: step.name.trim() })),
  };
}

/** The ids of the steps without a name (the commands refuse them: 'Item is required'). */
export function unnamedSteps(setup: VdaSetup): string[] {
  return setup.processSteps.filter((step) => step.name.trim() === '').map((step) => step.id);
}

/**
 * How many evaluations the items hold under each key (`item.vda[key]`): what removing a process
 * step would take out of the grade.
 */
export function evaluationCounts(items: readonly { data: JsonObject }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const vda: JsonValue | undefined = getOwn(item.data, 'vda');
    if (!isJsonObject(vda)) continue;
    for (const [key, evaluation] of Object.entries(vda)) {
      if (isJsonObject(evaluation)) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}
