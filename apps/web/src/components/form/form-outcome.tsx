import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';

/**
 * The end of a form that saves to the server: its error, its success, the progress while it
 * saves, and the submit button (disabled while saving and offline).
 */
export function FormOutcome({
  error,
  success,
  busy,
  busyLabel,
  disabled,
  submitLabel,
  testId,
  successTestId = `${testId}-done`,
}: {
  error: string | null;
  /** The success text, or null while there is none to show. */
  success: string | null;
  busy: boolean;
  busyLabel: string;
  disabled: boolean;
  submitLabel: string;
  /** `<testId>-error`, `<successTestId>`, `<testId>-save`. */
  testId: string;
  successTestId?: string;
}) {
  return (
    <>
      {error && (
        <Alert severity="error" data-testid={`${testId}-error`}>
          {error}
        </Alert>
      )}
      {success && (
        <Alert severity="success" data-testid={successTestId} role="status">
          {success}
        </Alert>
      )}
      {busy && <LinearProgress aria-label={busyLabel} />}
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || disabled}
          sx={{ minHeight: 44 }}
          data-testid={`${testId}-save`}
        >
          {submitLabel}
        </Button>
      </Box>
    </>
  );
}
