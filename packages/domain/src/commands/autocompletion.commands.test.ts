import fc from 'fast-check';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import { planAutocompletionSave } from '../entities/autocompletion.schema';
import { ROLE_IDS } from '../roles';
import { saveAutocompletionCommand } from './autocompletion.commands';
import { executeCommand } from './define-command';
import { deepCopy, MemoryState, testContext } from './test-helpers';

const list = {
  id: 'colors',
  title: 'Farben',
  data: [
    { id: 'r', name: 'Rot' },
    { id: 'g', name: 'Grün' },
  ],
};
const stored = { colors: { title: 'Farben', data: [{ id: 'r', name: 'Rot' }] } };

const run = (args: unknown, roles: readonly string[] = ['qm'], state = new MemoryState()) =>
  executeCommand(saveAutocompletionCommand, args, state, testContext(roles));

describe('autocompletion.save', () => {
  it.each([['qm'], ['admin']])('lets %s save a new list as payload without id', (role) => {
    expect(run(list, [role])).toEqual({
      ok: true,
      ops: [
        {
          op: 'set',
          collection: 'autocompletion',
          id: 'colors',
          path: [],
          value: { title: 'Farben', data: list.data },
        },
      ],
      activity: { verb: 'updated', object: 'Farben', objectUrl: '/customerdata' },
      message: { key: 'autocompletion.saved', params: { title: 'Farben' } },
    });
  });

  it.each(['user', 'auditor', 'measure-dispatcher'])('forbids the role %s', (role) => {
    expect(run(list, [role])).toEqual({
      ok: false,
      error: {
        code: 'forbidden',
        message: { key: 'command.forbidden', params: { command: 'autocompletion.save' } },
      },
    });
  });

  it('overwrites a changed list and trims what it stores', () => {
    const state = new MemoryState({ autocompletion: stored });
    const result = run(
      { ...list, title: ' Farben ', data: [{ id: ' r ', name: ' Rot ' }, list.data[1]] },
      ['qm'],
      state,
    );
    expect(result.ok && result.ops[0]).toMatchObject({
      value: { title: 'Farben', data: list.data },
    });
  });

  it('reports an unchanged list without ops, so the UI says "no changes found"', () => {
    const state = new MemoryState({ autocompletion: stored });
    const args = { id: 'colors', title: ' Farben', data: [{ id: 'r', name: 'Rot ' }] };
    expect(run(args, ['qm'], state)).toEqual({
      ok: true,
      ops: [],
      unchanged: true,
      message: { key: 'autocompletion.noChanges' },
    });
  });

  it('saves twice in a row: the second save is unchanged', () => {
    const state = new MemoryState();
    const first = run(list, ['admin'], state);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    state.apply(first.ops);
    expect(run(list, ['admin'], state)).toMatchObject({ ok: true, ops: [], unchanged: true });
  });

  it('treats a stored document that fails the schema as absent and repairs it', () => {
    const state = new MemoryState({ autocompletion: { colors: { title: '', data: 'x' } } });
    expect(run(list, ['qm'], state)).toMatchObject({ ok: true, ops: [{ id: 'colors' }] });
  });

  it.each([
    [{ ...list, id: 'Bad Id' }, 'autocompletion.documentIdInvalid'],
    [{ ...list, id: '' }, 'autocompletion.documentIdInvalid'],
    [{ ...list, title: '  ' }, 'autocompletion.titleRequired'],
    [{ ...list, data: [{ id: '', name: 'x' }] }, 'autocompletion.dataInvalid'],
    [{ ...list, data: [list.data[0], list.data[0]] }, 'autocompletion.duplicateEntry'],
  ])('answers an invalid list %j with a rule error', (args, key) => {
    const result = run(args);
    expect(result.ok === false && result.error.code).toBe('rule');
    expect(result.ok === false && result.error.message.key).toBe(key);
  });

  it('rejects args of the wrong shape as invalid args', () => {
    for (const args of [{ id: 'colors', title: 'x' }, { ...list, data: 'x' }, null]) {
      expect(run(args).ok === false && run(args)).toMatchObject({
        error: { code: 'invalid_args' },
      });
    }
  });

  it('reads the list it saves, nothing for an empty id', () => {
    expect(saveAutocompletionCommand.reads(list)).toEqual([
      { collection: 'autocompletion', id: 'colors' },
    ]);
    expect(saveAutocompletionCommand.reads({ ...list, id: '' })).toEqual([]);
  });

  const entry = fc.record({ id: fc.string({ maxLength: 3 }), name: fc.string({ maxLength: 4 }) });
  const args = fc.record({
    id: fc.oneof(fc.constantFrom('colors', 'sizes', ''), fc.string({ maxLength: 5 })),
    title: fc.string({ maxLength: 5 }),
    data: fc.array(entry, { maxLength: 4 }),
  });

  it('is deterministic and agrees with planAutocompletionSave (property)', () => {
    fc.assert(
      fc.property(args, fc.subarray([...ROLE_IDS]), fc.boolean(), (input, roles, preset) => {
        const docs: Record<string, Record<string, JsonObject>> = preset
          ? { autocompletion: stored }
          : {};
        const once = run(input, roles, new MemoryState(docs));
        expect(run(deepCopy(input), roles, new MemoryState(docs))).toEqual(once);
        if (!roles.includes('qm') && !roles.includes('admin')) {
          expect(once.ok === false && once.error.code).toBe('forbidden');
          return;
        }
        const storedList =
          preset && input.id === 'colors' ? { id: 'colors', ...stored.colors } : undefined;
        const plan = planAutocompletionSave(storedList, input);
        if (plan.kind === 'invalid')
          expect(once.ok === false && once.error.issues).toEqual(plan.errors);
        if (plan.kind === 'unchanged') expect(once.ok && once.unchanged).toBe(true);
        if (plan.kind === 'save') expect(once.ok && once.ops[0]?.id).toBe(plan.id);
      }),
      { numRuns: 300 },
    );
  });
});
