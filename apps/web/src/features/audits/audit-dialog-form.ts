import {
  auditFormSchema,
  auditHeaderSchema,
  auditSchema,
  auditStatusOf,
  newAuditDefaults,
  validationIssueMessages,
  withConditionalAuditFields,
  type AuditConfig,
  type AuditSupplierMetadata,
  type DomainMessage,
  type ReportSchema,
  type Scope,
  type ScopeField,
  type VdaSetup,
} from '@qa/domain';
import { getOwn, jsonEquals, type JsonObject, type JsonValue } from '@qa/sync';

/**
 * The audit dialog's form, kept in the stored shape of the audit so validation, the diff for
 * `audit.update` and the args of `audit.create` need no translation layer. Pure functions: the
 * component holds the state, these decide what it means.
 */
export interface AuditFormValues {
  name: string;
  /** Always a list here; a stored single id reads as a list of one (both are valid). */
  standard: string[];
  type: string;
  audited_by: string;
  interestedparties: string[];
  process: string[];
  scope: Scope;
  leadauditor: string | null;
  coauditors: string[];
  audit_participants: string[];
  responsible: string | null;
  planning_year: number | null;
  planning_date: string | null;
  auditing_date: string[];
  audit_reason: string;
  metadata: AuditSupplierMetadata;
  responsible_tech: string | null;
  responsible_sales: string | null;
  responsible_qm: string | null;
  /**
   * How the audit is evaluated (issue 19); absent on a new audit until chosen, so `audit.create`
   * takes the configured default.
   */
  reportSchema?: ReportSchema;
  /** The VDA 6.3 set-up; absent until VDA 6.3 is chosen (kept when another schema is). */
  vda?: VdaSetup;
}

export type AuditFormField = keyof AuditFormValues;

export const AUDIT_FORM_FIELDS: readonly AuditFormField[] = [
  'name',
  'standard',
  'type',
  'audited_by',
  'interestedparties',
  'process',
  'scope',
  'leadauditor',
  'coauditors',
  'audit_participants',
  'responsible',
  'planning_year',
  'planning_date',
  'auditing_date',
  'audit_reason',
  'metadata',
  'responsible_tech',
  'responsible_sales',
  'responsible_qm',
  'reportSchema',
  'vda',
];

/** The fields whose change makes `audit.update` check the dates against the planning year. */
const DATE_FIELDS: readonly AuditFormField[] = ['planning_year', 'planning_date', 'auditing_date'];

/** The user's calendar day (YYYY-MM-DD), the day a new audit is planned for (SPEC section 9). */
export function localDay(date: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A stored field read by its own schema; anything it refuses reads as `fallback`. */
function stored<K extends AuditFormField>(
  data: JsonObject,
  field: K,
  fallback: AuditFormValues[K],
): AuditFormValues[K] {
  const schema = auditHeaderSchema.shape[field as keyof typeof auditHeaderSchema.shape];
  const raw = getOwn(data, field);
  if (raw === undefined) return fallback;
  const parsed = schema.safeParse(raw);
  return parsed.success ? (parsed.data as AuditFormValues[K]) : fallback;
}

function standardList(value: JsonValue | undefined): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  return Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string' && entry !== '')
    : [];
}

/** The form of a new audit: SPEC section 9's defaults (`newAuditDefaults`) and empty texts. */
export function newAuditFormValues(today: string): AuditFormValues {
  const defaults = newAuditDefaults(today);
  return {
    name: '',
    standard: [],
    type: '',
    audited_by: '',
    interestedparties: defaults.interestedparties,
    process: defaults.process,
    scope: defaults.scope,
    leadauditor: null,
    coauditors: defaults.coauditors,
    audit_participants: defaults.audit_participants,
    responsible: defaults.responsible,
    planning_year: defaults.planning_year,
    planning_date: defaults.planning_date,
    auditing_date: defaults.auditing_date,
    audit_reason: '',
    metadata: { supplier: { name: '', location: '', no: '' }, material: { group: '', id: '' } },
    responsible_tech: null,
    responsible_sales: null,
    responsible_qm: null,
  };
}

/**
 * The form of a stored audit. Read field by field and leniently: a legacy or damaged field
 * shows as empty instead of making the whole audit uneditable.
 */
export function storedAuditFormValues(data: JsonObject): AuditFormValues {
  const empty = newAuditFormValues('2000-01-01');
  const name = getOwn(data, 'name');
  return {
    name: typeof name === 'string' ? name : '',
    standard: standardList(getOwn(data, 'standard')),
    type: stored(data, 'type', empty.type),
    audited_by: stored(data, 'audited_by', empty.audited_by),
    interestedparties: stored(data, 'interestedparties', []),
    process: stored(data, 'process', []),
    scope: stored(data, 'scope', []),
    leadauditor: stored(data, 'leadauditor', null),
    coauditors: stored(data, 'coauditors', []),
    audit_participants: stored(data, 'audit_participants', []),
    responsible: stored(data, 'responsible', null),
    planning_year: stored(data, 'planning_year', null),
    planning_date: stored(data, 'planning_date', null),
    auditing_date: stored(data, 'auditing_date', []),
    audit_reason: stored(data, 'audit_reason', ''),
    metadata: stored(data, 'metadata', empty.metadata),
    responsible_tech: stored(data, 'responsible_tech', null),
    responsible_sales: stored(data, 'responsible_sales', null),
    responsible_qm: stored(data, 'responsible_qm', null),
    ...(storedOptional(data, 'reportSchema') as { reportSchema?: ReportSchema }),
    ...(storedOptional(data, 'vda') as { vda?: VdaSetup }),
  };
}

/** An optional stored field by its own schema: `{[field]: value}`, or nothing if absent or bad. */
function storedOptional(data: JsonObject, field: 'reportSchema' | 'vda'): object {
  const raw = getOwn(data, field);
  if (raw === undefined) return {};
  const parsed = auditHeaderSchema.shape[field].safeParse(raw);
  return parsed.success && parsed.data !== undefined ? { [field]: parsed.data } : {};
}

/** The workflow status the dialog starts with: the stored one, '1' for a new audit. */
export function auditFormStatus(data: JsonObject | undefined): string {
  return (data && auditStatusOf(data)) ?? '1';
}

/** What is sent: the fields the party and type hide are cleared, as the command does too. */
export function preparedAuditValues(
  values: AuditFormValues,
  config: Pick<AuditConfig, 'supplierParty' | 'processTypes'>,
): AuditFormValues {
  return withConditionalAuditFields(values, config);
}

/**
 * The changed fields, for `audit.update`. `responsible` is always sent: the update defaults a
 * missing `responsible` to null (SPEC section 5), so leaving it out would clear it.
 */
export function changedAuditFields(
  initial: AuditFormValues,
  next: AuditFormValues,
): Partial<AuditFormValues> {
  const changes: Record<string, unknown> = {};
  for (const field of AUDIT_FORM_FIELDS) {
    if (!jsonEquals(initial[field] as JsonValue, next[field] as JsonValue)) {
      changes[field] = next[field];
    }
  }
  changes.responsible = next.responsible;
  return changes as Partial<AuditFormValues>;
}

/** Whether any field differs (the patch then carries more than the always-sent `responsible`). */
export function hasAuditChanges(initial: AuditFormValues, next: AuditFormValues): boolean {
  return AUDIT_FORM_FIELDS.some(
    (field) => !jsonEquals(initial[field] as JsonValue, next[field] as JsonValue),
  );
}

/** Problems by the dotted path of their field ('name', 'auditing_date.1', 'scope.plant'). */
export type AuditFormErrors = Record<string, DomainMessage>;

/**
 * The dialog's checks before anything is sent, the same the commands make (SPEC section 5):
 * name, lead auditor and planning year required ('Item is required'), dates inside the planning
 * year (on create, and on edit when a date or the year changed, as `audit.update` does), plus
 * the required fields of the configured scope schema.
 */
export function validateAuditForm(
  values: AuditFormValues,
  options: {
    today: string;
    checkDates: boolean;
    scopeSchema: readonly ScopeField[];
    scopeMode: 'entries' | 'schema';
  },
): AuditFormErrors {
  const schema = options.checkDates ? auditFormSchema : auditSchema;
  const parsed = schema.safeParse({
    ...newAuditDefaults(options.today),
    ...values,
    id: 'audit',
    created_by: 'person',
    created_date: options.today,
  });
  const errors: AuditFormErrors = {};
  if (!parsed.success) {
    for (const message of validationIssueMessages(parsed.error)) {
      const field = String(message.params?.field ?? '');
      errors[field] ??= message;
    }
  }
  if (options.scopeMode === 'schema') {
    const scope = Array.isArray(values.scope) ? {} : values.scope;
    for (const field of options.scopeSchema) {
      const value = scope[field.id];
      if (field.required && (value === undefined || value === null || value === '')) {
        errors[`scope.${field.id}`] ??= { key: 'validation.required' };
      }
    }
  }
  return errors;
}

/**
 * The problems still to show while the user corrects them: one goes at once when its field was
 * changed and the current values no longer fail there (it said "Item is required" after the
 * field was filled); the others stay, a refusal the form cannot re-check included, until the
 * next save.
 */
export function openErrors(
  shown: AuditFormErrors,
  current: AuditFormErrors,
  changed: (field: string) => boolean,
): AuditFormErrors {
  const open: AuditFormErrors = {};
  for (const [path, message] of Object.entries(shown)) {
    const field = path.split('.')[0]!;
    const placed = (AUDIT_FORM_FIELDS as readonly string[]).includes(field);
    if (!placed || current[path] !== undefined || !changed(field)) open[path] = message;
  }
  return open;
}

/** Whether an edit touches a field that makes the update check the dates. */
export function touchesDates(initial: AuditFormValues, next: AuditFormValues): boolean {
  return DATE_FIELDS.some(
    (field) => !jsonEquals(initial[field] as JsonValue, next[field] as JsonValue),
  );
}

/** Problems whose field the dialog does not show (they go to the alert above the buttons). */
export function unplacedErrors(errors: AuditFormErrors): DomainMessage[] {
  return Object.entries(errors)
    .filter(([path]) => !(AUDIT_FORM_FIELDS as readonly string[]).includes(path.split('.')[0]!))
    .map(([, message]) => message);
}

/** The first problem at a path or below it ('auditing_date' finds 'auditing_date.2'). */
export function errorAt(errors: AuditFormErrors, path: string): DomainMessage | undefined {
  return (
    errors[path] ??
    Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1] ??
    undefined
  );
}

/** Issues a command reported, by path (as `validateAuditForm` gives them). */
export function errorsFromIssues(issues: readonly DomainMessage[]): AuditFormErrors {
  const errors: AuditFormErrors = {};
  for (const issue of issues) {
    const field = String(issue.params?.field ?? '');
    errors[field] ??= issue;
  }
  return errors;
}

/** How the scope is edited: entries of the scopes list (a stored list) or the scope schema. */
export function scopeModeOf(scope: Scope, schema: readonly ScopeField[]): 'entries' | 'schema' {
  return (Array.isArray(scope) && scope.length > 0) || schema.length === 0 ? 'entries' : 'schema';
}

/** Whether `year` has a 29 February. */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The same day and month in `year` ('2026-03-02' -> '2027-03-02'); 29 February becomes
 * 28 February in a year without it. Anything not shaped as a day stays as it is.
 */
export function dayInYear(day: string, year: number): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, month, date] = match;
  const kept = month === '02' && date === '29' && !isLeapYear(year) ? '28' : date;
  return `${String(year).padStart(4, '0')}-${month}-${kept}`;
}

/**
 * A new planning year takes the planning date and the auditing dates along (same day and
 * month): the dates must lie in the planning year, and dates left in the old year only made
 * the save fail after the user had moved on (issue 18.5). Emptied auditing dates stay empty.
 */
export function withPlanningYear(values: AuditFormValues, year: number | null): AuditFormValues {
  if (year === null) return { ...values, planning_year: null };
  return {
    ...values,
    planning_year: year,
    planning_date: values.planning_date === null ? null : dayInYear(values.planning_date, year),
    auditing_date: values.auditing_date.map((day) => (day === '' ? day : dayInYear(day, year))),
  };
}

/** The planning years to offer: the configured span, plus the audit's own year if outside it. */
export function planningYearOptions(span: readonly number[], current: number | null): number[] {
  return current === null || span.includes(current)
    ? [...span]
    : [...span, current].sort((a, b) => a - b);
}
