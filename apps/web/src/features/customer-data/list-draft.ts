import type { DomainMessage } from '@qa/domain';
import type { JsonObject, JsonValue, RejectCode } from '@qa/sync';

/** One entry of an autocompletion list as edited: `key` identifies the row on screen only. */
export interface EntryRow {
  key: number;
  id: string;
  name: string;
}

/** What a list holds (the stored payload: everything but the id, which is the document id). */
export interface ListContent {
  title: string;
  data: { id: string; name: string }[];
}

export interface ListDraft {
  title: string;
  rows: EntryRow[];
  nextKey: number;
}

export interface SaveFailure {
  message: DomainMessage | null;
  code: RejectCode | null;
}

export type ListSaveStatus =
  | { status: 'idle' }
  /** Saved on this device, waiting for the server (stays so while offline). */
  | { status: 'saving'; content: ListContent }
  | { status: 'failed'; failure: SaveFailure; title: string };

export interface ListEditorState {
  draft: ListDraft;
  /** The stored content the draft started from; null for a list that is not stored yet. */
  base: ListContent | null;
  save: ListSaveStatus;
  /** Set by the first save attempt: from then on problems show at the fields as the user types. */
  checked: boolean;
  /** Problems the command named when it refused the last save (here or on the server). */
  commandIssues: DomainMessage[];
}

export type ListEditorAction =
  | { type: 'title'; title: string }
  | { type: 'entry'; key: number; field: 'id' | 'name'; value: string }
  | { type: 'addRow' }
  | { type: 'deleteRow'; key: number }
  | { type: 'stored'; content: ListContent }
  | { type: 'load'; content: ListContent }
  | { type: 'checked' }
  | { type: 'saving'; content: ListContent }
  | { type: 'saved'; content: ListContent }
  /** The command refused the list on this device: nothing was queued. */
  | { type: 'refused'; issues: DomainMessage[] }
  | { type: 'failed'; failure: SaveFailure; title: string; issues: DomainMessage[] };

function text(value: JsonValue | undefined): string {
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/**
 * The content of a stored list document. A document that does not match the schema (written by
 * an older version) is shown as well as it can be, so saving it repairs it.
 */
export function contentFromDocument(data: JsonObject): ListContent {
  const entries = Array.isArray(data.data) ? data.data : [];
  return {
    title: text(data.title),
    data: entries.map((entry) =>
      typeof entry === 'object' && entry !== null && !Array.isArray(entry)
        ? { id: text(entry.id), name: text(entry.name) }
        : { id: text(entry), name: '' },
    ),
  };
}

export function entryCount(data: JsonObject): number {
  return Array.isArray(data.data) ? data.data.length : 0;
}

/** Rows for a content; row keys are kept by position so a focused field keeps its focus. */
export function draftFromContent(content: ListContent, previous?: ListDraft): ListDraft {
  let nextKey = previous?.nextKey ?? 1;
  const rows = content.data.map((entry, index) => ({
    key: previous?.rows[index]?.key ?? nextKey++,
    id: entry.id,
    name: entry.name,
  }));
  return { title: content.title, rows, nextKey };
}

/** A row with neither id nor name is a row not filled in yet, not an entry. */
export function isBlankRow(row: { id: string; name: string }): boolean {
  return row.id.trim() === '' && row.name.trim() === '';
}

/** What the draft would save: its title and its filled-in rows. */
export function contentOf(draft: ListDraft): ListContent {
  return {
    title: draft.title,
    data: draft.rows.filter((row) => !isBlankRow(row)).map(({ id, name }) => ({ id, name })),
  };
}

export function sameContent(a: ListContent, b: ListContent): boolean {
  return (
    a.title === b.title &&
    a.data.length === b.data.length &&
    a.data.every(
      (entry, index) => entry.id === b.data[index]!.id && entry.name === b.data[index]!.name,
    )
  );
}

export function isDirty(state: ListEditorState): boolean {
  return state.base === null || !sameContent(contentOf(state.draft), state.base);
}

/** The stored list moved away from what the user is editing (not while our own save is out). */
export function storedVersionChanged(state: ListEditorState, stored: ListContent | undefined) {
  return (
    stored !== undefined &&
    state.base !== null &&
    !sameContent(stored, state.base) &&
    isDirty(state) &&
    state.save.status !== 'saving'
  );
}

export function initialListEditorState(
  stored: ListContent | undefined,
  title = '',
): ListEditorState {
  return {
    draft: draftFromContent(stored ?? { title, data: [] }),
    base: stored ?? null,
    save: { status: 'idle' },
    checked: false,
    commandIssues: [],
  };
}

function editDraft(state: ListEditorState, draft: ListDraft): ListEditorState {
  // Problems the command named belong to the text it saw; an edit starts over.
  return { ...state, draft, commandIssues: [] };
}

export function listEditorReducer(
  state: ListEditorState,
  action: ListEditorAction,
): ListEditorState {
  const { draft } = state;
  switch (action.type) {
    case 'title':
      return editDraft(state, { ...draft, title: action.title });
    case 'entry':
      return editDraft(state, {
        ...draft,
        rows: draft.rows.map((row) =>
          row.key === action.key ? { ...row, [action.field]: action.value } : row,
        ),
      });
    case 'addRow':
      return editDraft(state, {
        ...draft,
        rows: [...draft.rows, { key: draft.nextKey, id: '', name: '' }],
        nextKey: draft.nextKey + 1,
      });
    case 'deleteRow':
      return editDraft(state, {
        ...draft,
        rows: draft.rows.filter((row) => row.key !== action.key),
      });
    case 'stored':
      if (state.save.status === 'saving') return state;
      if (state.base !== null && sameContent(action.content, state.base)) return state;
      // Untouched drafts follow the stored list; edited ones (and new lists) are kept.
      if (isDirty(state)) return state;
      return { ...state, draft: draftFromContent(action.content, draft), base: action.content };
    case 'load':
      return {
        ...state,
        draft: draftFromContent(action.content, draft),
        base: action.content,
        save: { status: 'idle' },
        commandIssues: [],
      };
    case 'checked':
      return { ...state, checked: true };
    case 'saving':
      return { ...state, save: { status: 'saving', content: action.content }, commandIssues: [] };
    case 'saved':
      // What was saved is the new base; the stored copy (trimmed) follows if the user did not
      // type on meanwhile.
      return { ...state, base: action.content, save: { status: 'idle' } };
    case 'refused':
      return { ...state, save: { status: 'idle' }, commandIssues: action.issues };
    case 'failed':
      // The base stays the version before the save: the user's edits stay dirty and survive the
      // rollback of the optimistic change.
      return {
        ...state,
        save: { status: 'failed', failure: action.failure, title: action.title },
        commandIssues: action.issues,
      };
  }
}

/** Problems sorted to the place they are shown. */
export interface ListFieldErrors {
  title: DomainMessage | null;
  /** Per row key: the problem with the row's id. */
  rowIds: Map<number, DomainMessage>;
  /** Rows with a name but no id (the domain's message for them is one for the whole table). */
  missingIds: Set<number>;
  /** About the entries as a whole. */
  entries: DomainMessage[];
  /** Anything else (the document id, a server problem without a field). */
  form: DomainMessage[];
}

const FIELD_OF_ENTRY = /^data\.(\d+)\.(id|name)$/;

/** Sorts the messages of `validateAutocompletionList` or a rejection to their fields. */
export function fieldErrors(issues: readonly DomainMessage[], draft: ListDraft): ListFieldErrors {
  const filled = draft.rows.filter((row) => !isBlankRow(row));
  const errors: ListFieldErrors = {
    title: null,
    rowIds: new Map(),
    missingIds: new Set(),
    entries: [],
    form: [],
  };
  for (const issue of issues) {
    const field = issue.params?.field === undefined ? undefined : String(issue.params.field);
    const entryField = field === undefined ? null : FIELD_OF_ENTRY.exec(field);
    if (issue.key === 'autocompletion.titleRequired' || field === 'title') {
      errors.title ??= issue;
    } else if (issue.key === 'autocompletion.duplicateEntry') {
      // Every repetition after the first occurrence is the one to change.
      const entryId = String(issue.params?.entryId ?? '');
      filled
        .filter((row) => row.id.trim() === entryId)
        .slice(1)
        .forEach((row) => errors.rowIds.set(row.key, issue));
    } else if (issue.key === 'autocompletion.dataInvalid') {
      errors.entries.push(issue);
      filled.filter((row) => row.id.trim() === '').forEach((row) => errors.missingIds.add(row.key));
    } else if (entryField) {
      const row = filled[Number(entryField[1])];
      if (row && entryField[2] === 'id') errors.rowIds.set(row.key, issue);
      else errors.entries.push(issue);
    } else if (field?.startsWith('data')) {
      errors.entries.push(issue);
    } else {
      errors.form.push(issue);
    }
  }
  return errors;
}
