import { describe, expect, it } from 'vitest';
import {
  defaultSearchText,
  fieldValues,
  normalizeValues,
  readField,
  readPath,
} from './list-fields';

const ITEM = {
  name: 'Audit A',
  question: {
    importance: 3,
    chapters: [{ id: '4.1' }, { id: '5.2' }, { id: '4.1' }],
    category_id: '',
  },
  answered: false,
  tags: ['x', null, 'y'],
};

describe('readPath', () => {
  it('reads nested fields and walks arrays on the way', () => {
    expect(readPath(ITEM, 'name')).toEqual(['Audit A']);
    expect(readPath(ITEM, 'question.importance')).toEqual([3]);
    expect(readPath(ITEM, 'question.chapters.id')).toEqual(['4.1', '5.2', '4.1']);
  });

  it('gives nothing for missing paths or values that are not objects', () => {
    expect(readPath(ITEM, 'question.missing.deeper')).toEqual([]);
    expect(readPath(ITEM, 'name.length')).toEqual([]);
    expect(readPath(null, 'name')).toEqual([]);
  });
});

describe('normalizeValues and fieldValues', () => {
  it('turns values into distinct texts and drops empty ones', () => {
    expect(normalizeValues([['4.1', '5.2'], 3, true, '', '  ', null, { id: 'x' }, '4.1'])).toEqual([
      '4.1',
      '5.2',
      '3',
      'true',
    ]);
    expect(normalizeValues(Number.NaN)).toEqual([]);
  });

  it('uses a reader for a field when the screen gives one', () => {
    const readers = { answered: (item: typeof ITEM) => item.answered };
    expect(fieldValues(ITEM, 'answered', readers)).toEqual(['false']);
    expect(fieldValues(ITEM, 'question.chapters.id', readers)).toEqual(['4.1', '5.2']);
    expect(fieldValues(ITEM, 'question.category_id')).toEqual([]);
    expect(fieldValues(ITEM, 'tags')).toEqual(['x', 'y']);
    expect(readField(ITEM, 'answered', readers)).toBe(false);
  });
});

describe('defaultSearchText', () => {
  it('collects every text and number inside an item', () => {
    const text = defaultSearchText(ITEM);
    expect(text).toContain('Audit A');
    expect(text).toContain('5.2');
    expect(text).toContain('3');
    expect(text).not.toContain('false');
  });
});
