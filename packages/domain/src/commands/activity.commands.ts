import { z } from 'zod/mini';
import { getOwn, isJsonObject, type Op } from '@qa/sync';
import { idSchema } from '../ids';
import { ACTIVITIES_COLLECTION } from '../sync/collections';
import { commandOk, defineCommand } from './define-command';

/**
 * Most activities one `activity.markRead` names: the stream shows at most this many
 * (`ACTIVITY_STREAM_LIMIT` of the web app uses it), so "mark all" is one command.
 */
export const MAX_ACTIVITIES_PER_MARK_READ = 200;

/**
 * `activity.markRead` {ids}: the check of one activity or "mark all" in the activity stream
 * (SPEC section 7: update notified.{userId}=true). Sets only the acting person's own flag, field
 * by field (`['notified', personId]`), so two people marking the same activity offline both
 * keep their mark. Any signed-in person may mark, for himself only: the person comes from the
 * context, never from the args. Activities already read or gone are skipped, so a repeated
 * "mark all" writes nothing; marking never produces an activity itself.
 */
export const markActivitiesReadCommand = defineCommand({
  name: 'activity.markRead',
  args: z.object({
    ids: z.array(idSchema).check(z.minLength(1)).check(z.maxLength(MAX_ACTIVITIES_PER_MARK_READ)),
  }),
  // Everyone who may read the stream (readAction null: every signed-in person, i.e. any role).
  authorize: (ctx) => ctx.actor.roles.length > 0,
  reads: ({ ids }) => ids.map((id) => ({ collection: ACTIVITIES_COLLECTION, id })),
  run(state, { ids }, ctx) {
    const personId = ctx.actor.personId;
    const ops: Op[] = [];
    for (const id of new Set(ids)) {
      const activity = state.get(ACTIVITIES_COLLECTION, id);
      if (!activity) continue;
      const notified = getOwn(activity, 'notified');
      if (isJsonObject(notified) && getOwn(notified, personId) === true) continue;
      ops.push({
        op: 'set',
        collection: ACTIVITIES_COLLECTION,
        id,
        path: ['notified', personId],
        value: true,
      });
    }
    return ops.length === 0 ? commandOk([], { unchanged: true }) : commandOk(ops);
  },
});
