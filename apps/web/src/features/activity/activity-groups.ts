import { activityObjectKind, type Activity } from '@qa/domain';

/** The groups of the activity stream (SPEC section 2 "Right drawer"), newest first. */
export const ACTIVITY_GROUPS = ['today', 'yesterday', 'lastWeek', 'older'] as const;
export type ActivityGroup = (typeof ACTIVITY_GROUPS)[number];

const DAY_MS = 86_400_000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * The group of a moment, by calendar days in the device's time zone: today, yesterday, the five
 * days before (with today and yesterday the last 7 days, "Last week"), older. A time slightly
 * ahead of the device clock counts as today.
 */
export function activityGroupOf(timestamp: string, now: Date): ActivityGroup {
  const days = Math.round((startOfDay(now) - startOfDay(new Date(timestamp))) / DAY_MS);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 7) return 'lastWeek';
  return 'older';
}

/** The activities by group, each newest first; empty groups left out. */
export function groupActivities(
  activities: readonly Activity[],
  now: Date,
): { group: ActivityGroup; activities: Activity[] }[] {
  const sorted = [...activities].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  return ACTIVITY_GROUPS.map((group) => ({
    group,
    activities: sorted.filter((activity) => activityGroupOf(activity.timestamp, now) === group),
  })).filter((entry) => entry.activities.length > 0);
}

/** Entries of a burst follow each other by at most this much (a shop-floor round of answers). */
export const BURST_WINDOW_MS = 10 * 60_000;

/** The audit an activity is about, from its link (`/audit/{id}/...`); null for anything else. */
export function auditIdOf(activity: Pick<Activity, 'object_url'>): string | null {
  const id = /^\/audit\/([^/?#]+)/.exec(activity.object_url)?.[1];
  return id === undefined ? null : decodeURIComponent(id);
}

function sameBurst(a: Activity, b: Activity, windowMs: number): boolean {
  const audit = auditIdOf(a);
  return (
    audit !== null &&
    audit === auditIdOf(b) &&
    a.actor === b.actor &&
    a.verb === b.verb &&
    activityObjectKind(a) === activityObjectKind(b) &&
    Math.abs(Date.parse(a.timestamp) - Date.parse(b.timestamp)) <= windowMs
  );
}

/**
 * The stream's entries in bursts (issue 34): entries next to each other by the same person, with
 * the same verb and kind, in the same audit, each within `windowMs` of the one before, become
 * one: an auditor's round of 48 findings is one entry, not a screenful that hides the rest.
 * Keeps the given order (newest first); a burst's first entry is its newest.
 */
export function burstsOf(
  activities: readonly Activity[],
  windowMs = BURST_WINDOW_MS,
): Activity[][] {
  const bursts: Activity[][] = [];
  for (const activity of activities) {
    const last = bursts.at(-1);
    const previous = last?.at(-1);
    if (last && previous && sameBurst(previous, activity, windowMs)) last.push(activity);
    else bursts.push([activity]);
  }
  return bursts;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "vor 5 Minuten" / "5 minutes ago" (Intl.RelativeTimeFormat in the user's language). */
export function relativeTime(timestamp: string, now: Date, language: string): string {
  const elapsed = now.getTime() - new Date(timestamp).getTime();
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const size = Math.abs(elapsed);
  for (const [unit, ms] of UNITS) {
    if (size >= ms) return format.format(-Math.trunc(elapsed / ms), unit);
  }
  return format.format(0, 'second');
}
