import { describe, expect, it } from 'vitest';
import { languageOfPreference } from './message';

describe('languageOfPreference (SPEC section 1)', () => {
  it('is German for a German tag, English for everything else', () => {
    for (const tag of ['de', 'de-DE', 'de-AT', 'DE-ch', ' de-LI']) {
      expect(languageOfPreference(tag), tag).toBe('de');
    }
    for (const tag of ['en', 'en-GB', 'fr-FR', 'nl', '*', '', undefined]) {
      expect(languageOfPreference(tag), String(tag)).toBe('en');
    }
  });
});
