import { compareDefault } from './list-sorting';

/**
 * Selected values per facet id (SPEC section 2, facet panel): values of one facet are alternatives
 * (OR), different facets must all match (AND). This is also the shape of `?filter=` in the URL.
 */
export type FacetFilter = Readonly<Record<string, readonly string[]>>;

/** What filtering needs of a facet: its id and how many values its panel shows at most. */
export interface FacetDefinition {
  id: string;
  size: number;
}

/** An item with its search text and facet values read once (per facet, in facet order). */
export interface IndexedItem<T> {
  item: T;
  /** Lower case. */
  search: string;
  facets: readonly (readonly string[])[];
}

export interface FacetBucket {
  value: string;
  /** Items with this value among those matching the search and every other facet. */
  count: number;
  selected: boolean;
}

/** Selected values per facet, in facet order; null where nothing is selected. */
export type SelectedValues = readonly (ReadonlySet<string> | null)[];

export function indexItems<T>(
  items: readonly T[],
  facetCount: number,
  facetValuesOf: (item: T, facetIndex: number) => readonly string[],
  searchTextOf: (item: T) => string,
): IndexedItem<T>[] {
  return items.map((item) => ({
    item,
    search: searchTextOf(item).toLocaleLowerCase(),
    facets: Array.from({ length: facetCount }, (_, index) => facetValuesOf(item, index)),
  }));
}

/** The words of a search; an item matches when it contains every word (case-insensitive). */
export function searchTerms(query: string): string[] {
  return query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesSearch(search: string, terms: readonly string[]): boolean {
  return terms.every((term) => search.includes(term));
}

export function selectedValues(
  facets: readonly FacetDefinition[],
  filter: FacetFilter,
): SelectedValues {
  return facets.map((facet) => {
    const values = filter[facet.id];
    return values && values.length > 0 ? new Set(values) : null;
  });
}

function matchesFacet(values: readonly string[], selected: ReadonlySet<string> | null): boolean {
  return selected === null || values.some((value) => selected.has(value));
}

export function filterItems<T>(
  indexed: readonly IndexedItem<T>[],
  terms: readonly string[],
  selected: SelectedValues,
): IndexedItem<T>[] {
  return indexed.filter(
    (entry) =>
      matchesSearch(entry.search, terms) &&
      selected.every((values, index) => matchesFacet(entry.facets[index]!, values)),
  );
}

/**
 * The checkbox values of each facet with their counts. A facet counts over the items that match
 * the search and every other facet, so ticking a value does not hide the other values of the
 * same facet. Values are by count (then value); a facet shows its `size` first values plus every
 * selected one, even one no item has any more (so it can still be unticked).
 */
export function facetBuckets<T>(
  indexed: readonly IndexedItem<T>[],
  terms: readonly string[],
  facets: readonly FacetDefinition[],
  selected: SelectedValues,
  ranks: readonly ReadonlyMap<string, number>[] = facetValueRanks(indexed, facets.length),
): FacetBucket[][] {
  const counts = facets.map(() => new Map<string, number>());
  const add = (facetIndex: number, values: readonly string[]) => {
    const map = counts[facetIndex]!;
    for (const value of values) map.set(value, (map.get(value) ?? 0) + 1);
  };
  for (const entry of indexed) {
    if (!matchesSearch(entry.search, terms)) continue;
    // Only the facets an item fails matter: failing none it counts everywhere, failing one it
    // counts for that facet alone, failing two it counts nowhere.
    let failed = -1;
    let failures = 0;
    for (let index = 0; index < facets.length && failures < 2; index += 1) {
      if (!matchesFacet(entry.facets[index]!, selected[index] ?? null)) {
        failed = index;
        failures += 1;
      }
    }
    if (failures === 0) entry.facets.forEach((values, index) => add(index, values));
    else if (failures === 1) add(failed, entry.facets[failed]!);
  }
  return facets.map((facet, index) => {
    const chosen = selected[index] ?? null;
    const rank = ranks[index]!;
    const buckets = [...counts[index]!]
      .map(([value, count]) => ({ value, count, selected: chosen?.has(value) ?? false }))
      .sort((a, b) => b.count - a.count || rank.get(a.value)! - rank.get(b.value)!)
      .slice(0, facet.size);
    for (const value of chosen ?? []) {
      if (!buckets.some((bucket) => bucket.value === value)) {
        buckets.push({ value, count: counts[index]!.get(value) ?? 0, selected: true });
      }
    }
    return buckets;
  });
}

/**
 * Each facet's values in the default order (`compareDefault`) as ranks: computed once per list,
 * so ordering a facet's counts compares numbers, not strings through the collator.
 */
export function facetValueRanks<T>(
  indexed: readonly IndexedItem<T>[],
  facetCount: number,
): Map<string, number>[] {
  return Array.from({ length: facetCount }, (_, index) => {
    const values = new Set<string>();
    for (const entry of indexed) for (const value of entry.facets[index]!) values.add(value);
    return new Map([...values].sort(compareDefault).map((value, rank) => [value, rank]));
  });
}

/** Ticks or unticks one value. */
export function toggleFacetValue(filter: FacetFilter, facetId: string, value: string): FacetFilter {
  const current = filter[facetId] ?? [];
  return current.includes(value)
    ? removeFacetValue(filter, facetId, value)
    : { ...filter, [facetId]: [...current, value] };
}

/** Unticks one value; a facet left without values disappears from the filter. */
export function removeFacetValue(filter: FacetFilter, facetId: string, value: string): FacetFilter {
  const rest = (filter[facetId] ?? []).filter((entry) => entry !== value);
  const next = { ...filter };
  if (rest.length > 0) next[facetId] = rest;
  else delete next[facetId];
  return next;
}

/** The number of ticked values (the filter button's badge). */
export function activeFilterCount(filter: FacetFilter): number {
  return Object.values(filter).reduce((sum, values) => sum + values.length, 0);
}

/**
 * Keeps the facets the list has and drops empty or repeated values: a filter from the URL may
 * name facets of another configuration.
 */
export function sanitizeFilter(filter: FacetFilter, facetIds: readonly string[]): FacetFilter {
  const next: Record<string, string[]> = {};
  for (const id of facetIds) {
    const values = [...new Set(filter[id] ?? [])].filter((value) => value !== '');
    if (values.length > 0) next[id] = values;
  }
  return next;
}

export function filtersEqual(a: FacetFilter, b: FacetFilter): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const left = a[key]!;
    const right = b[key];
    return (
      right !== undefined && left.length === right.length && left.every((v, i) => v === right[i])
    );
  });
}
