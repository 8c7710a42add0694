import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATEGORIES_CONFIG,
  questionCategories,
  replaceShippedVdaCategories,
  VDA_QUESTION_CATEGORIES,
} from './categories.config';

describe('questionCategories', () => {
  const own = [{ id: 'safety', label: { de: 'Arbeitssicherheit', en: 'Safety' } }];

  it('offers the configured categories for an ordinary audit or template', () => {
    expect(questionCategories(own, false)).toEqual(own);
  });

  it('offers the process elements P2 to P7 for VDA 6.3, whatever is configured', () => {
    const vda = questionCategories(own, true);
    expect(vda.map((category) => category.id)).toEqual(['2', '3', '4', '5', '6', '7']);
  });

  it('ships no VDA element as a category of an ordinary audit', () => {
    const shipped = questionCategories(DEFAULT_CATEGORIES_CONFIG.categories, false);
    const vdaIds = new Set(VDA_QUESTION_CATEGORIES.map((category) => category.id));
    expect(shipped.length).toBeGreaterThan(0);
    expect(shipped.some((category) => vdaIds.has(category.id))).toBe(false);
    expect(shipped.map((category) => category.label.de)).toContain('Führung');
  });
});

describe('replaceShippedVdaCategories', () => {
  it('replaces the segment earlier releases shipped with the new default', () => {
    expect(replaceShippedVdaCategories({ categories: VDA_QUESTION_CATEGORIES })).toEqual(
      DEFAULT_CATEGORIES_CONFIG,
    );
  });

  it('keeps a segment an administrator changed, and anything unreadable', () => {
    const renamed = VDA_QUESTION_CATEGORIES.map((category, index) =>
      index === 0 ? { ...category, label: { ...category.label, de: 'Projekt' } } : category,
    );
    expect(replaceShippedVdaCategories({ categories: renamed })).toBeNull();
    expect(
      replaceShippedVdaCategories({ categories: VDA_QUESTION_CATEGORIES.slice(1) }),
    ).toBeNull();
    expect(replaceShippedVdaCategories({ categories: 'x' })).toBeNull();
    expect(replaceShippedVdaCategories(DEFAULT_CATEGORIES_CONFIG)).toBeNull();
  });
});
