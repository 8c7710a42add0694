import {
  DEFAULT_LISTS_CONFIG,
  SUPPLIER_FACET,
  type ListConfig,
  type ListsConfig,
} from './lists.config';

type Facet = ListConfig['aggregations'][number];

/**
 * Facets a release added to a list that installations already had configured (stored `lists`
 * segments are not rewritten, decision 55): they join a stored list that has no facet of the
 * same id or field, after the stored facets. A list that configures one of them keeps its own.
 */
const ADDED_FACETS: Readonly<Record<string, readonly Facet[]>> = {
  auditmatrix: [SUPPLIER_FACET],
};

function withAddedFacets(listKey: string, list: ListConfig): ListConfig {
  const missing = (ADDED_FACETS[listKey] ?? []).filter(
    (facet) => !list.aggregations.some((own) => own.id === facet.id || own.field === facet.field),
  );
  return missing.length === 0
    ? list
    : { ...list, aggregations: [...list.aggregations, ...missing] };
}

/** The configuration of a list, or the `default` one when the list has none of its own. */
export function resolveListConfig(lists: ListsConfig, listKey: string): ListConfig {
  // A list added after the configuration was stored has its default until someone configures
  // it; `default` is required by the schema, so the last fallback always exists.
  const own = lists.lists[listKey];
  if (own) return withAddedFacets(listKey, own);
  return DEFAULT_LISTS_CONFIG.lists[listKey] ?? lists.lists.default!;
}

/** SPEC section 9: pagination shows only when there are more items than the smallest page. */
export function paginationVisible(
  itemCount: number,
  pageSizes: readonly (number | null)[],
): boolean {
  const numeric = pageSizes.filter((size): size is number => size !== null);
  if (numeric.length === 0) return false;
  return itemCount > Math.min(...numeric);
}

/** Number of pages, at least 1; page size null means "all" on one page. */
export function pageCount(itemCount: number, pageSize: number | null): number {
  if (pageSize === null) return 1;
  return Math.max(1, Math.ceil(itemCount / pageSize));
}

/**
 * The page numbers the pagination shows (1-based): at most `visible`, a window around the
 * current page that stays inside 1..total.
 */
export function visiblePageNumbers(current: number, total: number, visible: number): number[] {
  const count = Math.min(visible, total);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), total - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}

/** Chips and group titles are cut to their limit (app.textLimits) with an ellipsis. */
export function truncateLabel(text: string, limit: number): string {
  const chars = [...text];
  return chars.length <= limit ? text : `${chars.slice(0, Math.max(0, limit - 1)).join('')}…`;
}
