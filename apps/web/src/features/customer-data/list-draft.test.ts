// @vitest-environment node
import { validateAutocompletionList } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import {
  contentFromDocument,
  contentOf,
  draftFromContent,
  entryCount,
  fieldErrors,
  initialListEditorState,
  isDirty,
  listEditorReducer,
  storedVersionChanged,
  type ListContent,
  type ListEditorAction,
  type ListEditorState,
} from './list-draft';

const PARTS: ListContent = {
  title: 'Teile',
  data: [
    { id: 'a', name: 'Achse' },
    { id: 'b', name: 'Bolzen' },
  ],
};

function run(state: ListEditorState, ...actions: ListEditorAction[]): ListEditorState {
  return actions.reduce(listEditorReducer, state);
}

describe('list content', () => {
  it('reads a stored document, even one that does not match the schema', () => {
    expect(contentFromDocument({ title: 'Teile', data: [{ id: 'a', name: 'Achse' }] })).toEqual({
      title: 'Teile',
      data: [{ id: 'a', name: 'Achse' }],
    });
    expect(contentFromDocument({ title: 5, data: [{ id: 1 }, 'x', null] })).toEqual({
      title: '5',
      data: [
        { id: '1', name: '' },
        { id: 'x', name: '' },
        { id: '', name: '' },
      ],
    });
    expect(contentFromDocument({})).toEqual({ title: '', data: [] });
    expect(entryCount({ data: [1, 2, 3] })).toBe(3);
    expect(entryCount({ data: 'x' })).toBe(0);
  });

  it('leaves rows not filled in out of what is saved', () => {
    const state = run(initialListEditorState(PARTS), { type: 'addRow' });
    expect(state.draft.rows).toHaveLength(3);
    expect(contentOf(state.draft)).toEqual(PARTS);
    expect(isDirty(state)).toBe(false);
  });

  it('keeps row keys by position when the stored list replaces the rows', () => {
    const before = draftFromContent(PARTS);
    const after = draftFromContent({ title: 'T', data: [{ id: 'z', name: 'Z' }] }, before);
    expect(after.rows[0]!.key).toBe(before.rows[0]!.key);
  });
});

describe('listEditorReducer', () => {
  it('edits title and entries, adds and deletes rows', () => {
    const start = initialListEditorState(PARTS);
    const state = run(
      start,
      { type: 'title', title: 'Parts' },
      { type: 'entry', key: start.draft.rows[1]!.key, field: 'name', value: 'Bolt' },
      { type: 'addRow' },
      { type: 'entry', key: start.draft.nextKey, field: 'id', value: 'c' },
      { type: 'deleteRow', key: start.draft.rows[0]!.key },
    );
    expect(contentOf(state.draft)).toEqual({
      title: 'Parts',
      data: [
        { id: 'b', name: 'Bolt' },
        { id: 'c', name: '' },
      ],
    });
    expect(isDirty(state)).toBe(true);
  });

  it('follows the stored list while untouched, keeps edits otherwise', () => {
    const newer: ListContent = { ...PARTS, title: 'Teile neu' };
    expect(
      contentOf(run(initialListEditorState(PARTS), { type: 'stored', content: newer }).draft),
    ).toEqual(newer);
    const edited = run(initialListEditorState(PARTS), { type: 'title', title: 'Mine' });
    const kept = run(edited, { type: 'stored', content: newer });
    expect(kept.draft.title).toBe('Mine');
    expect(storedVersionChanged(kept, newer)).toBe(true);
    expect(run(kept, { type: 'load', content: newer }).draft.title).toBe('Teile neu');
  });

  it('a new list stays a change until it is saved', () => {
    const fresh = initialListEditorState(undefined, 'Farben');
    expect(fresh.draft.title).toBe('Farben');
    expect(isDirty(fresh)).toBe(true);
    const saved = run(
      fresh,
      { type: 'saving', content: contentOf(fresh.draft) },
      { type: 'saved', content: contentOf(fresh.draft) },
    );
    expect(isDirty(saved)).toBe(false);
  });

  it('keeps the edits after a rejection and the rollback', () => {
    const edited = run(initialListEditorState(PARTS), { type: 'title', title: 'Mine' });
    const failed = run(
      edited,
      { type: 'saving', content: contentOf(edited.draft) },
      { type: 'stored', content: contentOf(edited.draft) },
      {
        type: 'failed',
        failure: { message: null, code: 'internal' },
        title: 'Mine',
        issues: [{ key: 'autocompletion.titleRequired' }],
      },
      { type: 'stored', content: PARTS },
    );
    expect(failed.draft.title).toBe('Mine');
    expect(failed.commandIssues).toHaveLength(1);
    expect(failed.save).toEqual({
      status: 'failed',
      failure: { message: null, code: 'internal' },
      title: 'Mine',
    });
    // The next edit clears the problems the server named for the old text.
    expect(run(failed, { type: 'title', title: 'Mine!' }).commandIssues).toEqual([]);
  });
});

describe('fieldErrors', () => {
  it('puts the domain messages at the title, the repeated entry and rows without id', () => {
    const draft = draftFromContent({
      title: ' ',
      data: [
        { id: 'a', name: 'A' },
        { id: 'a', name: 'A again' },
        { id: '', name: 'no id' },
      ],
    });
    const result = validateAutocompletionList({ id: 'x1', ...contentOf(draft) });
    expect(result.ok).toBe(false);
    const errors = fieldErrors(result.ok ? [] : result.errors, draft);
    expect(errors.title?.key).toBe('autocompletion.titleRequired');
    expect([...errors.missingIds]).toEqual([draft.rows[2]!.key]);
    expect(errors.entries.map((e) => e.key)).toEqual(['autocompletion.dataInvalid']);

    const duplicate = validateAutocompletionList({
      id: 'x1',
      title: 'T',
      data: [
        { id: 'a', name: 'A' },
        { id: 'a', name: 'A again' },
      ],
    });
    const errors2 = fieldErrors(duplicate.ok ? [] : duplicate.errors, draft);
    expect([...errors2.rowIds.keys()]).toEqual([draft.rows[1]!.key]);
    expect(errors2.rowIds.get(draft.rows[1]!.key)?.params).toEqual({ entryId: 'a' });
  });

  it('sorts server issues by their field, the rest to the form', () => {
    const draft = draftFromContent(PARTS);
    const errors = fieldErrors(
      [
        { key: 'validation.invalid', params: { field: 'data.1.id' } },
        { key: 'validation.invalid', params: { field: 'data.0.name' } },
        { key: 'validation.required', params: { field: 'title' } },
        { key: 'autocompletion.documentIdInvalid', params: { id: 'X' } },
      ],
      draft,
    );
    expect(errors.rowIds.get(draft.rows[1]!.key)?.key).toBe('validation.invalid');
    expect(errors.entries).toHaveLength(1);
    expect(errors.title?.key).toBe('validation.required');
    expect(errors.form.map((e) => e.key)).toEqual(['autocompletion.documentIdInvalid']);
  });
});
