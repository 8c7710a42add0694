import type { DomainMessage } from '@qa/domain';
import type { TFunction } from 'i18next';
import type { ServerOutcome } from '../../lib/sync/sync-types';
import type { SaveFailure } from './segment-draft';

/** What a rejection tells the user: its detail, else its first issue, else only the code. */
export function failureFromServer(outcome: Exclude<ServerOutcome, { ok: true }>): SaveFailure {
  return { message: outcome.detail ?? outcome.issues?.[0] ?? null, code: outcome.code };
}

/** A domain message, with the field it is about when it names one ('types.0.id'). */
export function describeProblem(
  message: DomainMessage,
  translate: (message: DomainMessage) => string,
  t: TFunction,
): string {
  const text = translate(message);
  const field = message.params?.field;
  return field === undefined || field === ''
    ? text
    : t('configuration.problemAtField', { message: text, field: String(field) });
}

export function describeFailure(
  failure: SaveFailure,
  translate: (message: DomainMessage) => string,
  t: TFunction,
): string {
  if (failure.message) return describeProblem(failure.message, translate, t);
  if (failure.code) return t('configuration.rejectedWithCode', { code: failure.code });
  return t('configuration.saveError');
}
