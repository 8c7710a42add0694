import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES_CONFIG, questionCategories } from './categories.config';

describe('questionCategories', () => {
  const own = [{ id: 'safety', label: { de: 'Arbeitssicherheit', en: 'Safety' } }];

  it('offers the configured categories for an ordinary audit or template', () => {
    expect(questionCategories(own, false)).toEqual(own);
  });

  it('offers the process elements P2 to P7 for VDA 6.3, whatever is configured', () => {
    const vda = questionCategories(own, true);
    expect(vda).toEqual(DEFAULT_CATEGORIES_CONFIG.categories);
    expect(vda.map((category) => category.id)).toEqual(['2', '3', '4', '5', '6', '7']);
  });
});
