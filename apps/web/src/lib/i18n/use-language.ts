import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { noteLanguageChoice } from './account-language';
import { switchLanguage } from './catalogs';
import { isLanguage, storeLanguage, type Language } from './detect-language';

type SetLanguage = (language: Language, options?: { savedToAccount?: boolean }) => void;

/**
 * The current language and a setter that also remembers the choice for the next visit and, when
 * someone is signed in, for their account (use-account-language.ts saves it, also after being
 * offline). `savedToAccount`: the caller has saved it already (the settings screens).
 */
export function useLanguage(): { language: Language; setLanguage: SetLanguage } {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const setLanguage = useCallback<SetLanguage>(
    (next, options) => {
      storeLanguage(next);
      if (!options?.savedToAccount) noteLanguageChoice(next);
      // The other language's texts load first if this start has not got them (offline they
      // come from the service worker's copy).
      switchLanguage(i18n, next).catch((error: unknown) => console.warn(error));
    },
    [i18n],
  );
  return { language, setLanguage };
}
