import type { Language } from './detect-language';

/** Weeks start on Monday in both languages (SPEC section 5: first weekday Monday). */
export const WEEK_STARTS_ON = 1;

/** A date in the user's language, e.g. "21.11.2026" / "Nov 21, 2026". */
export function formatDate(
  date: Date | string | number,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  return new Intl.DateTimeFormat(language, options).format(value);
}
