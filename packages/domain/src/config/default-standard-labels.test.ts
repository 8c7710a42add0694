import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STANDARD_LABELS,
  chapterDescriptionIn,
  standardDescriptionIn,
} from './default-standard-labels';
import { DEFAULT_STANDARDS } from './default-standards';

describe('the default standards in both languages (issue 34.6)', () => {
  it('have a German and an English description and chapter title each', () => {
    for (const standard of DEFAULT_STANDARDS) {
      const labels = DEFAULT_STANDARD_LABELS[standard.id]!;
      expect(labels.description.en).toBe(standard.description);
      expect(labels.description.de).not.toBe(labels.description.en);
      expect(Object.keys(labels.chapters)).toEqual(standard.chapters.map((chapter) => chapter.id));
      for (const chapter of standard.chapters) {
        expect(labels.chapters[chapter.id]?.en).toBe(chapter.description);
      }
    }
  });

  it('show a shipped text in the reader’s language and an edited one as written', () => {
    const iso = DEFAULT_STANDARDS.find((standard) => standard.id === 'iso9001')!;
    expect(standardDescriptionIn('iso9001', iso.description, 'de')).toMatch(/^Qualitäts/);
    expect(chapterDescriptionIn('iso9001', '5', 'Leadership', 'de')).toBe('Führung');
    expect(chapterDescriptionIn('iso9001', '5', 'Führung', 'en')).toBe('Leadership');
    expect(chapterDescriptionIn('iso9001', '5', 'Our own words', 'de')).toBe('Our own words');
    expect(chapterDescriptionIn('custom', '5', 'Leadership', 'de')).toBe('Leadership');
    expect(standardDescriptionIn('iso9001', '', 'de')).toBe('');
  });
});
