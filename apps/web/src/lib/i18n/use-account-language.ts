import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../online/use-online-status';
import { patchMe } from '../session/me-api';
import { personLanguage } from '../session/person-preferences';
import { useSession } from '../session/session-provider';
import {
  clearUnsavedLanguage,
  languageForPerson,
  onLanguageChoice,
  readUnsavedLanguage,
  setSignedInPerson,
} from './account-language';
import { switchLanguage } from './catalogs';
import { isLanguage, storeLanguage } from './detect-language';

/**
 * Keeps the app's language and the signed-in person's account in step (account-language.ts):
 * a session that brings another language switches to it, and a choice made here is saved to the
 * account as soon as the server can be reached. Mounted once, in the shell.
 */
export function useAccountLanguage(): void {
  const { i18n } = useTranslation();
  const { state, refresh } = useSession();
  const online = useOnlineStatus();
  const person = state.status === 'signed-in' ? state.person : null;
  const personId = person?.id ?? null;
  const account = personLanguage(person);
  const saving = useRef(false);

  useEffect(() => {
    setSignedInPerson(personId);
    return () => setSignedInPerson(null);
  }, [personId]);

  // The person's language wherever they sign in: on the session check after a start, a sign-in
  // or a reconnect.
  useEffect(() => {
    if (!personId) return;
    const current = isLanguage(i18n.language) ? i18n.language : 'en';
    const target = languageForPerson({
      personId,
      account,
      unsaved: readUnsavedLanguage(),
      current,
    });
    if (target === current) return;
    storeLanguage(target);
    switchLanguage(i18n, target).catch((error: unknown) => console.warn(error));
  }, [personId, account, i18n]);

  useEffect(() => {
    if (!personId || !online) return;
    const save = async () => {
      const unsaved = readUnsavedLanguage();
      if (saving.current || unsaved?.personId !== personId) return;
      saving.current = true;
      let saved = false;
      try {
        await patchMe({ language: unsaved.language });
        clearUnsavedLanguage(unsaved);
        saved = true;
        // The session's person then carries the new language, also in its offline copy.
        await refresh();
      } catch (error) {
        // Offline or refused: the choice waits for the next change of connection or choice.
        console.warn('the language could not be saved to the account yet', error);
      } finally {
        saving.current = false;
      }
      // Chosen again while this one was on its way.
      if (saved && readUnsavedLanguage()?.personId === personId) void save();
    };
    void save();
    return onLanguageChoice(() => void save());
  }, [personId, online, refresh]);
}
