import { DEFAULT_PERSON_PREFERENCES } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import { testPerson } from '../../test/test-person';
import { personLanguage, personPreferences, preferredPlanningYear } from './person-preferences';

describe('person preferences', () => {
  it('has the defaults of the domain for a person without any', () => {
    expect(personPreferences(testPerson())).toEqual(DEFAULT_PERSON_PREFERENCES);
    expect(personPreferences(null)).toEqual(DEFAULT_PERSON_PREFERENCES);
    expect(personLanguage(testPerson())).toBeNull();
    expect(preferredPlanningYear(testPerson())).toBeNull();
  });

  it('reads what the person chose', () => {
    const person = testPerson({
      language: 'de',
      preferences: { defaultPlanningYear: 2027, reminderMails: false },
    });
    expect(personLanguage(person)).toBe('de');
    expect(personPreferences(person)).toEqual({ defaultPlanningYear: 2027, reminderMails: false });
    expect(preferredPlanningYear(person)).toBe(2027);
  });

  it('ignores a remembered record of another shape', () => {
    const odd = { ...testPerson(), language: 'fr', preferences: { defaultPlanningYear: '2027' } };
    expect(personLanguage(odd as never)).toBeNull();
    expect(personPreferences(odd as never)).toEqual(DEFAULT_PERSON_PREFERENCES);
  });
});
