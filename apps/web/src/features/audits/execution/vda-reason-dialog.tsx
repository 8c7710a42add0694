import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { DomainMessage } from '@qa/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../../lib/i18n/domain-message';

/**
 * Why a question is not evaluated (n.e. needs a reason): the domain's refusal (an empty reason:
 * `vda.reasonRequired`) shows at the field. `onSubmit` resolves with the refusal, or null when
 * the evaluation was recorded.
 */
export function VdaReasonDialog({
  question,
  onCancel,
  onSubmit,
}: {
  /** "6.2.3*" and the step or part, for the title. */
  question: string;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<DomainMessage | null>;
}) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // An empty reason goes to the domain too: its refusal is the message shown.
    setBusy(true);
    const refusal = await onSubmit(reason.trim());
    setBusy(false);
    if (refusal) {
      setError(translate(refusal));
      field.current?.focus();
    }
  }

  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void submit(event)} data-testid="vda-reason-dialog">
        <DialogTitle id={titleId}>{t('execution.vda.reasonTitle', { question })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('execution.vda.reasonText')}</DialogContentText>
          <TextField
            label={t('execution.vda.reasonField')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (error) setError(null);
            }}
            required
            autoFocus
            fullWidth
            multiline
            minRows={2}
            error={error !== null}
            helperText={error ?? undefined}
            inputRef={field}
            slotProps={{ htmlInput: { 'data-testid': 'vda-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('execution.vda.reasonCancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="vda-reason-save">
            {t('execution.vda.reasonSave')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
