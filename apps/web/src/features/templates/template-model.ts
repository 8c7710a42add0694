import {
  DEFAULT_REPORT_CALC_SCHEMA,
  type DomainMessage,
  type ReportSchema,
  type TemplateConfig,
  type VdaSetup,
} from '@qa/domain';
import {
  isVdaSchema,
  preparedVdaSetup,
  storedReportSchema,
  storedVdaSetup,
} from '../audits/vda-setup-model';
import type { JsonObject, JsonValue } from '@qa/sync';

/**
 * The template screens' model (issue 14): the metadata dialog's values, the command args built
 * from them, and the template matrix's list configuration.
 */

export interface TemplateFormValues {
  name: string;
  /** One standard id ('' = none). */
  standard: string;
  type: string;
  audited_by: string;
  scope: string[];
  process: string[];
  tags: string[];
  /** How audits from it are evaluated (issue 19); absent on a new one until chosen. */
  reportSchema?: ReportSchema;
  /** The VDA 6.3 set-up; absent until VDA 6.3 is chosen. */
  vda?: VdaSetup;
}
export type TemplateFormField = keyof TemplateFormValues;

const TEMPLATE_FORM_FIELDS: readonly TemplateFormField[] = [
  'name',
  'standard',
  'type',
  'audited_by',
  'scope',
  'process',
  'tags',
  'reportSchema',
  'vda',
];

const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');
const strings = (value: JsonValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** A new template: the `template` configuration's default item (SPEC section 9). */
export function newTemplateFormValues(config: TemplateConfig): TemplateFormValues {
  return {
    name: '',
    standard: config.defaultItem.standard,
    type: '',
    audited_by: config.defaultItem.audited_by,
    scope: [],
    process: [],
    tags: [],
  };
}

/** A stored template's values; a list of standards shows its first, scope objects are kept. */
export function storedTemplateFormValues(data: JsonObject): TemplateFormValues {
  const standard = Array.isArray(data.standard) ? strings(data.standard)[0] : text(data.standard);
  return {
    name: text(data.name),
    standard: standard ?? '',
    type: text(data.type),
    audited_by: text(data.audited_by),
    scope: strings(data.scope),
    process: strings(data.process),
    tags: strings(data.tags),
    ...optional('reportSchema', storedReportSchema(data) ?? undefined),
    ...optional('vda', storedVdaSetup(data)),
  };
}

/** `{[key]: value}` when there is a value, else nothing (the form leaves the field out). */
function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function cleaned(values: TemplateFormValues): Partial<Record<TemplateFormField, JsonValue>> {
  const list = (entries: string[]) => [
    ...new Set(entries.map((e) => e.trim()).filter((e) => e !== '')),
  ];
  return {
    name: values.name.trim(),
    standard: values.standard,
    type: values.type,
    audited_by: values.audited_by,
    scope: list(values.scope),
    process: list(values.process),
    tags: list(values.tags),
    ...optional('reportSchema', values.reportSchema),
    ...optional('vda', values.vda && (preparedVdaSetup(values.vda) as unknown as JsonValue)),
  };
}

/** Args of `template.create`: every field of the dialog with the client's id. */
export function createTemplateArgs(id: string, values: TemplateFormValues): JsonObject {
  return { id, ...cleaned(values) };
}

/**
 * Args of `template.update` with only the fields the dialog changed (the command writes only
 * those, so another person's edit of another field survives); null when nothing changed.
 */
export function updateTemplateArgs(
  id: string,
  initial: TemplateFormValues,
  values: TemplateFormValues,
): JsonObject | null {
  const before = cleaned(initial);
  const after = cleaned(values);
  const changes: JsonObject = {};
  for (const field of TEMPLATE_FORM_FIELDS) {
    const value = after[field];
    if (value !== undefined && JSON.stringify(before[field]) !== JSON.stringify(value)) {
      changes[field] = value;
    }
  }
  return Object.keys(changes).length === 0 ? null : { id, changes };
}

/** The dialog field a command issue is about ('changes.name', 'name'); null for none. */
export function templateFieldOf(issue: DomainMessage): TemplateFormField | null {
  const path = issue.params?.field;
  if (typeof path !== 'string') return null;
  const parts = path.split('.');
  const field = parts[0] === 'changes' ? parts[1] : parts[0];
  return TEMPLATE_FORM_FIELDS.find((entry) => entry === field) ?? null;
}

/** An audit that was prepared from the template, for the template page's list. */
export interface TemplateUse {
  id: string;
  name: string;
  status: string;
  version: number | null;
}

export function templateUseOf(id: string, data: JsonObject): TemplateUse {
  const from = data.preparedFrom;
  const version =
    from !== null && typeof from === 'object' && !Array.isArray(from) ? from.version : undefined;
  const workflow = data.workflow;
  const status =
    workflow !== null && typeof workflow === 'object' && !Array.isArray(workflow)
      ? text(workflow.status)
      : '';
  return {
    id,
    name: text(data.name) || id,
    status,
    version: typeof version === 'number' ? version : null,
  };
}

/** How audits prepared from a template are evaluated, as its page shows it. */
export interface TemplateEvaluation {
  calcSchema: string;
  /** A VDA 6.3 template's process step names; null for the other schemas. */
  processSteps: string[] | null;
}

export function templateEvaluationOf(data: JsonObject): TemplateEvaluation {
  const calcSchema = storedReportSchema(data)?.calcSchema ?? DEFAULT_REPORT_CALC_SCHEMA;
  const steps = storedVdaSetup(data)?.processSteps ?? [];
  return {
    calcSchema,
    processSteps: isVdaSchema(calcSchema) ? steps.map((step) => step.name) : null,
  };
}
