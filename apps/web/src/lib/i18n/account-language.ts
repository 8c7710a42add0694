import { isLanguage, type Language } from './detect-language';

/**
 * The language is the person's, not the device's (issue 34.6): a choice made while signed in is
 * saved to their account (`PATCH /api/v1/me`, the field the settings page writes) and every other
 * device takes it with its next session check. Saving needs the server, so the choice waits here
 * until it got there; while it waits it beats the account's older language, or a reload offline
 * would switch back. It names the person, so a choice one person made offline on a shared tablet
 * is never saved to, or shown to, the next one who signs in.
 */
export const UNSAVED_LANGUAGE_KEY = 'qa.language.unsaved';

export interface UnsavedLanguage {
  personId: string;
  language: Language;
}

/** The language a signed-in device shows: a choice not yet saved, else the account's, else its own. */
export function languageForPerson(input: {
  personId: string;
  account: Language | null;
  unsaved: UnsavedLanguage | null;
  current: Language;
}): Language {
  if (input.unsaved?.personId === input.personId) return input.unsaved.language;
  return input.account ?? input.current;
}

/** Where storage is refused (private mode): the choice then waits only as long as the page. */
let inMemory: UnsavedLanguage | null = null;

export function readUnsavedLanguage(): UnsavedLanguage | null {
  try {
    const text = window.localStorage.getItem(UNSAVED_LANGUAGE_KEY);
    const value: unknown = text ? JSON.parse(text) : null;
    if (typeof value !== 'object' || value === null) return null;
    const { personId, language } = value as Record<string, unknown>;
    return typeof personId === 'string' && isLanguage(language) ? { personId, language } : null;
  } catch {
    return inMemory;
  }
}

export function writeUnsavedLanguage(unsaved: UnsavedLanguage): void {
  inMemory = unsaved;
  try {
    window.localStorage.setItem(UNSAVED_LANGUAGE_KEY, JSON.stringify(unsaved));
  } catch {
    // Kept in memory above.
  }
}

/** Forgets the waiting choice once saved, unless a newer one took its place meanwhile. */
export function clearUnsavedLanguage(saved: UnsavedLanguage): void {
  const now = readUnsavedLanguage();
  if (now && (now.personId !== saved.personId || now.language !== saved.language)) return;
  inMemory = null;
  try {
    window.localStorage.removeItem(UNSAVED_LANGUAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** Who is signed in on this page (set by the shell), so a choice knows whose account it is for. */
let signedInPersonId: string | null = null;
const listeners = new Set<() => void>();

export function setSignedInPerson(personId: string | null): void {
  signedInPersonId = personId;
}

/** A choice from the top bar or the user menu: remembered for the account if someone is signed in. */
export function noteLanguageChoice(language: Language): void {
  if (!signedInPersonId) return;
  writeUnsavedLanguage({ personId: signedInPersonId, language });
  for (const listener of listeners) listener();
}

export function onLanguageChoice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
