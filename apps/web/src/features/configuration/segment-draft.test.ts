// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  initialSegmentDraft,
  isDirty,
  segmentDraftReducer,
  storedVersionChanged,
  type SegmentDraft,
  type SegmentDraftAction,
} from './segment-draft';

function run(draft: SegmentDraft, ...actions: SegmentDraftAction[]): SegmentDraft {
  return actions.reduce(segmentDraftReducer, draft);
}

const STORED = '{\n  "a": 1\n}';

describe('segmentDraftReducer', () => {
  it('starts from the stored text, or from the defaults when nothing is stored', () => {
    expect(initialSegmentDraft(STORED, '{}')).toEqual({
      text: STORED,
      base: STORED,
      save: { status: 'idle' },
    });
    const fresh = initialSegmentDraft(undefined, '{}');
    expect(fresh.text).toBe('{}');
    // The defaults are not stored: they count as a change that can be saved.
    expect(isDirty(fresh)).toBe(true);
  });

  it('follows the stored version while the text is untouched', () => {
    const draft = run(initialSegmentDraft(STORED, ''), { type: 'stored', text: '{"a":2}' });
    expect(draft.text).toBe('{"a":2}');
    expect(isDirty(draft)).toBe(false);
  });

  it('keeps edited text when the stored version changes, and says so', () => {
    const draft = run(
      initialSegmentDraft(STORED, ''),
      { type: 'edit', text: 'mine' },
      { type: 'stored', text: '{"a":2}' },
    );
    expect(draft.text).toBe('mine');
    expect(storedVersionChanged(draft, '{"a":2}')).toBe(true);
    const loaded = segmentDraftReducer(draft, { type: 'load', text: '{"a":2}' });
    expect(loaded).toEqual({ text: '{"a":2}', base: '{"a":2}', save: { status: 'idle' } });
  });

  it('ignores the optimistic copy while saving, then adopts the stored formatting', () => {
    const saving = run(
      initialSegmentDraft(STORED, ''),
      { type: 'edit', text: '{"a":3}' },
      { type: 'saving', text: '{"a":3}' },
      { type: 'stored', text: '{\n  "a": 3\n}' },
    );
    expect(saving.text).toBe('{"a":3}');
    expect(storedVersionChanged(saving, '{\n  "a": 3\n}')).toBe(false);
    const saved = run(saving, { type: 'saved', text: '{"a":3}' });
    expect(saved.save).toEqual({ status: 'saved' });
    expect(isDirty(saved)).toBe(false);
    const followed = run(saved, { type: 'stored', text: '{\n  "a": 3\n}' });
    expect(followed.text).toBe('{\n  "a": 3\n}');
    expect(followed.save).toEqual({ status: 'saved' });
    // Typing again makes "Saved" stale.
    expect(run(followed, { type: 'edit', text: 'x' }).save).toEqual({ status: 'idle' });
  });

  it('keeps the text after a rejection, also when the rollback arrives later', () => {
    const failed = run(
      initialSegmentDraft(STORED, ''),
      { type: 'edit', text: '{"a":3}' },
      { type: 'saving', text: '{"a":3}' },
      { type: 'failed', failure: { message: { key: 'validation.invalid' }, code: 'rule' } },
    );
    expect(failed.save.status).toBe('failed');
    expect(failed.text).toBe('{"a":3}');
    expect(isDirty(failed)).toBe(true);
    // The rolled back document is the version the edit started from: no news.
    expect(run(failed, { type: 'stored', text: STORED })).toBe(failed);
    expect(storedVersionChanged(failed, STORED)).toBe(false);
  });

  it('resets to the stored version, but not the status of a save on its way', () => {
    const edited = run(initialSegmentDraft(STORED, ''), { type: 'edit', text: 'x' });
    expect(run(edited, { type: 'reset' })).toEqual(initialSegmentDraft(STORED, ''));
    const saving = run(edited, { type: 'saving', text: 'x' }, { type: 'reset' });
    expect(saving.save.status).toBe('saving');
  });
});
