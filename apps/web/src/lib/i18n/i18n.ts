import type { i18n as I18n } from 'i18next';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { createI18nWith } from './catalogs';
import type { Language } from './detect-language';

/**
 * An instance with both catalogs at hand, for tests and tools (the app's start loads only the
 * language it shows: catalogs.ts).
 */
export function createI18n(language: Language): I18n {
  return createI18nWith(language, { de, en });
}
