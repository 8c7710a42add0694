export type SnackbarType = 'error' | 'success' | 'info';

export interface SnackbarMessage {
  id: number;
  message: string;
  type: SnackbarType;
}

/**
 * One message at a time, in the order they were shown (SPEC section 2 "Snackbar"). `open` turns
 * false when the current one is dismissed; the next only appears after the exit transition, so
 * two messages never overlap.
 */
export interface SnackbarQueueState {
  current: SnackbarMessage | null;
  open: boolean;
  waiting: SnackbarMessage[];
}

export type SnackbarQueueAction =
  | { type: 'enqueue'; message: SnackbarMessage }
  | { type: 'dismiss'; id: number }
  | { type: 'exited' };

export const EMPTY_SNACKBAR_QUEUE: SnackbarQueueState = { current: null, open: false, waiting: [] };

export function snackbarQueueReducer(
  state: SnackbarQueueState,
  action: SnackbarQueueAction,
): SnackbarQueueState {
  switch (action.type) {
    case 'enqueue':
      if (!state.current) return { current: action.message, open: true, waiting: state.waiting };
      return { ...state, waiting: [...state.waiting, action.message] };
    case 'dismiss':
      // A late auto-hide of an earlier message must not close the one now showing.
      if (state.current?.id !== action.id) return state;
      return { ...state, open: false };
    case 'exited': {
      if (state.open) return state;
      const [next, ...rest] = state.waiting;
      return next ? { current: next, open: true, waiting: rest } : EMPTY_SNACKBAR_QUEUE;
    }
  }
}
