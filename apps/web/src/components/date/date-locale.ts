import { deDE, enUS as pickersEnUS } from '@mui/x-date-pickers/locales';
import type { Locale } from 'date-fns';
import { de } from 'date-fns/locale/de';
import { enUS } from 'date-fns/locale/en-US';
import type { Language } from '../../lib/i18n/detect-language';
import { WEEK_STARTS_ON } from '../../lib/i18n/format';

/** What a date picker needs per language: date-fns locale, field format, the pickers' own texts. */
export interface PickerLocale {
  adapterLocale: Locale;
  /** The typed format, the same date-fns pattern the field shows and parses. */
  format: string;
  /** The format as the user reads it ('TT.MM.JJJJ'), for messages. */
  formatHint: string;
  localeText: typeof deDE.components.MuiLocalizationProvider.defaultProps.localeText;
}

/**
 * English keeps the US texts and date order the rest of the app shows for 'en' (Intl 'en'), but
 * its weeks start on Monday like the German ones (SPEC section 5; ISO weeks, so the first week
 * holds 4 January as in German).
 */
const enMondayFirst: Locale = {
  ...enUS,
  options: { ...enUS.options, weekStartsOn: WEEK_STARTS_ON, firstWeekContainsDate: 4 },
};

const LOCALES: Record<Language, PickerLocale> = {
  de: {
    adapterLocale: de,
    format: 'dd.MM.yyyy',
    formatHint: 'TT.MM.JJJJ',
    localeText: deDE.components.MuiLocalizationProvider.defaultProps.localeText,
  },
  en: {
    adapterLocale: enMondayFirst,
    format: 'MM/dd/yyyy',
    formatHint: 'MM/DD/YYYY',
    localeText: pickersEnUS.components.MuiLocalizationProvider.defaultProps.localeText,
  },
};

export function pickerLocaleOf(language: Language): PickerLocale {
  return LOCALES[language];
}
