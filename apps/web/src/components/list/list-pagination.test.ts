import { pageCount, paginationVisible, visiblePageNumbers } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import { clampPage, defaultPageSize, pageRange } from './list-pagination';

describe('page sizes (SPEC section 9)', () => {
  it('starts with the first configured size', () => {
    expect(defaultPageSize([25, 50, 100, null])).toBe(25);
    expect(defaultPageSize([100, 200, 500, null])).toBe(100);
    expect(defaultPageSize([])).toBeNull();
  });

  it('shows pagination only above the smallest numeric size (domain rule)', () => {
    expect(paginationVisible(25, [25, 50, 100, null])).toBe(false);
    expect(paginationVisible(26, [25, 50, 100, null])).toBe(true);
    expect(paginationVisible(100, [100, 200, 500, null])).toBe(false);
    expect(paginationVisible(51, [50, 100, 200, null])).toBe(true);
    expect(pageCount(0, 25)).toBe(1);
    expect(visiblePageNumbers(10, 20, 7)).toEqual([7, 8, 9, 10, 11, 12, 13]);
  });
});

describe('clampPage and pageRange', () => {
  it('keeps the page inside 1..pageCount', () => {
    expect(clampPage(5, 60, 25)).toBe(3);
    expect(clampPage(0, 60, 25)).toBe(1);
    expect(clampPage(3, 0, 25)).toBe(1);
    expect(clampPage(4, 60, null)).toBe(1);
  });

  it('gives the index range of a page', () => {
    expect(pageRange(1, 60, 25)).toEqual({ start: 0, end: 25 });
    expect(pageRange(3, 60, 25)).toEqual({ start: 50, end: 60 });
    expect(pageRange(9, 60, 25)).toEqual({ start: 50, end: 60 });
    expect(pageRange(2, 60, null)).toEqual({ start: 0, end: 60 });
    expect(pageRange(1, 0, 25)).toEqual({ start: 0, end: 0 });
  });
});
