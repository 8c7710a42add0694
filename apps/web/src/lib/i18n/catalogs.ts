import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from './detect-language';

/** One language's texts (`src/locales/{language}.json`). */
export type Catalog = Record<string, unknown>;

/**
 * Each language's texts are a chunk of their own, so a start loads only the language it shows
 * (about 7 KB on the wire instead of 15, decision 46). The server names the likely one in
 * index.html's `Link` header from the request's Accept-Language, so it comes with the app's code.
 */
export function loadCatalog(language: Language): Promise<Catalog> {
  const catalog =
    language === 'de' ? import('../../locales/de.json') : import('../../locales/en.json');
  return catalog.then((module) => module.default as Catalog);
}

/**
 * The texts a start shows: the language detected, or the other one if its chunk cannot be had
 * (a first visit gone offline before the service worker stored it): English texts for a German
 * browser beat a page of keys. Only if neither loads does the start fail, as without its entry.
 */
export async function loadFirstCatalog(
  preferred: Language,
): Promise<{ language: Language; catalog: Catalog }> {
  try {
    return { language: preferred, catalog: await loadCatalog(preferred) };
  } catch (error) {
    console.warn(
      `The ${preferred} texts could not be loaded; starting in the other language`,
      error,
    );
    const other: Language = preferred === 'de' ? 'en' : 'de';
    return { language: other, catalog: await loadCatalog(other) };
  }
}

/**
 * An i18next instance with the catalogs given (a start passes the one it shows; another language
 * is added when chosen, `useLanguage`). Ready synchronously, so the first render is translated.
 */
export function createI18nWith(
  language: Language,
  catalogs: Partial<Record<Language, Catalog>>,
): I18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    Object.entries(catalogs).map(([name, translation]) => [name, { translation }]),
  );
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    // Both catalogs have every key (catalog-parity.test.ts); English only ever stands in for a
    // catalog that is not loaded.
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // React escapes on render; escaping here too would show entities.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnEmptyString: false,
  });
  return instance;
}

/** Switches to a language, loading its texts first if this start has not got them yet. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', await loadCatalog(language));
  }
  await instance.changeLanguage(language);
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
