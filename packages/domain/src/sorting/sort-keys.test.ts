import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chapterSortKey,
  compareChapters,
  compareSortDates,
  DEFAULT_CHAPTER_SORT_KEY,
  EMPTY_SORT_DATE,
  sortDateKey,
} from './sort-keys';

describe('chapter sort keys', () => {
  it('pads each dotted part to six digits', () => {
    expect(chapterSortKey('4.10')).toBe('000004.000010');
    expect(chapterSortKey(' 7.5.1 ')).toBe('000007.000005.000001');
    expect(chapterSortKey('8.2a')).toBe('000008.00002a');
  });

  it('4.10 comes after 4.9, a parent before its children, missing last', () => {
    const sorted = ['4.10', '10', '4.9', '', '4', '4.9.1', null].sort(compareChapters);
    expect(sorted).toEqual(['4', '4.9', '4.9.1', '4.10', '10', '', null]);
    expect(compareChapters('4.1', '4.1')).toBe(0);
  });

  it('the default key for a missing chapter', () => {
    expect(DEFAULT_CHAPTER_SORT_KEY).toBe('999999.999999.999999.999999.999999.999999');
    expect(chapterSortKey(undefined)).toBe(DEFAULT_CHAPTER_SORT_KEY);
    expect(chapterSortKey('   ')).toBe(DEFAULT_CHAPTER_SORT_KEY);
  });

  it('numeric order of dotted numbers matches key order', () => {
    const part = fc.integer({ min: 0, max: 99999 });
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 4 }),
        fc.array(part, { minLength: 1, maxLength: 4 }),
        (a, b) => {
          let numeric = 0;
          for (let i = 0; i < Math.max(a.length, b.length) && numeric === 0; i += 1) {
            if (a[i] === undefined) numeric = -1;
            else if (b[i] === undefined) numeric = 1;
            else numeric = Math.sign(a[i]! - b[i]!);
          }
          expect(compareChapters(a.join('.'), b.join('.'))).toBe(numeric);
        },
      ),
    );
  });
});

describe('sort dates', () => {
  it('an empty date sorts as 9999-99-99, after every real date', () => {
    expect(EMPTY_SORT_DATE).toBe('9999-99-99');
    expect(sortDateKey(null)).toBe('9999-99-99');
    expect(sortDateKey('')).toBe('9999-99-99');
    expect(sortDateKey('2026-03-01')).toBe('2026-03-01');
    expect([undefined, '2026-03-01', '2025-12-31'].sort(compareSortDates)).toEqual([
      '2025-12-31',
      '2026-03-01',
      undefined,
    ]);
    expect(compareSortDates('2026-01-01', '2026-01-01')).toBe(0);
  });
});
