import { describe, expect, it } from 'vitest';
import {
  autocompletionIdSchema,
  planAutocompletionSave,
  validateAutocompletionList,
  type AutocompletionList,
} from './autocompletion.schema';

const list: AutocompletionList = {
  id: 'parts',
  title: 'Teile',
  data: [
    { id: 'p1', name: 'Achse' },
    { id: 'p2', name: 'Rahmen' },
  ],
};

describe('autocompletion lists', () => {
  it('document id: a lowercase letter, then lowercase letters or digits, at least 2', () => {
    for (const id of ['ab', 'parts', 'list2', 'a1']) {
      expect(autocompletionIdSchema.safeParse(id).success).toBe(true);
    }
    for (const id of ['a', '1a', 'Parts', 'my-list', 'my_list', '', 'list 2']) {
      expect(autocompletionIdSchema.safeParse(id).success).toBe(false);
    }
    expect(validateAutocompletionList({ ...list, id: 'Bad-Id' })).toEqual({
      ok: false,
      errors: [{ key: 'autocompletion.documentIdInvalid', params: { id: 'Bad-Id' } }],
    });
  });

  it('title must not be empty', () => {
    expect(validateAutocompletionList({ ...list, title: '  ' })).toEqual({
      ok: false,
      errors: [{ key: 'autocompletion.titleRequired', params: {} }],
    });
  });

  it('data: a list of entries with string id and string name, reported once', () => {
    for (const data of [
      'x',
      null,
      [{ id: 1, name: 'a' }],
      [{ id: 'a' }],
      ['a', 'b'],
      [{ id: ' ', name: 'a' }],
    ]) {
      expect(validateAutocompletionList({ ...list, data })).toEqual({
        ok: false,
        errors: [{ key: 'autocompletion.dataInvalid', params: {} }],
      });
    }
    expect(
      validateAutocompletionList({
        ...list,
        data: [
          { id: 'a', name: 'x' },
          { id: 'a', name: 'y' },
        ],
      }),
    ).toEqual({
      ok: false,
      errors: [{ key: 'autocompletion.duplicateEntry', params: { entryId: 'a' } }],
    });
    expect(validateAutocompletionList({ ...list, data: [] }).ok).toBe(true);
  });

  it("an unchanged save is skipped with 'no changes found' (deep compare, after trimming)", () => {
    const same = {
      title: ' Teile ',
      data: [
        { name: 'Achse', id: 'p1' },
        { id: 'p2', name: 'Rahmen ' },
      ],
      id: 'parts',
    };
    expect(planAutocompletionSave(list, same)).toEqual({
      kind: 'unchanged',
      message: { key: 'autocompletion.noChanges' },
    });
  });

  it('a changed or new list is saved without the id in the payload', () => {
    const changed = { ...list, data: [...list.data].reverse() };
    expect(planAutocompletionSave(list, changed)).toEqual({
      kind: 'save',
      id: 'parts',
      payload: { title: 'Teile', data: changed.data },
      success: { key: 'autocompletion.saved', params: { title: 'Teile' } },
    });
    expect(planAutocompletionSave(list, { ...list, title: 'Bauteile' }).kind).toBe('save');
    expect(planAutocompletionSave(list, { ...list, data: list.data.slice(1) }).kind).toBe('save');
    expect(planAutocompletionSave(list, { ...list, id: 'other' }).kind).toBe('save');
    expect(planAutocompletionSave(null, list).kind).toBe('save');
    expect(planAutocompletionSave(list, { ...list, title: '' }).kind).toBe('invalid');
  });
});
