import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Completing a VDA audit whose grade is not valid (issue 19): what is missing, and an explicit
 * confirmation; without the checkbox ticked nothing is sent. The confirmation is recorded on
 * the audit by `audit.complete` (`confirmIncomplete: true`).
 */
export function VdaCompleteDialog({
  missing,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  /** What is missing for a valid grade, in words. */
  missing: readonly string[];
  busy: boolean;
  /** A refusal of the completion, in words. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [confirmed, setConfirmed] = useState(false);
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid="vda-complete-dialog"
    >
      <DialogTitle id={titleId}>{t('audit.stepper.vda.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography gutterBottom>{t('audit.stepper.vda.intro')}</Typography>
        <Box component="ul" sx={{ mt: 0, pl: 3 }} data-testid="vda-complete-missing">
          {missing.map((text, index) => (
            <Typography component="li" key={index} sx={{ overflowWrap: 'anywhere' }}>
              {text}
            </Typography>
          ))}
        </Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={confirmed}
              onChange={(event) => setConfirmed(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'vda-complete-confirm' } as object }}
            />
          }
          label={t('audit.stepper.vda.confirm')}
          sx={{ alignItems: 'flex-start', mt: 1, '& .MuiFormControlLabel-label': { pt: 1 } }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('audit.stepper.vda.recorded')}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="vda-complete-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid="vda-complete-cancel">
          {t('audit.stepper.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          disabled={!confirmed || busy}
          onClick={onConfirm}
          data-testid="vda-complete-submit"
        >
          {t('audit.stepper.vda.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
