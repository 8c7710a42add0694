import { describe, expect, it } from 'vitest';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import {
  completeTexts,
  createI18nWith,
  loadCatalog,
  loadFirstCatalog,
  loadWholeCatalog,
  switchLanguage,
} from './catalogs';

describe('language catalogs', () => {
  it('start with the texts of one language and load the other when it is chosen', async () => {
    const first = await loadFirstCatalog('de');
    expect(first.language).toBe('de');
    const i18n = createI18nWith(first.language, { [first.language]: first.catalog });
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.t('app.title')).toBe('Qualitätsaudit');

    await switchLanguage(i18n, 'en');
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.t('app.title')).toBe('Quality Audit');
    // Back again: the German texts are there already.
    await switchLanguage(i18n, 'de');
    expect(i18n.t('app.title')).toBe('Qualitätsaudit');
  });

  it('loads each catalog as its own module', async () => {
    const [de, en] = await Promise.all([loadCatalog('de'), loadCatalog('en')]);
    expect(Object.keys(de)).toEqual(Object.keys(en));
    expect(de).not.toEqual(en);
  });

  it('start with the first part; the later part comes when asked for, or when a text of it is', async () => {
    const first = await loadFirstCatalog('de');
    expect(first.catalog).toHaveProperty('execution');
    expect(first.catalog).not.toHaveProperty('templates');
    const i18n = createI18nWith('de', { de: first.catalog });
    // Asked before it came: the key shows once, and the texts are loaded at once.
    expect(i18n.t('templates.title')).toBe('templates.title');
    await completeTexts(i18n);
    expect(i18n.t('templates.title')).toBe(de.templates.title);
    expect(i18n.t('app.title')).toBe('Qualitätsaudit');
  });

  it('a language chosen later comes whole', async () => {
    const i18n = createI18nWith('de', { de: (await loadFirstCatalog('de')).catalog });
    await switchLanguage(i18n, 'en');
    expect(i18n.t('templates.title')).toBe(en.templates.title);
    expect(await loadWholeCatalog('en')).toEqual(en);
  });
});
