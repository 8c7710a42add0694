import { FINDING_CUSTOM_FIELDS, type DomainMessage, type Geolocation } from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';
import type { ExecutionFinding, FindingCustomField } from './execution-rows';

/** What the finding dialog edits; every text as typed. */
export interface FindingForm {
  importance: string;
  text: string;
  reason: string;
  solution: string;
  findingperson: string;
  riskassessment: string;
  geolocation: Geolocation | null;
  custom: Record<FindingCustomField, string>;
}

export type FindingTextField =
  'text' | 'reason' | 'solution' | 'findingperson' | 'riskassessment' | FindingCustomField;
export type FindingField = 'importance' | 'geolocation' | FindingTextField;

const emptyCustom = (): Record<FindingCustomField, string> =>
  Object.fromEntries(FINDING_CUSTOM_FIELDS.map((field) => [field, ''])) as Record<
    FindingCustomField,
    string
  >;

export function emptyFindingForm(importance = ''): FindingForm {
  return {
    importance,
    text: '',
    reason: '',
    solution: '',
    findingperson: '',
    riskassessment: '',
    geolocation: null,
    custom: emptyCustom(),
  };
}

export function findingFormOf(finding: ExecutionFinding): FindingForm {
  return {
    importance: finding.importance,
    text: finding.text,
    reason: finding.reason,
    solution: finding.solution,
    findingperson: finding.findingperson,
    riskassessment: finding.riskassessment,
    geolocation: finding.geolocation,
    custom: { ...emptyCustom(), ...finding.custom },
  };
}

/** The finding's fields as the commands take them (`findingFieldsSchema`). */
function fieldsOf(form: FindingForm): Record<string, JsonValue> {
  const custom = Object.fromEntries(
    FINDING_CUSTOM_FIELDS.map((field) => [field, form.custom[field].trim()]),
  );
  return {
    importance: form.importance,
    // An empty text takes the type's placeholder on the server.
    text: form.text.trim(),
    reason: form.reason.trim(),
    solution: form.solution.trim(),
    findingperson: form.findingperson.trim() === '' ? null : form.findingperson.trim(),
    riskassessment: form.riskassessment.trim(),
    geolocation: form.geolocation ? ({ ...form.geolocation } as JsonObject) : null,
    ...custom,
  };
}

/** `finding.create` / `finding.update` args: {auditId, itemId, finding: {id, ...}, language}. */
export type FindingCommandArgs = JsonObject & { finding: JsonObject & { id: string } };

export function createFindingArgs(
  auditId: string,
  itemId: string,
  findingId: string,
  form: FindingForm,
  language: 'de' | 'en',
): FindingCommandArgs {
  // Custom fields left empty are not written at all.
  const fields = Object.fromEntries(
    Object.entries(fieldsOf(form)).filter(
      ([field, value]) =>
        !(FINDING_CUSTOM_FIELDS as readonly string[]).includes(field) || value !== '',
    ),
  );
  return { auditId, itemId, finding: { id: findingId, ...fields }, language };
}

/**
 * The update of an existing finding: only the fields that changed, so another person's change
 * of another field at the same time is kept. Null when nothing changed.
 */
export function updateFindingArgs(
  auditId: string,
  itemId: string,
  finding: ExecutionFinding,
  form: FindingForm,
  language: 'de' | 'en',
): FindingCommandArgs | null {
  const before = fieldsOf(findingFormOf(finding));
  const after = fieldsOf(form);
  const changed = Object.fromEntries(
    Object.entries(after).filter(
      ([field, value]) => JSON.stringify(value) !== JSON.stringify(before[field]),
    ),
  );
  if (Object.keys(changed).length === 0) return null;
  return { auditId, itemId, finding: { id: finding.id, ...changed }, language };
}

const FIELDS: readonly FindingField[] = [
  'importance',
  'text',
  'reason',
  'solution',
  'findingperson',
  'riskassessment',
  'geolocation',
  ...FINDING_CUSTOM_FIELDS,
];

/** The field a refusal's issue is about (its `field` param: 'finding.text', ...), if any. */
export function findingFieldOf(issue: DomainMessage): FindingField | null {
  if (issue.key === 'finding.unknownType') return 'importance';
  const path = issue.params?.field;
  const parts = typeof path === 'string' ? path.split('.') : [];
  const field = parts[0] === 'finding' ? parts[1] : parts[0];
  return FIELDS.find((entry) => entry === field) ?? null;
}

export { listIdOfField } from '../../../lib/config/customer-lists';
