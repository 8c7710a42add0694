import { languageOfPreference } from '@qa/domain';
/** The two languages of the product (SPEC section 1). */
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where the user's explicit choice (user menu, top bar switch) is kept. */
export const LANGUAGE_STORAGE_KEY = 'qa.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * An explicit choice wins; otherwise the browser decides: German if its preferred language
 * is German, English for everything else (SPEC section 1).
 */
export function detectLanguage(input: {
  stored: string | null | undefined;
  languages: readonly string[] | undefined;
  language: string | undefined;
}): Language {
  if (isLanguage(input.stored)) return input.stored;
  return languageOfPreference(input.languages?.[0] ?? input.language);
}

/** Reads the stored choice; storage can be unavailable (private mode, blocked cookies). */
export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this page only; nothing else depends on it.
  }
}

export function detectBrowserLanguage(): Language {
  return detectLanguage({
    stored: readStoredLanguage(),
    languages: navigator.languages,
    language: navigator.language,
  });
}
