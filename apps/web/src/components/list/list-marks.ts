/**
 * Performance marks of the grouped list, read by bench/ui.bench.ts (and visible in the browser's
 * performance panel): from the search text reaching the list to its new page on screen.
 */
export const LIST_SEARCH_MARK = 'list:search-committed';
export const LIST_RENDERED_MARK = 'list:rendered';
