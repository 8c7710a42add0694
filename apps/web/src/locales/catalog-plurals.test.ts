// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createI18nWith } from '../lib/i18n/catalogs';
import de from './de.json';
import en from './en.json';
import { flattenCatalog } from './flatten-catalog';

/**
 * Texts with a `{{count}}` whose number stands alone ("3 of 12", "(4)", "Sessions ended: 2"):
 * nothing in them changes with the number, so one form is right for every count.
 */
const NUMBER_ALONE = new Set([
  'preparation.useTemplateCategory',
  'measures.dialog.textCount',
  'users.actions.signedOut',
  'list.showMoreValues',
  'list.range',
  'list.showAllText',
  'execution.createMeasureMore',
  'media.position',
]);

const PLURAL = /_(one|other)$/;

describe('texts that count something (issue 34.6)', () => {
  it.each([
    ['de', de],
    ['en', en],
  ] as const)('are i18next plurals with a form for one and for more in %s', (_, catalog) => {
    const flat = flattenCatalog(catalog);
    const counting = [...flat]
      .filter(([, value]) => String(value).includes('{{count}}'))
      .map(([key]) => key);
    expect(counting.filter((key) => !PLURAL.test(key) && !NUMBER_ALONE.has(key))).toEqual([]);
    const bases = new Set([...flat.keys()].filter((key) => PLURAL.test(key)).map(stripPlural));
    expect(
      [...bases].filter((base) => !flat.has(`${base}_one`) || !flat.has(`${base}_other`)),
    ).toEqual([]);
  });

  it('are given their count wherever they are used (else i18next shows the key)', () => {
    const plurals = new Set(
      [...flattenCatalog(en).keys()].filter((key) => PLURAL.test(key)).map(stripPlural),
    );
    const calls = sourceFiles(fileURLToPath(new URL('..', import.meta.url))).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^']+)'\s*(?:,\s*\{([^}]*)\})?/g)]
        .filter(([, key, args]) => plurals.has(key!) && !/\bcount\b/.test(args ?? ''))
        .map(([call]) => `${file}: ${call}`),
    );
    expect(calls).toEqual([]);
  });

  it('say "1 Frage" and "2 Fragen", "1 question" and "2 questions"', () => {
    const i18n = createI18nWith('de', { de, en });
    const progress = (count: number) =>
      i18n.t('execution.progress', { answered: 0, count, percent: 0 });
    expect(progress(1)).toBe('0 von 1 Frage beantwortet (0 %)');
    expect(progress(2)).toBe('0 von 2 Fragen beantwortet (0 %)');
    void i18n.changeLanguage('en');
    expect(progress(1)).toBe('0 of 1 question answered (0 %)');
    expect(progress(2)).toBe('0 of 2 questions answered (0 %)');
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function stripPlural(key: string): string {
  return key.replace(PLURAL, '');
}
