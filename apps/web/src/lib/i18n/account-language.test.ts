import { afterEach, describe, expect, it } from 'vitest';
import {
  clearUnsavedLanguage,
  languageForPerson,
  noteLanguageChoice,
  onLanguageChoice,
  readUnsavedLanguage,
  setSignedInPerson,
} from './account-language';

afterEach(() => {
  setSignedInPerson(null);
  window.localStorage.clear();
});

describe('the language of a signed-in person', () => {
  it('is their account’s on every device, unless a choice here has not been saved yet', () => {
    const base = { personId: 'p1', current: 'en' as const };
    expect(languageForPerson({ ...base, account: 'de', unsaved: null })).toBe('de');
    expect(languageForPerson({ ...base, account: null, unsaved: null })).toBe('en');
    expect(
      languageForPerson({ ...base, account: 'de', unsaved: { personId: 'p1', language: 'en' } }),
    ).toBe('en');
    // Someone else's choice on a shared device does not count.
    expect(
      languageForPerson({ ...base, account: 'de', unsaved: { personId: 'p2', language: 'en' } }),
    ).toBe('de');
  });

  it('is remembered for the account only while someone is signed in', () => {
    let told = 0;
    const stop = onLanguageChoice(() => (told += 1));
    noteLanguageChoice('de');
    expect(readUnsavedLanguage()).toBeNull();
    setSignedInPerson('p1');
    noteLanguageChoice('de');
    expect(readUnsavedLanguage()).toEqual({ personId: 'p1', language: 'de' });
    expect(told).toBe(1);
    stop();
  });

  it('stops waiting once saved, unless chosen again meanwhile', () => {
    setSignedInPerson('p1');
    noteLanguageChoice('de');
    noteLanguageChoice('en');
    clearUnsavedLanguage({ personId: 'p1', language: 'de' });
    expect(readUnsavedLanguage()).toEqual({ personId: 'p1', language: 'en' });
    clearUnsavedLanguage({ personId: 'p1', language: 'en' });
    expect(readUnsavedLanguage()).toBeNull();
  });
});
