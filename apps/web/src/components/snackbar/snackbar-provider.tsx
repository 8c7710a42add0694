import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import CloseIcon from '@mui/icons-material/Close';
import {
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
import { DEFAULT_SHELL_SETTINGS, useShellSettings } from '../../lib/config/shell-settings';
import { EMPTY_SNACKBAR_QUEUE, snackbarQueueReducer, type SnackbarType } from './snackbar-queue';

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
  const dismiss = () => {
    if (current) dispatch({ type: 'dismiss', id: current.id });
  };
  const closeButton = (
    <IconButton size="small" color="inherit" aria-label={t('common.close')} onClick={dismiss}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );

  return (
    <SnackbarContext.Provider value={value}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={state.open}
          // A changed duration restarts MUI's timer: a message a burst has grown stays its full
          // time from its last addition, not from its first.
          autoHideDuration={autoHideMs + ((current.burst?.count ?? 1) % 2)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          onClose={(_event, reason) => {
            // A click elsewhere must not swallow an error the user has not read yet.
            if (reason !== 'clickaway') dismiss();
          }}
          slotProps={{ transition: { onExited: () => dispatch({ type: 'exited' }) } }}
          sx={{ bottom: { xs: 72, sm: 80 } }}
        >
          {current.type === 'info' ? (
            <SnackbarContent
              message={current.message}
              action={closeButton}
              data-testid="snackbar-message"
            />
          ) : (
            <Alert
              severity={current.type}
              variant="filled"
              action={closeButton}
              data-testid="snackbar-message"
              sx={{ width: '100%' }}
            >
              {current.message}
            </Alert>
          )}
        </Snackbar>
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
