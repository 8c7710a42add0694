import type { Language } from './detect-language';

/** Weeks start on Monday in both languages (SPEC section 5: first weekday Monday). */
export const WEEK_STARTS_ON = 1;

const MEDIUM_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
/**
 * Formatters by language and options, made once: making one costs about 100 times its
 * `format` (a list page of 100 measures made 100 per render, bench/measures.bench.ts).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date in the user's language, e.g. "21.11.2026" / "Nov 21, 2026". */
export function formatDate(
  date: Date | string | number,
  language: Language,
  options: Intl.DateTimeFormatOptions = MEDIUM_DATE,
): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const key = `${language} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, options);
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}
