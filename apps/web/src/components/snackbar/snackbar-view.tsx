import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import type { SnackbarMessage } from './snackbar-queue';

export interface SnackbarViewProps {
  message: SnackbarMessage;
  open: boolean;
  autoHideMs: number;
  closeLabel: string;
  onDismiss: () => void;
  onExited: () => void;
}

/**
 * The message shown (snackbar-provider.tsx), a chunk of its own loaded with the first message
 * (issue 40): a first screen shows none, and MUI's snackbar with its transition and click-away
 * listener was part of every first load.
 */
export function SnackbarView({
  message,
  open,
  autoHideMs,
  closeLabel,
  onDismiss,
  onExited,
}: SnackbarViewProps) {
  const closeButton = (
    <IconButton size="small" color="inherit" aria-label={closeLabel} onClick={onDismiss}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
  return (
    <Snackbar
      open={open}
      // A changed duration restarts MUI's timer: a message a burst has grown stays its full
      // time from its last addition, not from its first.
      autoHideDuration={autoHideMs + ((message.burst?.count ?? 1) % 2)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_event, reason) => {
        // A click elsewhere must not swallow an error the user has not read yet.
        if (reason !== 'clickaway') onDismiss();
      }}
      slotProps={{ transition: { onExited } }}
      sx={{ bottom: { xs: 72, sm: 80 } }}
    >
      {message.type === 'info' ? (
        <SnackbarContent
          message={message.message}
          action={closeButton}
          data-testid="snackbar-message"
        />
      ) : (
        <Alert
          severity={message.type}
          variant="filled"
          action={closeButton}
          data-testid="snackbar-message"
          sx={{ width: '100%' }}
        >
          {message.message}
        </Alert>
      )}
    </Snackbar>
  );
}
