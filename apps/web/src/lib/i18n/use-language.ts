import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from './catalogs';
import { isLanguage, storeLanguage, type Language } from './detect-language';

/** The current language and a setter that also remembers the choice for the next visit. */
export function useLanguage(): { language: Language; setLanguage: (language: Language) => void } {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const setLanguage = useCallback(
    (next: Language) => {
      storeLanguage(next);
      // The other language's texts load first if this start has not got them (offline they
      // come from the service worker's copy).
      switchLanguage(i18n, next).catch((error: unknown) => console.warn(error));
    },
    [i18n],
  );
  return { language, setLanguage };
}
