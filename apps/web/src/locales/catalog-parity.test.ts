import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import { flattenCatalog, placeholdersOf } from './flatten-catalog';

const catalogs = { de: flattenCatalog(de), en: flattenCatalog(en) };

describe('catalog parity', () => {
  it('both catalogs have exactly the same keys', () => {
    const deKeys = [...catalogs.de.keys()];
    const enKeys = [...catalogs.en.keys()];
    expect(
      deKeys.filter((key) => !catalogs.en.has(key)),
      'only in de.json',
    ).toEqual([]);
    expect(
      enKeys.filter((key) => !catalogs.de.has(key)),
      'only in en.json',
    ).toEqual([]);
  });

  it.each(Object.entries(catalogs))('every value in %s is a non-empty text', (_, flat) => {
    const bad = [...flat].filter(([, value]) => typeof value !== 'string' || !value.trim());
    expect(bad.map(([key]) => key)).toEqual([]);
  });

  it('translations use the same placeholders', () => {
    const mismatched = [...catalogs.en].filter(
      ([key, value]) =>
        JSON.stringify(placeholdersOf(String(value))) !==
        JSON.stringify(placeholdersOf(String(catalogs.de.get(key) ?? ''))),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('the check itself notices a difference', () => {
    const a = flattenCatalog({ x: { y: 'a' }, z: 'b' });
    const b = flattenCatalog({ x: { y: 'a' } });
    expect([...a.keys()].filter((key) => !b.has(key))).toEqual(['z']);
  });
});
