import type { DomainMessage } from '@qa/domain';
import type { RejectCode } from '@qa/sync';

/** Why a save failed: the domain message to translate, or only the server's reject code. */
export interface SaveFailure {
  message: DomainMessage | null;
  code: RejectCode | null;
}

export type SaveStatus =
  | { status: 'idle' }
  /** Sent to the local replica; waits for the server (stays so while offline). */
  | { status: 'saving'; text: string }
  | { status: 'saved' }
  | { status: 'failed'; failure: SaveFailure };

/**
 * The editor state of one configuration segment. `base` is the stored version the text started
 * from (pretty-printed; '' when nothing is stored): the text is dirty when it differs.
 */
export interface SegmentDraft {
  text: string;
  base: string;
  save: SaveStatus;
}

export type SegmentDraftAction =
  | { type: 'edit'; text: string }
  /** The stored version is now `text` (a new snapshot, someone else's save, our own ack). */
  | { type: 'stored'; text: string }
  /** Replace the user's text by the stored version (the "load stored version" button). */
  | { type: 'load'; text: string }
  | { type: 'reset' }
  | { type: 'saving'; text: string }
  | { type: 'saved'; text: string }
  | { type: 'failed'; failure: SaveFailure };

/** Pretty-printed the way the editor shows a stored document. */
export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

export function initialSegmentDraft(stored: string | undefined, fallback: string): SegmentDraft {
  return { text: stored ?? fallback, base: stored ?? '', save: { status: 'idle' } };
}

export function isDirty(draft: SegmentDraft): boolean {
  return draft.text !== draft.base;
}

/**
 * The stored version moved away from what the user is editing: they should know before they
 * overwrite it. Not while our own save is on its way (the optimistic copy is the saved text).
 */
export function storedVersionChanged(draft: SegmentDraft, stored: string | undefined): boolean {
  return (
    stored !== undefined &&
    stored !== draft.base &&
    isDirty(draft) &&
    draft.save.status !== 'saving'
  );
}

export function segmentDraftReducer(draft: SegmentDraft, action: SegmentDraftAction): SegmentDraft {
  switch (action.type) {
    case 'edit':
      return {
        ...draft,
        text: action.text,
        // "Saved" describes the text that was saved; an edit makes it stale.
        save: draft.save.status === 'saved' ? { status: 'idle' } : draft.save,
      };
    case 'stored':
      // Our own save is pending: its optimistic copy (and a rollback) is no news to the user.
      if (draft.save.status === 'saving' || action.text === draft.base) return draft;
      // Untouched text follows the stored version; edited text is kept (storedVersionChanged).
      return isDirty(draft) ? draft : { ...draft, text: action.text, base: action.text };
    case 'load':
      return { text: action.text, base: action.text, save: { status: 'idle' } };
    case 'reset':
      return {
        ...draft,
        text: draft.base,
        save: draft.save.status === 'saving' ? draft.save : { status: 'idle' },
      };
    case 'saving':
      return { ...draft, save: { status: 'saving', text: action.text } };
    case 'saved':
      // The saved text is the new base: untouched since, it is clean and follows the stored
      // version (which may be formatted differently); edited since, it stays dirty.
      return { ...draft, base: action.text, save: { status: 'saved' } };
    case 'failed':
      // The base stays the version before the save, so the user's text is still dirty and kept
      // when the optimistic change is rolled back.
      return { ...draft, save: { status: 'failed', failure: action.failure } };
  }
}
