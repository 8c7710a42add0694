import fc from 'fast-check';
import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { Op } from '@qa/sync';
import {
  commandError,
  commandOk,
  commandReads,
  createCommandState,
  defineCommand,
  executeCommand,
  toJsonValue,
  type CommandResult,
} from './define-command';
import { testContext } from './test-helpers';

/** A toy command: renames a person document, qm/admin through the permission table. */
const rename = defineCommand({
  name: 'test.rename',
  args: z.object({
    id: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1)).check(z.maxLength(5)),
  }),
  action: 'template.update',
  reads: ({ id }) => [
    { collection: 'people', id },
    { collection: 'people', id },
  ],
  run(state, { id, name }, ctx) {
    const person = state.get('people', id);
    if (!person) return commandError('not_found', { key: 'command.unknown', params: { id } });
    if (person.name === name) return commandOk([], { unchanged: true });
    return commandOk(
      [
        { op: 'set', collection: 'people', id, path: ['name'], value: name },
        { op: 'set', collection: 'log', id: ctx.newId(), path: [], value: { at: ctx.now } },
      ],
      { activity: { verb: 'updated', object: name, objectUrl: `/people/${id}` } },
    );
  },
});

const state = createCommandState({ people: { a: { name: 'Ann' } } });

describe('executeCommand', () => {
  it('parses, authorizes, runs and returns validated ops with the activity', () => {
    const result = executeCommand(rename, { id: 'a', name: 'Anna' }, state, testContext(['qm']));
    expect(result).toEqual({
      ok: true,
      ops: [
        { op: 'set', collection: 'people', id: 'a', path: ['name'], value: 'Anna' },
        {
          op: 'set',
          collection: 'log',
          id: 'id-1',
          path: [],
          value: { at: '2024-05-01T10:00:00.000Z' },
        },
      ],
      activity: { verb: 'updated', object: 'Anna', objectUrl: '/people/a' },
    });
  });

  it('passes flags of a successful run through', () => {
    const result = executeCommand(rename, { id: 'a', name: 'Ann' }, state, testContext(['admin']));
    expect(result).toEqual({ ok: true, ops: [], unchanged: true });
  });

  it('answers invalid_args with the field and the schema key, for every issue', () => {
    const result = executeCommand(rename, { id: '', name: 'toolong' }, state, testContext(['qm']));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_args');
    expect(result.error.message).toEqual({
      key: 'command.invalidArgs',
      params: { command: 'test.rename', field: 'id', reason: 'validation.invalid' },
    });
    expect(result.error.issues?.map((issue) => issue.params?.field)).toEqual(['id', 'name']);
  });

  it.each([undefined, null, 42, 'text', [], { id: 'a' }])(
    'rejects args %j without throwing',
    (raw) => {
      const result = executeCommand(rename, raw, state, testContext(['qm']));
      expect(result.ok === false && result.error.code).toBe('invalid_args');
    },
  );

  it('forbids roles that may never run the command before looking at the args', () => {
    // A user may not import: telling them what a valid import looks like is not theirs to learn.
    const result = executeCommand(rename, {}, state, testContext(['user']));
    expect(result.ok === false && result.error.code).toBe('forbidden');
  });

  it('answers invalid args first to a role that may run the command on some documents', () => {
    const teamOnly = defineCommand({ ...rename, name: 'test.teamRename', action: 'audit.update' });
    const result = executeCommand(teamOnly, {}, state, testContext(['auditor']));
    expect(result.ok === false && result.error.code).toBe('invalid_args');
  });

  it.each([[[]], [['user']], [['auditor', 'measure-dispatcher']], [['unknown-role']]])(
    'forbids roles %j without the permission',
    (roles) => {
      const result = executeCommand(rename, { id: 'a', name: 'Anna' }, state, testContext(roles));
      expect(result).toEqual({
        ok: false,
        error: {
          code: 'forbidden',
          message: { key: 'command.forbidden', params: { command: 'test.rename' } },
        },
      });
    },
  );

  it('hands run errors through unchanged', () => {
    const result = executeCommand(rename, { id: 'zz', name: 'Z' }, state, testContext(['qm']));
    expect(result).toEqual({
      ok: false,
      error: { code: 'not_found', message: { key: 'command.unknown', params: { id: 'zz' } } },
    });
  });

  it('keeps the list of issues of a run error', () => {
    expect(commandError('rule', { key: 'a.b' }, [{ key: 'a.b' }, { key: 'a.c' }])).toEqual({
      ok: false,
      error: { code: 'rule', message: { key: 'a.b' }, issues: [{ key: 'a.b' }, { key: 'a.c' }] },
    });
  });

  const buggy = (ops: unknown, activity?: unknown) =>
    defineCommand({
      name: 'test.buggy',
      args: z.object({}),
      authorize: () => true,
      reads: () => [],
      run: () => ({ ok: true, ops: ops as Op[], activity: activity as never }),
    });

  it.each<[string, unknown]>([
    ['not an array', { op: 'set' }],
    ['unknown op', [{ op: 'replace', collection: 'c', id: 'x', path: [], value: {} }]],
    ['dotted string path', [{ op: 'set', collection: 'c', id: 'x', path: 'a.b', value: 1 }]],
    ['empty collection', [{ op: 'delete', collection: '', id: 'x', path: [] }]],
    ['empty id', [{ op: 'delete', collection: 'c', id: '', path: [] }]],
    ['undefined value', [{ op: 'set', collection: 'c', id: 'x', path: ['a'], value: undefined }]],
    ['NaN value', [{ op: 'set', collection: 'c', id: 'x', path: ['a'], value: Number.NaN }]],
    ['a Date value', [{ op: 'set', collection: 'c', id: 'x', path: ['a'], value: new Date(0) }]],
    ['merge of a non-object', [{ op: 'merge', collection: 'c', id: 'x', path: [], value: 3 }]],
  ])('rejects the invalid ops of a buggy run (%s)', (_label, ops) => {
    const result = executeCommand(buggy(ops), {}, state, testContext([]));
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'rule',
        message: { key: 'command.invalidResult', params: { command: 'test.buggy' } },
      },
    });
  });

  it('rejects a malformed activity and strips unknown op fields', () => {
    const op = { op: 'delete', collection: 'c', id: 'x', path: [], extra: 1 };
    expect(executeCommand(buggy([op], { verb: '' }), {}, state, testContext([])).ok).toBe(false);
    expect(executeCommand(buggy([op]), {}, state, testContext([]))).toEqual({
      ok: true,
      ops: [{ op: 'delete', collection: 'c', id: 'x', path: [] }],
    });
  });

  it('lets authorize forbid, with its own message or the default one', () => {
    const guarded = (verdict: boolean | { key: string }) =>
      defineCommand({
        name: 'test.guarded',
        args: z.object({}),
        action: 'audit.read',
        authorize: () => verdict,
        reads: () => [],
        run: () => commandOk([]),
      });
    const ctx = testContext(['user']);
    expect(executeCommand(guarded(true), {}, state, ctx).ok).toBe(true);
    expect(executeCommand(guarded(false), {}, state, ctx)).toMatchObject({
      error: { code: 'forbidden', message: { key: 'command.forbidden' } },
    });
    expect(executeCommand(guarded({ key: 'audit.protected' }), {}, state, ctx)).toEqual({
      ok: false,
      error: { code: 'forbidden', message: { key: 'audit.protected' } },
    });
  });

  it('gives the permission table the context the command builds from its documents', () => {
    const updateAudit = defineCommand({
      name: 'test.updateAudit',
      args: z.object({ auditId: z.string() }),
      action: 'audit.update',
      permissionContext: ({ auditId }, docs, ctx) => {
        const audit = docs.get('audits', auditId);
        return {
          userId: ctx.actor.personId,
          leadauditor: typeof audit?.leadauditor === 'string' ? audit.leadauditor : null,
        };
      },
      reads: ({ auditId }) => [{ collection: 'audits', id: auditId }],
      run: () => commandOk([]),
    });
    const audits = createCommandState({ audits: { a1: { leadauditor: 'lead' } } });
    const run = (personId: string) =>
      executeCommand(updateAudit, { auditId: 'a1' }, audits, testContext(['auditor'], personId));
    expect(run('lead').ok).toBe(true);
    expect(run('someone-else').ok).toBe(false);
  });

  it('uses the actor id as the default permission context', () => {
    const createPerson = defineCommand({
      name: 'test.createPerson',
      args: z.object({}),
      action: 'person.create',
      reads: () => [],
      run: () => commandOk([]),
    });
    expect(executeCommand(createPerson, {}, state, testContext(['auditor'])).ok).toBe(true);
  });

  it('throws when a command reads a document it did not declare (a bug on both sides alike)', () => {
    const sneaky = defineCommand({
      name: 'test.sneaky',
      args: z.object({}),
      authorize: () => true,
      reads: () => [{ collection: 'people', id: 'b' }],
      run: (docs) => commandOk(docs.get('people', 'a') ? [] : []),
    });
    expect(() => executeCommand(sneaky, {}, state, testContext([]))).toThrow(/people\/a/);
  });

  it('is deterministic: the same inputs give deep-equal results', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 6 }),
        fc.string({ maxLength: 6 }),
        fc.subarray(['user', 'auditor', 'qm', 'admin', 'measure-dispatcher', 'x']),
        (id, name, roles) => {
          const once = executeCommand(rename, { id, name }, state, testContext(roles));
          const twice = executeCommand(rename, { id, name }, state, testContext(roles));
          expect(twice).toEqual(once);
        },
      ),
    );
  });
});

describe('commandReads', () => {
  it('parses the args and lists each declared document once', () => {
    expect(commandReads(rename, { id: 'a', name: 'B' })).toEqual({
      ok: true,
      args: { id: 'a', name: 'B' },
      reads: [{ collection: 'people', id: 'a' }],
    });
  });

  it('answers invalid_args like executeCommand', () => {
    const result = commandReads(rename, { id: 3 });
    expect(result.ok === false && result.error.message.key).toBe('command.invalidArgs');
  });

  it('forbids an actor whose roles may never run the command before parsing', () => {
    const actor = { personId: 'p-1', roles: ['auditor'] };
    expect(commandReads(rename, { id: 3 }, actor)).toEqual({
      ok: false,
      error: {
        code: 'forbidden',
        message: { key: 'command.forbidden', params: { command: 'test.rename' } },
      },
    });
  });
});

describe('defineCommand', () => {
  const base = { args: z.object({}), reads: () => [], run: (): CommandResult => commandOk([]) };

  it('rejects a malformed name, an unknown action and a missing authorization', () => {
    expect(() => defineCommand({ ...base, name: 'Rename', action: 'audit.read' })).toThrow(/name/);
    expect(() => defineCommand({ ...base, name: 'a.b', action: 'audit.nope' as never })).toThrow(
      /audit\.nope/,
    );
    expect(() => defineCommand({ ...base, name: 'a.b' } as never)).toThrow(/authorize/);
  });

  it('returns a frozen definition', () => {
    const def = defineCommand({ ...base, name: 'a.b', action: 'audit.read' });
    expect(Object.isFrozen(def)).toBe(true);
    expect(def.name).toBe('a.b');
  });
});

describe('createCommandState', () => {
  it('finds own documents only', () => {
    const docs = createCommandState({ c: { x: { a: 1 } } });
    expect(docs.get('c', 'x')).toEqual({ a: 1 });
    expect(docs.get('c', 'y')).toBeUndefined();
    expect(docs.get('d', 'x')).toBeUndefined();
    expect(docs.get('c', 'toString')).toBeUndefined();
    expect(docs.get('constructor', 'x')).toBeUndefined();
  });
});

describe('toJsonValue', () => {
  it('drops undefined entries, turns undefined array items into null and copies', () => {
    const input = { a: -0, b: undefined, c: [1, undefined, { d: undefined, e: 'x' }], f: null };
    const output = toJsonValue(input);
    expect(output).toEqual({ a: 0, c: [1, null, { e: 'x' }], f: null });
    expect(Object.hasOwn(output as object, 'b')).toBe(false);
    expect(output).not.toBe(input);
  });

  it('keeps a "__proto__" key as data', () => {
    const output = toJsonValue(JSON.parse('{"__proto__": {"x": 1}}')) as object;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.keys(output)).toEqual(['__proto__']);
  });

  it('copies objects without a prototype too', () => {
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    const output = toJsonValue(bare);
    expect(output).not.toBe(bare);
    expect(output).toEqual({ a: 1 });
  });

  it('equals a JSON round trip for JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(toJsonValue(value)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
