import { describe, expect, it } from 'vitest';
import { groupItems, groupKey, NO_VALUE_GROUP_KEY } from './list-grouping';

describe('groupItems', () => {
  it('groups by value in value order, items without a value last', () => {
    const items = [
      { id: '1', chapters: ['4.10'] },
      { id: '2', chapters: [] },
      { id: '3', chapters: ['4.9', '4.10'] },
      { id: '4', chapters: ['4.9'] },
    ];
    const groups = groupItems(items, (item) => item.chapters);
    expect(groups.map((group) => group.value)).toEqual(['4.9', '4.10', null]);
    expect(groups.map((group) => group.items.map((item) => item.id))).toEqual([
      ['3', '4'],
      ['1', '3'],
      ['2'],
    ]);
    expect(groups[2]!.key).toBe(NO_VALUE_GROUP_KEY);
  });

  it('keeps keys apart from values that look like the no-value key', () => {
    expect(groupKey('none')).not.toBe(groupKey(null));
    expect(groupItems([], () => [])).toEqual([]);
  });
});
