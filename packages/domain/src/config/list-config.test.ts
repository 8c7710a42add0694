import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageCount, paginationVisible, truncateLabel, visiblePageNumbers } from './list-config';

describe('pagination', () => {
  it('shows only when there are more items than the smallest page size', () => {
    expect(paginationVisible(25, [25, 50, 100, null])).toBe(false);
    expect(paginationVisible(26, [50, 25, null])).toBe(true);
    expect(paginationVisible(1000, [null])).toBe(false);
  });

  it('has at least one page; all fits on one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(5000, null)).toBe(1);
  });

  it('shows at most seven page numbers around the current page', () => {
    expect(visiblePageNumbers(1, 20, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(visiblePageNumbers(10, 20, 7)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(visiblePageNumbers(20, 20, 7)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(visiblePageNumbers(2, 3, 7)).toEqual([1, 2, 3]);
  });

  it('always includes the current page and stays in range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 15 }),
        (total, visible) => {
          fc.pre(total >= 1);
          const current = Math.ceil(total / 2);
          const pages = visiblePageNumbers(current, total, visible);
          expect(pages).toContain(current);
          expect(pages.length).toBe(Math.min(total, visible));
          expect(pages[0]).toBeGreaterThanOrEqual(1);
          expect(pages.at(-1)).toBeLessThanOrEqual(total);
        },
      ),
    );
  });
});

describe('truncateLabel', () => {
  it('cuts chips at 36 characters with an ellipsis', () => {
    expect(truncateLabel('short', 36)).toBe('short');
    const cut = truncateLabel('x'.repeat(40), 36);
    expect([...cut]).toHaveLength(36);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('never splits a character made of two code units', () => {
    expect(truncateLabel('😀😀😀', 2)).toBe('😀…');
  });
});
