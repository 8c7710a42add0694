import {
  Suspense,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { optionalComponent } from '../../app/chunk-load';
import { DEFAULT_SHELL_SETTINGS, useShellSettings } from '../../lib/config/shell-settings';
import { EMPTY_SNACKBAR_QUEUE, snackbarQueueReducer, type SnackbarType } from './snackbar-queue';
import type { SnackbarViewProps } from './snackbar-view';

/**
 * The message said plainly, for as long as the bar would show it, should the bar's chunk not load
 * (a first visit gone offline before the service worker stored it): the queue goes on.
 */
function PlainMessage({ message, open, autoHideMs, onDismiss, onExited }: SnackbarViewProps) {
  useEffect(() => {
    if (!open) {
      onExited();
      return;
    }
    const timer = setTimeout(onDismiss, autoHideMs);
    return () => clearTimeout(timer);
  }, [open, autoHideMs, onDismiss, onExited]);
  return open ? (
    <div role="status" data-testid="snackbar-message">
      {message.message}
    </div>
  ) : null;
}

/** Loaded with the first message (snackbar-view.tsx). */
const SnackbarView = optionalComponent(
  () => import('./snackbar-view'),
  (m) => m.SnackbarView,
  PlainMessage,
  'the message bar',
  { firstScreen: true },
);

interface ShowOptions {
  message: string;
  type?: SnackbarType;
  /**
   * Merges this message with others of the same `key` shown or waiting: the one message then
   * reads `text(count)` ("12 findings saved"); `message` is the text of a single one.
   */
  burst?: { key: string; text: (count: number) => string };
}

interface SnackbarContextValue {
  show: (options: ShowOptions) => void;
  /** How long a message stays (configuration `app.timeouts.snackbarMs`, see SnackbarTiming). */
  setAutoHideMs: (ms: number) => void;
}

const SnackbarContext = createContext<SnackbarContextValue | null>(null);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(snackbarQueueReducer, EMPTY_SNACKBAR_QUEUE);
  const nextId = useRef(1);
  const [autoHideMs, setAutoHideMs] = useState(DEFAULT_SHELL_SETTINGS.snackbarMs);

  const show = useCallback(({ message, type = 'info', burst }: ShowOptions) => {
    dispatch({
      type: 'enqueue',
      message: {
        id: nextId.current++,
        message,
        type,
        ...(burst ? { burst: { ...burst, count: 1 } } : {}),
      },
    });
  }, []);
  const value = useMemo(() => ({ show, setAutoHideMs }), [show]);

  const current = state.current;
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <SnackbarView
            key={current.id}
            message={current}
            open={state.open}
            autoHideMs={autoHideMs}
            closeLabel={t('common.close')}
            onDismiss={() => dispatch({ type: 'dismiss', id: current.id })}
            onExited={() => dispatch({ type: 'exited' })}
          />
        </Suspense>
      )}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarContextValue {
  const value = useContext(SnackbarContext);
  if (!value) throw new Error('useSnackbar needs a SnackbarProvider');
  return value;
}

/**
 * Gives the messages the time the `app` configuration segment sets (`timeouts.snackbarMs`, 5 s
 * by default, SPEC section 9); rendered inside the shell settings, which bring it.
 */
export function SnackbarTiming() {
  const { setAutoHideMs } = useSnackbar();
  const ms = useShellSettings().snackbarMs;
  useEffect(() => setAutoHideMs(ms), [ms, setAutoHideMs]);
  return null;
}
