import {
  ACTIVITIES_COLLECTION,
  activityReadAction,
  activitySchema,
  can,
  isActivityUnread,
  MAX_ACTIVITIES_PER_MARK_READ,
  type Activity,
  type Person,
} from '@qa/domain';
import type { Query } from '@qa/sync';
import { useMemo } from 'react';
import { usePerson } from '../../lib/session/session-provider';
import { useQuery } from '../../lib/sync/use-query';

/**
 * How many activities a device keeps: the newest, so the stream stays bounded on every device
 * whatever the company wrote over the years ("mark all" then fits in one command). An unread
 * activity older than the newest 200 is no longer news and drops out of the stream.
 */
export const ACTIVITY_STREAM_LIMIT = MAX_ACTIVITIES_PER_MARK_READ;

/**
 * The stream of one person: the newest activities of everybody else. One's own are left out on
 * purpose: the person knows what they just did, and a badge that rises with every own save would
 * teach people to ignore it. Not filtered by read flag on the server: read ones would leave a
 * limited query without pulling in older unread ones (docs/sync.md, limitations), so the
 * device keeps the newest ones and hides the read ones itself (SPEC section 7).
 */
export function activityStreamQuery(personId: string): Query {
  return {
    collection: ACTIVITIES_COLLECTION,
    filters: [{ path: ['actor'], op: '!=', value: personId }],
    orderBy: [{ path: ['timestamp'], direction: 'desc' }],
    limit: ACTIVITY_STREAM_LIMIT,
  };
}

/**
 * What the person sees: unread, and about something they may read (issue 12: activities of
 * audits and measures they may read; today every role reads all of them). The collection itself
 * is readable by everyone signed in, so this only keeps the stream to what the person can open.
 */
export function visibleUnreadActivities(
  documents: readonly { data: unknown }[],
  person: Pick<Person, 'id' | 'roles'>,
): Activity[] {
  const out: Activity[] = [];
  for (const doc of documents) {
    const parsed = activitySchema.safeParse(doc.data);
    if (!parsed.success) continue;
    const activity = parsed.data;
    if (!isActivityUnread(activity, person.id)) continue;
    const action = activityReadAction(activity);
    if (action !== null && !can(person.roles, action, { userId: person.id })) continue;
    out.push(activity);
  }
  return out;
}

/** The signed-in person's unread activities, newest first, live. */
export function useUnreadActivities(): { activities: Activity[]; loading: boolean } {
  const person = usePerson();
  const { documents, loading } = useQuery(person ? activityStreamQuery(person.id) : null);
  const activities = useMemo(
    () => (person ? visibleUnreadActivities(documents, person) : []),
    [documents, person],
  );
  return { activities, loading };
}
