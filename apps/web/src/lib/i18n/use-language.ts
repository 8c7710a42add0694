import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, storeLanguage, type Language } from './detect-language';

/** The current language and a setter that also remembers the choice for the next visit. */
export function useLanguage(): { language: Language; setLanguage: (language: Language) => void } {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const setLanguage = useCallback(
    (next: Language) => {
      storeLanguage(next);
      void i18n.changeLanguage(next);
    },
    [i18n],
  );
  return { language, setLanguage };
}
