import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../roles';
import { defaultStandardDocuments, validateDocument } from '../sync/collections';
import { OpsState } from './audit-test-helpers';
import { executeCommand } from './define-command';
import { importStandardCommand, standardIdCandidates } from './standard.commands';
import { testContext } from './test-helpers';

const standard = {
  name: 'ISO 9001:2015',
  description: 'Quality management',
  chapters: [
    { id: '4', description: ' Context ' },
    { id: '5', description: 'Leadership' },
  ],
};

function seeded(): OpsState {
  const state = new OpsState();
  state.apply(
    defaultStandardDocuments().map(({ collection, id, data }) => ({
      op: 'set' as const,
      collection,
      id,
      path: [],
      value: data,
    })),
  );
  return state;
}

const run = (args: unknown, roles: readonly string[] = ['qm'], state = seeded()) =>
  executeCommand(importStandardCommand, args, state, testContext(roles));

describe('standard.import', () => {
  it.each([['qm'], ['admin']])('lets %s import a standard under its given id', (role) => {
    const state = seeded();
    const result = run({ ...standard, id: ' iso9001-2015 ' }, [role], state);
    expect(result).toEqual({
      ok: true,
      ops: [
        {
          op: 'set',
          collection: 'standards',
          id: 'iso9001-2015',
          path: [],
          value: {
            name: 'ISO 9001:2015',
            description: 'Quality management',
            chapters: [
              { id: '4', description: 'Context' },
              { id: '5', description: 'Leadership' },
            ],
          },
        },
      ],
      activity: { verb: 'imported', object: 'ISO 9001:2015', objectUrl: '/standard/iso9001-2015' },
      message: { key: 'standard.imported', params: { name: 'ISO 9001:2015' } },
    });
    if (!result.ok) return;
    state.apply(result.ops);
    expect(
      validateDocument('standards', 'iso9001-2015', state.get('standards', 'iso9001-2015')!),
    ).toEqual({ ok: true });
  });

  it.each(['user', 'auditor', 'measure-dispatcher'])('forbids the role %s', (role) => {
    expect(run(standard, [role])).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('refuses a given id that is taken (also in another case) as a conflict', () => {
    for (const id of ['iso9001', 'ISO9001']) {
      expect(run({ ...standard, id })).toEqual({
        ok: false,
        error: {
          code: 'conflict',
          message: { key: 'standard.idTaken', params: { id } },
          issues: [{ key: 'standard.idTaken', params: { id } }],
        },
      });
    }
  });

  it('generates the first free id from the name when none is given', () => {
    const state = seeded();
    const first = run(standard, ['qm'], state);
    expect(first.ok && first.ops[0]?.id).toBe('iso-9001-2015');
    if (!first.ok) return;
    state.apply(first.ops);
    const second = run({ ...standard, id: '' }, ['qm'], state);
    expect(second.ok && second.ops[0]?.id).toBe('iso-9001-2015-2');
    expect(importStandardCommand.reads(standard).map((ref) => ref.id)).toEqual(
      standardIdCandidates(standard.name),
    );
  });

  it('answers a conflict once every candidate id is taken', () => {
    const state = new OpsState({
      standards: Object.fromEntries(
        standardIdCandidates(standard.name).map((id) => [id, { name: 'x' }]),
      ),
    });
    const result = run(standard, ['qm'], state);
    expect(result.ok === false && result.error).toMatchObject({
      code: 'conflict',
      message: { key: 'standard.idTaken', params: { id: 'iso-9001-2015-11' } },
    });
  });

  it.each([
    [{ ...standard, name: 'X' }, 'standard.nameLength'],
    [{ ...standard, name: ' ' }, 'standard.emptyField'],
    [{ ...standard, description: 'abc' }, 'standard.descriptionLength'],
    [{ ...standard, chapters: [] }, 'standard.chaptersRequired'],
    [{ ...standard, chapters: [{ id: '4' }] }, 'standard.chapterInvalid'],
    [
      { ...standard, chapters: [standard.chapters[0], standard.chapters[0]] },
      'standard.chapterDuplicate',
    ],
    [{ ...standard, id: '9x' }, 'standard.idPattern'],
    [{ ...standard, id: 'x' }, 'standard.idLength'],
  ])('rejects %j with %s', (args, key) => {
    const result = run(args);
    expect(result.ok === false && result.error.code).toBe('rule');
    expect(result.ok === false && result.error.message.key).toBe(key);
  });

  it('rejects args of the wrong shape as invalid args', () => {
    for (const args of [null, {}, { ...standard, chapters: 'x' }, { ...standard, name: 5 }]) {
      const result = run(args);
      expect(result.ok === false && result.error.code).toBe('invalid_args');
    }
  });

  it('never throws and is deterministic (property)', () => {
    const args = fc.oneof(
      fc.anything(),
      fc.record({
        id: fc.oneof(
          fc.constant(undefined),
          fc.constantFrom('iso9001', 'new-one', ''),
          fc.string(),
        ),
        name: fc.string({ maxLength: 40 }),
        description: fc.string({ maxLength: 10 }),
        chapters: fc.array(fc.record({ id: fc.string(), description: fc.string() }), {
          maxLength: 3,
        }),
      }),
    );
    fc.assert(
      fc.property(args, fc.subarray([...ROLE_IDS]), (input, roles) => {
        const once = run(input, roles);
        expect(run(input, roles)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });
});
