import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/dialog/confirm-delete-dialog';

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
  return (
    <ConfirmDeleteDialog
      open
      onClose={onCancel}
      onConfirm={onConfirm}
      title={t('execution.delete.title')}
      cancelLabel={t('execution.delete.cancel')}
      confirmLabel={t('execution.delete.confirm')}
      confirmTestId="finding-delete-confirm"
    >
      <DialogContentText data-testid="finding-delete-text">
        {t('execution.delete.text')}
      </DialogContentText>
      <DialogContentText sx={{ mt: 1 }}>{finding}</DialogContentText>
    </ConfirmDeleteDialog>
  );
}
