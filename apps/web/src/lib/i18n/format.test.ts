import { describe, expect, it } from 'vitest';
import { formatDate, WEEK_STARTS_ON } from './format';

describe('formatDate', () => {
  it('formats in the given language', () => {
    const date = new Date(Date.UTC(2026, 10, 21, 12));
    expect(formatDate(date, 'de', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('21.11.2026');
    expect(formatDate(date, 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Nov 21, 2026');
  });

  it('returns an empty text for an invalid date instead of "Invalid Date"', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it('weeks start on Monday', () => {
    expect(WEEK_STARTS_ON).toBe(1);
  });
});
