import { pageCount } from '@qa/domain';

/**
 * Pagination math on top of the domain rules (list-config.ts: `paginationVisible`, `pageCount`,
 * `visiblePageNumbers`). Pages are 1-based; page size null is "All".
 */

/** The first configured size is the default ([25, 50, 100, null] starts with 25). */
export function defaultPageSize(pageSizes: readonly (number | null)[]): number | null {
  return pageSizes[0] ?? null;
}

/** A page inside 1..pageCount, so removing items never leaves the list on an empty page. */
export function clampPage(page: number, itemCount: number, pageSize: number | null): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(itemCount, pageSize));
}

/** Index range [start, end) of a page's items. */
export function pageRange(
  page: number,
  itemCount: number,
  pageSize: number | null,
): { start: number; end: number } {
  if (pageSize === null) return { start: 0, end: itemCount };
  const start = (clampPage(page, itemCount, pageSize) - 1) * pageSize;
  return { start, end: Math.min(itemCount, start + pageSize) };
}
