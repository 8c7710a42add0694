import { describe, expect, it } from 'vitest';
import { activityGroupOf, relativeTime } from './activity-groups';

/** Monday 9 March 2026, 00:30 on the device's clock. */
const MONDAY = new Date(2026, 2, 9, 0, 30);
const local = (day: number, hours: number, minutes = 0) =>
  new Date(2026, 2, day, hours, minutes).toISOString();

describe('activity groups', () => {
  it('counts calendar days, not 24-hour spans', () => {
    expect(activityGroupOf(local(9, 0, 1), MONDAY)).toBe('today');
    expect(activityGroupOf(local(8, 23, 59), MONDAY)).toBe('yesterday');
    expect(activityGroupOf(local(7, 0, 0), MONDAY)).toBe('lastWeek');
    // Today and the six days before are the last 7 days.
    expect(activityGroupOf(local(3, 0, 0), MONDAY)).toBe('lastWeek');
    expect(activityGroupOf(local(2, 23, 59), MONDAY)).toBe('older');
    // A clock slightly behind the server's: still today.
    expect(activityGroupOf(local(9, 0, 40), MONDAY)).toBe('today');
  });

  it('tells the time relative to now in the language', () => {
    const now = new Date(2026, 2, 9, 12, 0);
    expect(relativeTime(local(9, 11, 55), now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(local(9, 11, 55), now, 'de')).toBe('vor 5 Minuten');
    expect(relativeTime(local(9, 11, 59), now, 'en')).toBe('1 minute ago');
    expect(relativeTime(now.toISOString(), now, 'de')).toBe('jetzt');
    expect(relativeTime(local(8, 12, 0), now, 'de')).toBe('gestern');
    expect(relativeTime(local(1, 12, 0), now, 'en')).toBe('last week');
    expect(relativeTime(local(1, 12, 0), new Date(2026, 3, 20), 'de')).toBe('letzten Monat');
  });
});
