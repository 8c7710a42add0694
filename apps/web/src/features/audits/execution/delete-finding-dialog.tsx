import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Delete finding?": the finding named by its type and text, confirmed before it goes. Its own
 * chunk, loaded when a deletion is asked for, so the execution tab's first load carries no dialog.
 */
export function DeleteFindingDialog({
  finding,
  onCancel,
  onConfirm,
}: {
  /** "Major deviation: Stanzen ohne Prüfung". */
  finding: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('execution.delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="finding-delete-text">
          {t('execution.delete.text')}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{finding}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('execution.delete.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          data-testid="finding-delete-confirm"
        >
          {t('execution.delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
