import { describe, expect, it } from 'vitest';
import { compareDefault, compareSortValues, sortItems, toSortValue } from './list-sorting';

describe('compareDefault', () => {
  it('orders numbers by value and dotted numbers as chapters', () => {
    expect(compareDefault(9, 10)).toBeLessThan(0);
    expect(compareDefault('4.9', '4.10')).toBeLessThan(0);
    expect(compareDefault('10', '9')).toBeGreaterThan(0);
  });

  it('orders texts case-insensitively with digits as numbers', () => {
    expect(compareDefault('audit 2', 'Audit 10')).toBeLessThan(0);
    expect(compareDefault('Äpfel', 'Birnen')).toBeLessThan(0);
    expect(compareDefault('abc', 'ABC')).toBe(0);
  });

  it('puts numbers before booleans before texts', () => {
    expect(compareDefault(5, 'a')).toBeLessThan(0);
    expect(compareDefault(true, 1)).toBeGreaterThan(0);
    expect(compareDefault(false, true)).toBeLessThan(0);
  });
});

describe('toSortValue', () => {
  it('takes the first of several values and treats empty text as no value', () => {
    expect(toSortValue(['5.2', '4.10', '4.9'])).toBe('4.9');
    expect(toSortValue([])).toBeNull();
    expect(toSortValue('  ')).toBeNull();
    expect(toSortValue(undefined)).toBeNull();
    expect(toSortValue({ id: 1 })).toBeNull();
    expect(toSortValue(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('compareSortValues and sortItems', () => {
  it('sorts missing values last in both directions', () => {
    expect(compareSortValues(null, 'a', 'asc')).toBeGreaterThan(0);
    expect(compareSortValues(null, 'a', 'desc')).toBeGreaterThan(0);
    expect(compareSortValues(null, null, 'desc')).toBe(0);
  });

  it('sorts by a key, descending on request, stable for equal keys', () => {
    const items = [
      { id: 'a', due: '2026-05-01' },
      { id: 'b', due: '' },
      { id: 'c', due: '2026-01-15' },
      { id: 'd', due: '2026-05-01' },
    ];
    const due = (item: (typeof items)[number]) => item.due;
    expect(sortItems(items, due, 'asc').map((item) => item.id)).toEqual(['c', 'a', 'd', 'b']);
    expect(sortItems(items, due, 'desc').map((item) => item.id)).toEqual(['a', 'd', 'c', 'b']);
    expect(items[0]!.id).toBe('a');
  });

  it('sorts chapter numbers by their parts, among texts and missing values, both ways', () => {
    const numbers = ['10.2', 'intro', '4.10', '', '4.9', ' 4.9.1 ', 'Annex'];
    const key = (item: string) => item;
    expect(sortItems(numbers, key, 'asc')).toEqual([
      '4.9',
      ' 4.9.1 ',
      '4.10',
      '10.2',
      'Annex',
      'intro',
      '',
    ]);
    expect(sortItems(numbers, key, 'desc')).toEqual([
      'intro',
      'Annex',
      '10.2',
      '4.10',
      ' 4.9.1 ',
      '4.9',
      '',
    ]);
  });

  it('takes a comparator of its own', () => {
    const byLength = (a: string | number | boolean, b: string | number | boolean) =>
      String(a).length - String(b).length;
    expect(sortItems(['ccc', 'a', 'bb'], (item) => item, 'asc', byLength)).toEqual([
      'a',
      'bb',
      'ccc',
    ]);
  });
});
