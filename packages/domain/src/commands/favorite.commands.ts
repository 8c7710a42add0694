import { getOwn, type Op } from '@qa/sync';
import { z } from 'zod/mini';
import { FAVORITES_COLLECTION, MAX_FAVORITES } from '../entities/favorites.schema';
import { idSchema } from '../ids';
import { commandError, commandOk, defineCommand } from './define-command';

/**
 * `favorite.set` {personId, kind: 'audits' | 'measures', id, starred}: stars or unstars an audit
 * or a measure on the dashboard of the actor, whose id the args name (the server loads what the
 * args name) and must be the actor's own: nobody writes another's favorites. Any signed-in
 * person. Starring what is starred, or unstarring what is not, changes nothing; more than 200 of
 * a kind is refused ('favorite.tooMany').
 */
export const setFavoriteCommand = defineCommand({
  name: 'favorite.set',
  args: z.object({
    personId: idSchema,
    kind: z.enum(['audits', 'measures']),
    id: idSchema,
    starred: z.boolean(),
  }),
  authorize: (ctx, args) => ctx.actor.roles.length > 0 && args.personId === ctx.actor.personId,
  reads: (args) => [{ collection: FAVORITES_COLLECTION, id: args.personId }],
  run(state, args) {
    const stored = state.get(FAVORITES_COLLECTION, args.personId);
    const entries = stored ? getOwn(stored, args.kind) : undefined;
    const map = entries && typeof entries === 'object' && !Array.isArray(entries) ? entries : {};
    const has = Object.hasOwn(map, args.id);
    if (has === args.starred) return commandOk([], { unchanged: true });
    if (args.starred && Object.keys(map).length >= MAX_FAVORITES) {
      return commandError('rule', { key: 'favorite.tooMany', params: { max: MAX_FAVORITES } });
    }
    const doc = { collection: FAVORITES_COLLECTION, id: args.personId };
    const ops: Op[] = args.starred
      ? [
          ...(stored ? [] : [{ op: 'set' as const, ...doc, path: ['id'], value: args.personId }]),
          { op: 'set', ...doc, path: [args.kind, args.id], value: true },
        ]
      : [{ op: 'delete', ...doc, path: [args.kind, args.id] }];
    return commandOk(ops);
  },
});
