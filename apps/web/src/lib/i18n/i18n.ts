import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { LANGUAGES, type Language } from './detect-language';

/**
 * One i18next instance per app (and per test). Both catalogs are small and bundled, so the
 * instance is ready synchronously and the first render is already translated.
 */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { de: { translation: de }, en: { translation: en } },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // React escapes on render; escaping here too would show entities.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnEmptyString: false,
  });
  return instance;
}

/** Keeps `<html lang>` and the window title in the current language (screen readers, search). */
export function bindDocumentLanguage(instance: I18n): void {
  const apply = (language: string) => {
    document.documentElement.lang = language;
    document.title = instance.t('app.title');
  };
  apply(instance.language);
  instance.on('languageChanged', apply);
}
