import { describe, expect, it } from 'vitest';
import { parseFilterParam, readListUrlState, writeListUrlState } from './list-url-state';

describe('parseFilterParam', () => {
  it('reads a facet filter and accepts single values and numbers', () => {
    expect(parseFilterParam('{"standard":["iso9001","iso14001"],"importance":3}')).toEqual({
      standard: ['iso9001', 'iso14001'],
      importance: ['3'],
    });
  });

  it('ignores bad JSON and wrong shapes instead of throwing', () => {
    expect(parseFilterParam('{"standard":')).toEqual({});
    expect(parseFilterParam('[1,2]')).toEqual({});
    expect(parseFilterParam('"text"')).toEqual({});
    expect(parseFilterParam('null')).toEqual({});
    expect(parseFilterParam(null)).toEqual({});
    expect(parseFilterParam('{"a":[{"x":1},"",null],"b":["v","v"]}')).toEqual({ b: ['v'] });
  });
});

describe('reading and writing the URL', () => {
  it('round-trips search text and filter and keeps other parameters', () => {
    const params = new URLSearchParams('admin=1');
    const written = writeListUrlState(params, {
      query: 'pump & valve',
      filter: { status: ['open', 'done'] },
    });
    expect(written.get('admin')).toBe('1');
    expect(written.get('filter')).toBe('{"status":["open","done"]}');
    expect(readListUrlState(new URLSearchParams(written.toString()))).toEqual({
      query: 'pump & valve',
      filter: { status: ['open', 'done'] },
    });
    expect(params.has('q')).toBe(false);
  });

  it('removes empty search text and filter', () => {
    const params = new URLSearchParams('q=old&filter=%7B%7D&x=y');
    expect(writeListUrlState(params, { query: '  ', filter: {} }).toString()).toBe('x=y');
  });
});
