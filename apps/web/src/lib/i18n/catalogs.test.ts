import { describe, expect, it } from 'vitest';
import { createI18nWith, loadCatalog, loadFirstCatalog, switchLanguage } from './catalogs';

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
});
