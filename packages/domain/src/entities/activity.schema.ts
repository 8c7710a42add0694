import { z } from 'zod/mini';
import { idSchema, timestampSchema } from '../ids';

/**
 * An entry of the activity stream (SPEC section 3): who (`actor`) did what (`verb`) to which
 * object, with a link to it. `notified` maps a user id to "has read it"; a missing entry is
 * unread.
 */
export const activitySchema = z.object({
  id: idSchema,
  actor: idSchema,
  actor_name: z.string(),
  avatar: z._default(z.nullable(z.string()), null),
  verb: z.string().check(z.minLength(1)),
  object: z.string(),
  object_url: z.string(),
  timestamp: timestampSchema,
  notified: z._default(z.record(z.string(), z.boolean()), {}),
});
export type Activity = z.infer<typeof activitySchema>;

export function isActivityUnread(activity: Pick<Activity, 'notified'>, userId: string): boolean {
  return activity.notified[userId] !== true;
}

/** The number on the notification badge of the top bar. */
export function unreadActivityCount(
  activities: readonly Pick<Activity, 'notified'>[],
  userId: string,
): number {
  return activities.filter((activity) => isActivityUnread(activity, userId)).length;
}
