import {
  commandError,
  commandOk,
  createCommandRegistry,
  defineCommand,
  toJsonValue,
} from '@qa/domain';
import { z } from 'zod/mini';

/**
 * Test support: small commands on a `things` collection that exercise what the engine must
 * handle (create with generated ids, read-modify-write, delete, no-op, a rule only the server's
 * actor fails).
 */
export const THINGS = 'things';

export const TEST_REGISTRY = createCommandRegistry([
  defineCommand({
    name: 'thing.put',
    args: z.object({
      id: z.string().check(z.minLength(1)),
      data: z.record(z.string(), z.unknown()),
    }),
    authorize: () => true,
    reads: () => [],
    run: (_state, { id, data }) =>
      commandOk([{ op: 'set', collection: THINGS, id, path: [], value: toJsonValue(data) }]),
  }),
  defineCommand({
    name: 'thing.create',
    args: z.object({ name: z.string() }),
    authorize: () => true,
    reads: () => [],
    run: (_state, { name }, ctx) =>
      commandOk([{ op: 'set', collection: THINGS, id: ctx.newId(), path: [], value: { name } }]),
  }),
  defineCommand({
    name: 'thing.increment',
    args: z.object({ id: z.string() }),
    authorize: () => true,
    reads: ({ id }) => [{ collection: THINGS, id }],
    run(state, { id }) {
      const doc = state.get(THINGS, id);
      if (!doc) return commandError('not_found', { key: 'thing.missing', params: { id } });
      const count = typeof doc.count === 'number' ? doc.count : 0;
      return commandOk([{ op: 'set', collection: THINGS, id, path: ['count'], value: count + 1 }]);
    },
  }),
  defineCommand({
    name: 'thing.remove',
    args: z.object({ id: z.string() }),
    authorize: () => true,
    reads: () => [],
    run: (_state, { id }) => commandOk([{ op: 'delete', collection: THINGS, id, path: [] }]),
  }),
  defineCommand({
    name: 'thing.noop',
    args: z.object({}),
    authorize: () => true,
    reads: () => [],
    run: () => commandOk([], { unchanged: true }),
  }),
  defineCommand({
    name: 'thing.adminPut',
    args: z.object({ id: z.string(), data: z.record(z.string(), z.unknown()) }),
    authorize: (ctx) =>
      ctx.actor.roles.includes('admin') || { key: 'command.forbidden', params: { command: 'x' } },
    reads: () => [],
    run: (_state, { id, data }) =>
      commandOk([{ op: 'set', collection: THINGS, id, path: [], value: toJsonValue(data) }]),
  }),
]);
