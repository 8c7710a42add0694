/**
 * Sort keys of the audit lists (SPEC section 9). Chapter numbers sort as text once every dotted
 * part is padded to six characters, so '4.10' comes after '4.9'; missing values sort last.
 */
export const DEFAULT_CHAPTER_SORT_KEY = '999999.999999.999999.999999.999999.999999';
export const EMPTY_SORT_DATE = '9999-99-99';
const CHAPTER_PART_WIDTH = 6;

export function chapterSortKey(chapter: string | null | undefined): string {
  const trimmed = chapter?.trim() ?? '';
  if (trimmed === '') return DEFAULT_CHAPTER_SORT_KEY;
  return trimmed
    .split('.')
    .map((part) => part.trim().padStart(CHAPTER_PART_WIDTH, '0'))
    .join('.');
}

export function compareChapters(
  a: string | null | undefined,
  b: string | null | undefined,
): number {
  const left = chapterSortKey(a);
  const right = chapterSortKey(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Dates are YYYY-MM-DD text; an empty date sorts after every real one. */
export function sortDateKey(date: string | null | undefined): string {
  const trimmed = date?.trim() ?? '';
  return trimmed === '' ? EMPTY_SORT_DATE : trimmed;
}

export function compareSortDates(
  a: string | null | undefined,
  b: string | null | undefined,
): number {
  const left = sortDateKey(a);
  const right = sortDateKey(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Compares texts by their characters: for sort keys, ISO dates and ids, whose order needs no
 * language. `localeCompare` would load the language's collation data on first use, about 45 ms
 * at a phone's CPU inside a first screen's render (issue 40), for the same order.
 */
export function compareCharacters(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
