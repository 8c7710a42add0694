import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language';

describe('detectLanguage', () => {
  it('uses the stored choice when it is a known language', () => {
    expect(detectLanguage({ stored: 'de', languages: ['en-US'], language: 'en-US' })).toBe('de');
    expect(detectLanguage({ stored: 'en', languages: ['de-DE'], language: 'de-DE' })).toBe('en');
  });

  it('ignores an unknown stored value', () => {
    expect(detectLanguage({ stored: 'fr', languages: ['de-AT'], language: 'de-AT' })).toBe('de');
  });

  it('is German when the preferred browser language is German', () => {
    expect(detectLanguage({ stored: null, languages: ['de-CH', 'en'], language: 'de-CH' })).toBe(
      'de',
    );
    expect(detectLanguage({ stored: null, languages: ['DE'], language: undefined })).toBe('de');
    expect(detectLanguage({ stored: null, languages: [], language: 'de' })).toBe('de');
  });

  it('falls back to navigator.language, and to English for everything else', () => {
    expect(detectLanguage({ stored: null, languages: undefined, language: 'de-DE' })).toBe('de');
    expect(detectLanguage({ stored: null, languages: ['fr-FR', 'de-DE'], language: 'fr' })).toBe(
      'en',
    );
    expect(detectLanguage({ stored: null, languages: undefined, language: undefined })).toBe('en');
  });
});
