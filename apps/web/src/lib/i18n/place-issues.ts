import type { DomainMessage } from '@qa/domain';

/** A refusal's messages sorted for a form: per field, and what belongs to no field. */
export interface PlacedIssues<F extends string> {
  fields: Partial<Record<F, string>>;
  general: string | null;
}

/**
 * Puts each issue of a refused command at the field it is about (`fieldOf`), translated, several
 * at one field joined by '; '; the command's message stands for the issues when it has none.
 */
export function placeIssues<F extends string>(
  message: DomainMessage,
  issues: readonly DomainMessage[] | undefined,
  fieldOf: (issue: DomainMessage) => F | null,
  translate: (message: DomainMessage) => string,
): PlacedIssues<F> {
  const fields: Partial<Record<F, string>> = {};
  let general: string | null = null;
  for (const issue of issues && issues.length > 0 ? issues : [message]) {
    const field = fieldOf(issue);
    const text = translate(issue);
    if (field) fields[field] = fields[field] ? `${fields[field]}; ${text}` : text;
    else general = general ? `${general}; ${text}` : text;
  }
  return { fields, general };
}
