import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  facetBuckets,
  filterItems,
  filtersEqual,
  indexItems,
  matchesSearch,
  removeFacetValue,
  sanitizeFilter,
  searchTerms,
  selectedValues,
  toggleFacetValue,
  type FacetFilter,
} from './list-filter';

interface Audit {
  name: string;
  standard: string;
  type: string;
  tags: string[];
}

const AUDITS: Audit[] = [
  { name: 'Pump line', standard: 'iso9001', type: 'process', tags: ['a'] },
  { name: 'Valve line', standard: 'iso9001', type: 'system', tags: ['a', 'b'] },
  { name: 'Energy', standard: 'iso50001', type: 'process', tags: [] },
  { name: 'Pump test', standard: 'iso14001', type: 'product', tags: ['b'] },
];
const FACETS = [
  { id: 'standard', size: 10 },
  { id: 'type', size: 2 },
  { id: 'tags', size: 10 },
];
const FIELDS: ((audit: Audit) => string[])[] = [
  (audit) => [audit.standard],
  (audit) => [audit.type],
  (audit) => audit.tags,
];
const indexed = indexItems(
  AUDITS,
  FACETS.length,
  (audit, index) => FIELDS[index]!(audit),
  (audit) => audit.name,
);

function names(filter: FacetFilter, query = ''): string[] {
  return filterItems(indexed, searchTerms(query), selectedValues(FACETS, filter)).map(
    (entry) => entry.item.name,
  );
}

function counts(filter: FacetFilter, query = '') {
  return facetBuckets(indexed, searchTerms(query), FACETS, selectedValues(FACETS, filter)).map(
    (buckets) =>
      buckets.map((bucket) => `${bucket.value}:${bucket.count}${bucket.selected ? '*' : ''}`),
  );
}

describe('search', () => {
  it('needs every word, case-insensitive', () => {
    expect(searchTerms('  Pump   LINE ')).toEqual(['pump', 'line']);
    expect(matchesSearch('pump line', ['pump', 'line'])).toBe(true);
    expect(matchesSearch('pump test', ['pump', 'line'])).toBe(false);
    expect(names({}, 'pump')).toEqual(['Pump line', 'Pump test']);
    expect(names({}, '')).toHaveLength(4);
  });
});

describe('filterItems', () => {
  it('ORs the values of one facet and ANDs facets', () => {
    expect(names({ standard: ['iso9001', 'iso14001'] })).toEqual([
      'Pump line',
      'Valve line',
      'Pump test',
    ]);
    expect(names({ standard: ['iso9001', 'iso14001'], type: ['process'] })).toEqual(['Pump line']);
    expect(names({ tags: ['b'] }, 'pump')).toEqual(['Pump test']);
    expect(names({ standard: [] })).toHaveLength(4);
  });
});

describe('facetBuckets', () => {
  it('counts by value, most frequent first, cut to the facet size', () => {
    expect(counts({})).toEqual([
      ['iso9001:2', 'iso14001:1', 'iso50001:1'],
      ['process:2', 'product:1'],
      ['a:2', 'b:2'],
    ]);
  });

  it('counts a facet over the items matching the other facets and the search', () => {
    expect(counts({ standard: ['iso9001'] })).toEqual([
      ['iso9001:2*', 'iso14001:1', 'iso50001:1'],
      ['process:1', 'system:1'],
      ['a:2', 'b:1'],
    ]);
    expect(counts({ type: ['process'] }, 'pump')).toEqual([
      ['iso9001:1'],
      ['process:1*', 'product:1'],
      ['a:1'],
    ]);
  });

  it('keeps a selected value that no item has any more, so it can be unticked', () => {
    expect(counts({ type: ['gone'] })[1]).toEqual(['process:2', 'product:1', 'gone:0*']);
    expect(counts({ type: ['system'] })[1]).toEqual(['process:2', 'product:1', 'system:1*']);
  });
});

describe('filter changes', () => {
  it('ticks, unticks and counts values', () => {
    let filter: FacetFilter = {};
    filter = toggleFacetValue(filter, 'type', 'process');
    filter = toggleFacetValue(filter, 'type', 'system');
    filter = toggleFacetValue(filter, 'standard', 'iso9001');
    expect(filter).toEqual({ type: ['process', 'system'], standard: ['iso9001'] });
    expect(activeFilterCount(filter)).toBe(3);
    filter = toggleFacetValue(filter, 'type', 'process');
    filter = removeFacetValue(filter, 'standard', 'iso9001');
    expect(filter).toEqual({ type: ['system'] });
    expect(removeFacetValue(filter, 'type', 'system')).toEqual({});
  });

  it('drops unknown facets and empty or repeated values', () => {
    expect(
      sanitizeFilter({ type: ['a', 'a', ''], other: ['x'], standard: [] }, ['type', 'standard']),
    ).toEqual({
      type: ['a'],
    });
  });

  it('compares filters by content', () => {
    expect(filtersEqual({ a: ['1'] }, { a: ['1'] })).toBe(true);
    expect(filtersEqual({ a: ['1'] }, { a: ['2'] })).toBe(false);
    expect(filtersEqual({ a: ['1'] }, { b: ['1'] })).toBe(false);
    expect(filtersEqual({}, { a: ['1'] })).toBe(false);
  });
});
