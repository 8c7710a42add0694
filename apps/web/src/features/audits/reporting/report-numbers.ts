import type { Language } from '@qa/domain';

const formats = new Map<Language, Intl.NumberFormat>();

/** A number of the report in the user's language: up to two decimals ("1,9" in German). */
export function formatReportNumber(value: number, language: Language): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    formats.set(language, format);
  }
  return format.format(value);
}
