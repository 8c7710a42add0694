import type { FindingType } from '../config/configured-types';
import type { DomainMessage } from '../messages/message';
import { RULES_MESSAGES } from '../messages/rules.messages';
import { findingSchema, type AuditItem, type Finding } from './audit-item.schema';

/** What a dialog hands over: a finding before defaults are filled in. */
export type FindingInput = Partial<Omit<Finding, 'id' | 'importance'>> & {
  id: string;
  importance: string;
};

export type FindingMode = 'create' | 'edit';

export type FindingCheck =
  { ok: true; finding: Finding; type: FindingType } | { ok: false; error: DomainMessage };

export function findFindingType(
  types: readonly FindingType[],
  id: string,
): FindingType | undefined {
  return types.find((type) => type.id === id);
}

/**
 * Every text the write rule used to store for a finding without text (SPEC section 5): the
 * fixed fallback in each language. Stored findings still carry them.
 */
const FALLBACK_PLACEHOLDERS: ReadonlySet<string> = new Set(
  Object.values(RULES_MESSAGES['finding.placeholder']!),
);

/**
 * A finding's text as it is shown and printed (issue 34.4): '' for a blank text and for a
 * placeholder that an earlier rule stored in its place (the fixed fallback in any language, or
 * the type's configured `placeholder_text`). Nobody wrote those words about the supplier, so a
 * report must not print them as a finding; the finding is then named by its type alone.
 */
export function findingDisplayText(text: string, type?: FindingType): string {
  const trimmed = text.trim();
  if (trimmed === '' || FALLBACK_PLACEHOLDERS.has(trimmed)) return '';
  if (type && type.placeholder_text.trim() === trimmed) return '';
  return text;
}

/**
 * SPEC section 5: the type must exist, create needs a new id and edit an existing one. A
 * missing text stays empty: unlike the spec, no placeholder is stored (decision 70), since it
 * would be printed in the report as if it were a finding.
 */
export function checkFinding(
  item: AuditItem,
  input: FindingInput,
  types: readonly FindingType[],
  mode: FindingMode,
): FindingCheck {
  const type = findFindingType(types, input.importance);
  if (!type) return { ok: false, error: { key: 'finding.unknownType' } };
  const exists = Object.hasOwn(item.deviations, input.id);
  if (mode === 'create' && exists) {
    return { ok: false, error: { key: 'finding.alreadyExists', params: { id: input.id } } };
  }
  if (mode === 'edit' && !exists) {
    return { ok: false, error: { key: 'finding.notFound', params: { id: input.id } } };
  }
  const text = input.text === undefined ? '' : findingDisplayText(input.text, type);
  const parsed = findingSchema.safeParse({ ...input, text });
  if (!parsed.success) return { ok: false, error: { key: 'finding.invalid' } };
  return { ok: true, finding: parsed.data, type };
}
