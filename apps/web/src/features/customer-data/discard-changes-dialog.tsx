import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** Asked before unsaved edits of a list are dropped (switching to another list, a new list). */
export function DiscardChangesDialog({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onKeep}
      aria-labelledby="discard-changes-title"
      aria-describedby="discard-changes-text"
      data-testid="discard-dialog"
    >
      <DialogTitle id="discard-changes-title">{t('customerData.discardTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="discard-changes-text">
          {t('customerData.discardText')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* Keeping the edits is the safe choice, so it has the focus. */}
        <Button onClick={onKeep} autoFocus data-testid="discard-cancel">
          {t('customerData.keepEditing')}
        </Button>
        <Button onClick={onDiscard} color="error" data-testid="discard-confirm">
          {t('customerData.discard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
