import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SecretOnceDialogProps {
  /** The secret to show; null: the dialog is closed (and the secret gone from memory). */
  secret: string | null;
  title: ReactNode;
  /** What the secret is for (scope, expiry, endpoint), above the secret. */
  children?: ReactNode;
  onClose: () => void;
  testId: string;
}

/**
 * A secret the server shows this once (an API token, a webhook's signing secret, issue 16): the
 * secret with a copy button, and a plain warning that it will not be shown again. Copies with the
 * Clipboard API; where that is missing or refused (an insecure origin, a denied permission) it
 * selects the text so the keyboard or the context menu can copy it. A click outside does not
 * close it, so the secret is not lost by a slip.
 */
export function SecretOnceDialog({
  secret,
  title,
  children,
  onClose,
  testId,
}: SecretOnceDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'selected'>('idle');
  const [shown, setShown] = useState(secret);
  // A new secret starts with a fresh copy state; a closing dialog keeps its text while it fades.
  if (secret !== null && secret !== shown) {
    setShown(secret);
    setCopy('idle');
  }

  const selectText = () => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    input.select();
  };

  const copySecret = async () => {
    if (!shown) return;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(shown);
      setCopy('copied');
    } catch {
      selectText();
      setCopy('selected');
    }
  };

  return (
    <Dialog
      open={secret !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid={testId}
      // Once faded out the secret leaves the page and the component's memory.
      slotProps={{ transition: { onExited: () => setShown(null) } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {children}
          <Alert severity="warning" data-testid={`${testId}-warning`}>
            {t('secretOnce.warning')}
          </Alert>
          <TextField
            label={t('secretOnce.label')}
            value={shown ?? ''}
            multiline
            fullWidth
            inputRef={inputRef}
            onFocus={(event) => event.target.select()}
            slotProps={{
              input: { readOnly: true, sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } },
              htmlInput: { 'data-testid': `${testId}-secret`, spellCheck: false },
            }}
          />
          {copy === 'copied' && (
            <Alert severity="success" role="status" data-testid={`${testId}-copied`}>
              {t('secretOnce.copied')}
            </Alert>
          )}
          {copy === 'selected' && (
            <Alert severity="info" role="status" data-testid={`${testId}-selected`}>
              {t('secretOnce.selected')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copySecret()}
          autoFocus
          sx={{ minHeight: 44 }}
          data-testid={`${testId}-copy`}
        >
          {t('secretOnce.copy')}
        </Button>
        <Button
          variant="contained"
          onClick={onClose}
          sx={{ minHeight: 44 }}
          data-testid={`${testId}-close`}
        >
          {t('secretOnce.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
