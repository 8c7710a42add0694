import { compareDefault, compareSortValues, type ValueComparator } from './list-sorting';

/** One group of the group view: the items (in list order) that have `value` in the field. */
export interface ListGroup<T> {
  /** Stable key, also for items without a value. */
  key: string;
  /** The field value, null for the group of items that have none. */
  value: string | null;
  items: T[];
}

export const NO_VALUE_GROUP_KEY = 'none';

export function groupKey(value: string | null): string {
  return value === null ? NO_VALUE_GROUP_KEY : `value:${value}`;
}

/**
 * Groups sorted items by a field. An item with several values (several chapters) is in each of
 * their groups; items without a value form the last group. Groups are in ascending value order,
 * items keep their order inside a group.
 */
export function groupItems<T>(
  items: readonly T[],
  valuesOf: (item: T) => readonly string[],
  compare: ValueComparator = compareDefault,
): ListGroup<T>[] {
  const groups = new Map<string, ListGroup<T>>();
  const add = (value: string | null, item: T) => {
    const key = groupKey(value);
    let group = groups.get(key);
    if (!group) {
      group = { key, value, items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  };
  for (const item of items) {
    const values = valuesOf(item);
    if (values.length === 0) add(null, item);
    for (const value of values) add(value, item);
  }
  return [...groups.values()].sort((a, b) => compareSortValues(a.value, b.value, 'asc', compare));
}
