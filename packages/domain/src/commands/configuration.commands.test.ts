import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_SEGMENTS,
  DEFAULT_CONFIGURATION,
  parseConfigSegment,
  type ConfigSegment,
} from '../config/configuration';
import { ROLE_IDS } from '../roles';
import { executeCommand } from './define-command';
import { updateConfigurationCommand } from './configuration.commands';
import { deepCopy, MemoryState, testContext } from './test-helpers';

const run = (args: unknown, roles: readonly string[] = ['admin'], state = new MemoryState()) =>
  executeCommand(updateConfigurationCommand, args, state, testContext(roles));

describe('configuration.update', () => {
  it.each(CONFIG_SEGMENTS)('sets the whole %s document to the parsed default', (segment) => {
    const data = DEFAULT_CONFIGURATION[segment];
    expect(run({ segment, data })).toEqual({
      ok: true,
      ops: [
        {
          op: 'set',
          collection: 'configuration',
          id: segment,
          path: [],
          value: JSON.parse(JSON.stringify(data)),
        },
      ],
      activity: { verb: 'updated', object: segment, objectUrl: '/configuration' },
    });
  });

  it.each(ROLE_IDS.filter((role) => role !== 'admin'))('forbids the role %s', (role) => {
    const result = run({ segment: 'app', data: DEFAULT_CONFIGURATION.app }, [role]);
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'forbidden',
        message: { key: 'command.forbidden', params: { command: 'configuration.update' } },
      },
    });
  });

  it('allows admin among other roles and refuses nobody-roles', () => {
    const args = { segment: 'app', data: DEFAULT_CONFIGURATION.app };
    expect(run(args, ['user', 'admin']).ok).toBe(true);
    expect(run(args, []).ok).toBe(false);
  });

  it('rejects an unknown segment and missing data shape as invalid args', () => {
    const result = run({ segment: 'nope', data: {} });
    expect(result.ok === false && result.error).toMatchObject({
      code: 'invalid_args',
      message: { key: 'command.invalidArgs', params: { field: 'segment' } },
    });
    expect(run({ data: {} }).ok).toBe(false);
    expect(run('app').ok).toBe(false);
  });

  it('answers a schema violation with the schema key at its field', () => {
    const data = { ...DEFAULT_CONFIGURATION.app, typo: true };
    const result = run({ segment: 'app', data });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('rule');
    const expected = parseConfigSegment('app', data);
    expect(expected.ok).toBe(false);
    if (expected.ok) return;
    expect(result.error.message).toEqual(expected.errors[0]);
    expect(result.error.issues).toEqual(expected.errors);
  });

  it('reads nothing: the segment is replaced as a whole', () => {
    expect(updateConfigurationCommand.reads({ segment: 'app', data: {} })).toEqual([]);
  });

  it('writes a document that reads back as the same configuration', () => {
    const state = new MemoryState();
    const result = run({ segment: 'lists', data: DEFAULT_CONFIGURATION.lists }, ['admin'], state);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    state.apply(result.ops);
    const stored = parseConfigSegment('lists', state.get('configuration', 'lists'));
    expect(stored).toEqual({ ok: true, segment: 'lists', data: DEFAULT_CONFIGURATION.lists });
  });

  /** A default segment, possibly with one top-level field replaced, removed or added. */
  const configurationData = fc.constantFrom(...CONFIG_SEGMENTS).chain((segment) => {
    const base = DEFAULT_CONFIGURATION[segment] as Record<string, unknown>;
    const keys = Object.keys(base);
    return fc.record({
      segment: fc.constant<ConfigSegment>(segment),
      data: fc.oneof(
        fc.constant(base),
        fc
          .tuple(fc.constantFrom(...keys), fc.jsonValue())
          .map(([key, value]) => ({ ...base, [key]: value })),
        fc.constantFrom(...keys).map((key) => {
          const { [key]: _removed, ...rest } = base;
          return rest;
        }),
        fc.tuple(fc.string(), fc.jsonValue()).map(([key, value]) => ({ ...base, [key]: value })),
        fc.jsonValue(),
      ),
    });
  });
  const roles = fc.subarray([...ROLE_IDS, 'guest']);

  it('is deterministic and agrees with parseConfigSegment (property)', () => {
    fc.assert(
      fc.property(configurationData, roles, (args, actorRoles) => {
        const once = run(args, actorRoles);
        expect(run(deepCopy(args), actorRoles)).toEqual(once);
        if (!actorRoles.includes('admin')) {
          expect(once.ok === false && once.error.code).toBe('forbidden');
          return;
        }
        const parsed = parseConfigSegment(args.segment, args.data);
        if (parsed.ok) {
          expect(once.ok && once.ops).toEqual([
            {
              op: 'set',
              collection: 'configuration',
              id: args.segment,
              path: [],
              value: JSON.parse(JSON.stringify(parsed.data)),
            },
          ]);
        } else {
          expect(once.ok === false && once.error).toEqual({
            code: 'rule',
            message: parsed.errors[0],
            issues: parsed.errors,
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throws for arbitrary args (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (args) => {
        expect(typeof run(args).ok).toBe('boolean');
      }),
    );
  });
});
