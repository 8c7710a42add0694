import type { FindingType } from '../config/configured-types';
import { formatMessage, type DomainMessage, type Language } from '../messages/message';
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

/** The type's placeholder text, else the fixed fallback in the given language (German default). */
export function findingPlaceholderText(type: FindingType, language: Language = 'de'): string {
  if (type.placeholder_text.trim() !== '') return type.placeholder_text;
  return formatMessage(RULES_MESSAGES, { key: 'finding.placeholder' }, language);
}

/**
 * SPEC section 5: the type must exist, create needs a new id and edit an existing one, and a
 * missing text takes the placeholder.
 */
export function checkFinding(
  item: AuditItem,
  input: FindingInput,
  types: readonly FindingType[],
  mode: FindingMode,
  language: Language = 'de',
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
  const text =
    input.text === undefined || input.text.trim() === ''
      ? findingPlaceholderText(type, language)
      : input.text;
  const parsed = findingSchema.safeParse({ ...input, text });
  if (!parsed.success) return { ok: false, error: { key: 'finding.invalid' } };
  return { ok: true, finding: parsed.data, type };
}
