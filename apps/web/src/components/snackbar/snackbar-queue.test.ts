import { describe, expect, it } from 'vitest';
import {
  EMPTY_SNACKBAR_QUEUE,
  snackbarQueueReducer,
  type SnackbarMessage,
  type SnackbarQueueAction,
} from './snackbar-queue';

const message = (id: number): SnackbarMessage => ({ id, message: `m${id}`, type: 'info' });
const run = (actions: SnackbarQueueAction[]) =>
  actions.reduce(snackbarQueueReducer, EMPTY_SNACKBAR_QUEUE);

describe('snackbarQueueReducer', () => {
  it('shows the first message at once and queues the others in order', () => {
    const state = run([1, 2, 3].map((id) => ({ type: 'enqueue', message: message(id) })));
    expect(state.current?.id).toBe(1);
    expect(state.open).toBe(true);
    expect(state.waiting.map((m) => m.id)).toEqual([2, 3]);
  });

  it('shows the next one only after the current one has left the screen', () => {
    const shown: number[] = [];
    let state = run([1, 2, 3].map((id) => ({ type: 'enqueue', message: message(id) })));
    for (let round = 0; round < 3; round += 1) {
      shown.push(state.current!.id);
      state = snackbarQueueReducer(state, { type: 'dismiss', id: state.current!.id });
      expect(state.open).toBe(false);
      state = snackbarQueueReducer(state, { type: 'exited' });
    }
    expect(shown).toEqual([1, 2, 3]);
    expect(state).toEqual(EMPTY_SNACKBAR_QUEUE);
  });

  it('ignores the dismissal of a message that is no longer current', () => {
    const state = run([
      { type: 'enqueue', message: message(1) },
      { type: 'enqueue', message: message(2) },
      { type: 'dismiss', id: 1 },
      { type: 'exited' },
      { type: 'dismiss', id: 1 },
    ]);
    expect(state.current?.id).toBe(2);
    expect(state.open).toBe(true);
  });

  it('a message shown while the queue is empty appears at once', () => {
    const state = run([
      { type: 'enqueue', message: message(1) },
      { type: 'dismiss', id: 1 },
      { type: 'exited' },
      { type: 'enqueue', message: message(2) },
    ]);
    expect(state.current?.id).toBe(2);
    expect(state.open).toBe(true);
  });

  it('merges a burst of one kind into one message that counts them', () => {
    const saved = (id: number): SnackbarMessage => ({
      id,
      message: 'Finding saved',
      type: 'success',
      burst: { key: 'saved', count: 1, text: (count) => `${count} findings saved` },
    });
    let state = run([
      { type: 'enqueue', message: saved(1) },
      { type: 'enqueue', message: message(2) },
      ...[3, 4, 5].map((id): SnackbarQueueAction => ({ type: 'enqueue', message: saved(id) })),
    ]);
    expect(state.current).toMatchObject({ id: 1, message: '4 findings saved' });
    expect(state.waiting.map((m) => m.id)).toEqual([2]);
    // Once leaving the screen, a new one of the kind starts a message of its own.
    state = snackbarQueueReducer(state, { type: 'dismiss', id: 1 });
    state = snackbarQueueReducer(state, { type: 'enqueue', message: saved(6) });
    state = snackbarQueueReducer(state, { type: 'enqueue', message: saved(7) });
    expect(state.waiting.map((m) => [m.id, m.message])).toEqual([
      [2, 'm2'],
      [6, '2 findings saved'],
    ]);
  });
});
