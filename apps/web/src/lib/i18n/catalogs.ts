import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from './detect-language';

/** One language's texts (`src/locales/{language}.json`). */
export type Catalog = Record<string, unknown>;

/**
 * Each language's texts are a chunk of their own, so a start loads only the language it shows
 * (about 7 KB on the wire instead of 15, decision 46), and of it only the first part: the texts
 * of screens no first screen shows come later (decision 86, `completeTexts`). The server names
 * the likely language's first part in index.html's `Link` header from the request's
 * Accept-Language, so it comes with the app's code.
 */
export function loadCatalog(language: Language): Promise<Catalog> {
  const catalog =
    language === 'de' ? import('virtual:texts/de/first') : import('virtual:texts/en/first');
  return catalog.then((module) => module.default);
}

/** The rest of a language's texts (catalog-parts.ts). */
export function loadLaterTexts(language: Language): Promise<Catalog> {
  const catalog =
    language === 'de' ? import('virtual:texts/de/later') : import('virtual:texts/en/later');
  return catalog.then((module) => module.default);
}

/** A language's whole texts, both parts. */
export async function loadWholeCatalog(language: Language): Promise<Catalog> {
  const [first, later] = await Promise.all([loadCatalog(language), loadLaterTexts(language)]);
  return { ...first, ...later };
}

/** Per instance, the languages whose later texts are added or on their way. */
const completing = new WeakMap<I18n, Map<string, Promise<void>>>();

/**
 * Adds the later part of the texts of the instance's languages (once each). A failure (offline
 * before the service worker stored the chunk) is retried on the next call.
 */
export function completeTexts(instance: I18n): Promise<void> {
  const started = completing.get(instance) ?? new Map<string, Promise<void>>();
  completing.set(instance, started);
  const languages = LANGUAGES.filter((language) =>
    instance.hasResourceBundle(language, 'translation'),
  );
  return Promise.all(
    languages.map((language) => {
      const known = started.get(language);
      if (known) return known;
      const adding = loadLaterTexts(language).then(
        (later) => {
          // Deep, not overwriting: a namespace is in one part only (catalogPart).
          instance.addResourceBundle(language, 'translation', later, true, false);
        },
        (error: unknown) => {
          started.delete(language);
          throw error;
        },
      );
      started.set(language, adding);
      return adding;
    }),
  ).then(() => undefined);
}

/** The app's instance, for what loads chunks (`loadChunk`) and so completes the texts first. */
let appInstance: I18n | null = null;

/** Marks the instance the app shows: chunks loaded after the first screen complete its texts. */
export function setAppI18n(instance: I18n | null): void {
  appInstance = instance;
}

/** The app's texts made whole; at once where there is no app instance (unit tests). */
export function whenTextsComplete(): Promise<void> {
  return appInstance ? completeTexts(appInstance) : Promise.resolve();
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
    // A text of the later part asked for before it came (decision 86): it is loaded at once, and
    // react-i18next renders again when it is added.
    saveMissing: true,
    missingKeyHandler: () => {
      completeTexts(instance).catch((error: unknown) =>
        console.warn('The rest of the texts could not be loaded', error),
      );
    },
    react: { bindI18nStore: 'added' },
  });
  return instance;
}

/** Switches to a language, loading its texts first if this start has not got them yet. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation')) {
    // Whole: a language chosen in the app is wanted beyond its first screen.
    instance.addResourceBundle(language, 'translation', await loadWholeCatalog(language));
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
