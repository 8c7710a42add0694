import { describe, expect, it } from 'vitest';
import { isSitemapEntryActive, SITEMAP } from './sitemap';

const entry = (to: string) => SITEMAP.find((e) => e.to === to)!;

describe('sitemap', () => {
  it('lists the five entries of the spec in order', () => {
    expect(SITEMAP.map((e) => e.to)).toEqual([
      '/',
      '/standards',
      '/templates',
      '/auditmatrix',
      '/measures',
    ]);
  });

  it('highlights an entry for its list and its detail pages only', () => {
    expect(isSitemapEntryActive(entry('/'), '/')).toBe(true);
    expect(isSitemapEntryActive(entry('/'), '/standards')).toBe(false);
    expect(isSitemapEntryActive(entry('/standards'), '/standard/iso9001')).toBe(true);
    expect(isSitemapEntryActive(entry('/auditmatrix'), '/audit/1/auditexecution')).toBe(true);
    expect(isSitemapEntryActive(entry('/measures'), '/measure/4')).toBe(true);
    expect(isSitemapEntryActive(entry('/measures'), '/measuresx')).toBe(false);
    expect(isSitemapEntryActive(entry('/templates'), '/templates/t1/templatepreparation')).toBe(
      true,
    );
  });
});
