export type SnackbarType = 'error' | 'success' | 'info';

export interface SnackbarMessage {
  id: number;
  message: string;
  type: SnackbarType;
  /**
   * Messages of one kind that follow each other become one: a burst of saves or a day's photo
   * uploads would otherwise be minutes of toasts, each hiding what the next one says.
   */
  burst?: SnackbarBurst;
}

/** What a message of a burst needs: its kind, and its text for a count (i18next plurals). */
export interface SnackbarBurst {
  key: string;
  /** How many messages of the kind it stands for (1 for a single one). */
  count: number;
  text: (count: number) => string;
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
    case 'enqueue': {
      const key = action.message.burst?.key;
      // A message still on screen (not leaving) or still waiting takes the new one in.
      if (key !== undefined && state.open && state.current?.burst?.key === key) {
        return { ...state, current: grown(state.current) };
      }
      const index = key === undefined ? -1 : state.waiting.findIndex((m) => m.burst?.key === key);
      if (index >= 0) {
        const waiting = [...state.waiting];
        waiting[index] = grown(waiting[index]!);
        return { ...state, waiting };
      }
      if (!state.current) return { current: action.message, open: true, waiting: state.waiting };
      return { ...state, waiting: [...state.waiting, action.message] };
    }
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

/** The message of a burst standing for one more. */
function grown(message: SnackbarMessage): SnackbarMessage {
  const burst = message.burst!;
  const count = burst.count + 1;
  return { ...message, message: burst.text(count), burst: { ...burst, count } };
}
