import { chapterSortKey, compareChapters } from '@qa/domain';

export type SortDirection = 'asc' | 'desc';
/** A comparable value; null is "no value" and sorts after every real one in both directions. */
export type SortValue = string | number | boolean | null;
/** Compares two values that are both present (never null). */
export type ValueComparator = (a: Exclude<SortValue, null>, b: Exclude<SortValue, null>) => number;

let collator: Intl.Collator | null = null;
/**
 * Made when first needed, or in the first pause after this module loaded: loading ICU's
 * collation data takes about 15 ms on a slow phone, which on its own is no long task but inside
 * the evaluation of the list's chunk or a render made one longer (issue 18).
 */
const textCollator = () =>
  (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));
if (typeof requestIdleCallback === 'function') requestIdleCallback(() => textCollator());
/** Chapter numbers and other dotted numbers ('4.10', '10.2.1'). */
const DOTTED_NUMBER = /^\d+(\.\d+)*$/;

/**
 * The default order of present values: numbers by value, texts that are dotted numbers as
 * chapters (SPEC section 9: each part padded to six digits), other texts case-insensitively with
 * their digits as numbers; numbers before booleans before texts when types are mixed.
 */
export const compareDefault: ValueComparator = (a, b) => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') {
    if (DOTTED_NUMBER.test(a.trim()) && DOTTED_NUMBER.test(b.trim())) return compareChapters(a, b);
    return textCollator().compare(a, b);
  }
  return typeRank(a) - typeRank(b);
};

function typeRank(value: Exclude<SortValue, null>): number {
  return typeof value === 'number' ? 0 : typeof value === 'boolean' ? 1 : 2;
}

/**
 * A field's raw value as one sort value: an empty text is no value, and of several values (an
 * item in chapters 4.1 and 5.2) the first in the comparator's order counts.
 */
export function toSortValue(raw: unknown, compare: ValueComparator = compareDefault): SortValue {
  if (Array.isArray(raw)) {
    let best: SortValue = null;
    for (const entry of raw) {
      const value = toSortValue(entry, compare);
      if (value !== null && (best === null || compare(value, best) < 0)) best = value;
    }
    return best;
  }
  if (typeof raw === 'string') return raw.trim() === '' ? null : raw;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'boolean') return raw;
  return null;
}

/** Null-aware comparison: missing values last whatever the direction. */
export function compareSortValues(
  a: SortValue,
  b: SortValue,
  direction: SortDirection,
  compare: ValueComparator = compareDefault,
): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const order = compare(a, b);
  return direction === 'desc' ? -order : order;
}

/**
 * A sorted copy. Keys are read once per item, not per comparison; equal keys keep the input
 * order (Array.prototype.sort is stable).
 */
export function sortItems<T>(
  items: readonly T[],
  keyOf: (item: T) => unknown,
  direction: SortDirection,
  compare: ValueComparator = compareDefault,
): T[] {
  // Chapter numbers are compared by their padded form, made once per item instead of twice per
  // comparison (a 1,000-question audit sorted by chapter: issue 11, the first row).
  const byChapter = compare === compareDefault;
  const keyed = items.map((item) => {
    const key = toSortValue(keyOf(item), compare);
    const chapter =
      byChapter && typeof key === 'string' && DOTTED_NUMBER.test(key.trim())
        ? chapterSortKey(key)
        : null;
    return { item, key, chapter };
  });
  keyed.sort((a, b) => {
    if (a.chapter === null || b.chapter === null) {
      return compareSortValues(a.key, b.key, direction, compare);
    }
    const order = a.chapter < b.chapter ? -1 : a.chapter > b.chapter ? 1 : 0;
    return direction === 'desc' ? -order : order;
  });
  return keyed.map((entry) => entry.item);
}
