import type { Activity } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import { activityGroupOf, burstsOf, relativeTime } from './activity-groups';

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

describe('activity bursts', () => {
  const entry = (id: string, minute: number, overrides: Partial<Activity> = {}): Activity => ({
    id,
    actor: 'otto',
    actor_name: 'Otto Auditor',
    avatar: null,
    verb: 'createdFinding',
    object: `Frage ${id}`,
    object_url: '/audit/a1/auditexecution',
    timestamp: local(9, 10, minute),
    notified: {},
    ...overrides,
  });
  const ids = (bursts: Activity[][]) => bursts.map((burst) => burst.map((a) => a.id).join());

  it('collapses a round of one person, verb and audit; anything else breaks it', () => {
    expect(
      ids(
        burstsOf([
          entry('f3', 30),
          entry('f2', 25),
          entry('f1', 20),
          // Another audit, another verb, another person, a long pause: each on its own.
          entry('b', 19, { object_url: '/audit/b2/auditexecution' }),
          entry('u', 18, { verb: 'updatedFinding' }),
          entry('e', 17, { actor: 'erika' }),
          entry('late', 0),
          entry('m1', 0, { verb: 'createdMeasure', object_url: '/measures/m1' }),
          entry('m2', 0, { verb: 'createdMeasure', object_url: '/measures/m2' }),
        ]),
      ),
    ).toEqual(['f3,f2,f1', 'b', 'u', 'e', 'late', 'm1', 'm2']);
  });
});
