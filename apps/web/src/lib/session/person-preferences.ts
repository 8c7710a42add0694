import type { Person, PersonPreferences } from '@qa/domain';
import { isLanguage, type Language } from '../i18n/detect-language';

/**
 * What the signed-in person chose for themselves (issue 15): the language of their mails (and
 * of the app), the planning year the audit matrix and the audit dialog preselect, and whether
 * reminder mails come. Kept on the server's person row and sent with `GET /api/v1/session`;
 * `PATCH /api/v1/me` changes them. Read leniently: a person remembered from before these fields
 * existed (the offline session cache) has none, and gets the defaults (as `preferencesOf` of
 * @qa/domain, but without trusting the shape of a remembered record).
 */
/** DEFAULT_PERSON_PREFERENCES of @qa/domain (a type import only: no domain code in the shell's chunks). */
const DEFAULT_PREFERENCES: PersonPreferences = { defaultPlanningYear: null, reminderMails: true };

type WithPreferences = Person & { language?: unknown; preferences?: unknown };

/** The person's language ('de' | 'en'), or null when they have not chosen one. */
export function personLanguage(person: Person | null | undefined): Language | null {
  const language = (person as WithPreferences | null | undefined)?.language;
  return isLanguage(language) ? language : null;
}

export function personPreferences(person: Person | null | undefined): PersonPreferences {
  const stored = (person as WithPreferences | null | undefined)?.preferences;
  if (typeof stored !== 'object' || stored === null) return DEFAULT_PREFERENCES;
  const { defaultPlanningYear, reminderMails } = stored as Record<string, unknown>;
  return {
    defaultPlanningYear:
      typeof defaultPlanningYear === 'number' && Number.isInteger(defaultPlanningYear)
        ? defaultPlanningYear
        : null,
    reminderMails:
      typeof reminderMails === 'boolean' ? reminderMails : DEFAULT_PREFERENCES.reminderMails,
  };
}

/** The planning year to preselect for the person: their preference, else null (the current year). */
export function preferredPlanningYear(person: Person | null | undefined): number | null {
  return personPreferences(person).defaultPlanningYear;
}
