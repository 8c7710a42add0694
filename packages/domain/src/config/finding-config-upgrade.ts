import { findingFulfilment, findingWeightRange } from '../scoring/finding-scale';
import { DEFAULT_FINDING_TYPES } from './default-types';

type StoredType = Record<string, unknown> & { value: number };

const isStoredType = (entry: unknown): entry is StoredType =>
  entry !== null &&
  typeof entry === 'object' &&
  !Array.isArray(entry) &&
  typeof (entry as { value?: unknown }).value === 'number';

/** A stored type that is a default one as shipped: the same id, severity and kind. */
function shippedDefault(type: StoredType) {
  return DEFAULT_FINDING_TYPES.find(
    (candidate) =>
      candidate.id === type.id &&
      candidate.value === type.value &&
      candidate.is_no_deviation === (type.is_no_deviation ?? false) &&
      candidate.is_not_applicable === (type.is_not_applicable ?? false),
  );
}

/**
 * A stored `finding` segment with every scored type's `fulfilment` written out (decision 67),
 * or null when there is nothing to fill (or the document is not one to touch). Types as shipped
 * get the shipped degrees of fulfilment; else every type gets its severity's place mirrored
 * (`findingFulfilment`), which is also what scoring assumes while the field is missing. 'Not
 * applicable' and 'no deviation' types need none: they are never scored by it.
 */
export function fillFindingFulfilment(data: unknown): Record<string, unknown> | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const types = (data as { types?: unknown }).types;
  if (!Array.isArray(types)) return null;
  const scaled = types.filter(isStoredType).map((type) => ({
    value: type.value,
    is_no_deviation: type.is_no_deviation === true,
    is_not_applicable: type.is_not_applicable === true,
  }));
  const range = findingWeightRange(scaled);
  // The shipped degrees only when the scored types are the shipped ones: mixed with derived
  // degrees of other types they could break the order of severity.
  const scored = types.filter(
    (entry): entry is StoredType =>
      isStoredType(entry) && entry.is_no_deviation !== true && entry.is_not_applicable !== true,
  );
  const shipped = scored.every((type) => shippedDefault(type) !== undefined);
  let filled = false;
  const next = types.map((entry: unknown) => {
    if (
      !isStoredType(entry) ||
      entry.fulfilment !== undefined ||
      entry.is_no_deviation === true ||
      entry.is_not_applicable === true
    ) {
      return entry;
    }
    filled = true;
    const fulfilment =
      (shipped ? shippedDefault(entry)?.fulfilment : undefined) ??
      findingFulfilment(
        { value: entry.value, is_no_deviation: false, is_not_applicable: false },
        range,
      );
    return { ...entry, fulfilment };
  });
  return filled ? { ...(data as Record<string, unknown>), types: next } : null;
}
