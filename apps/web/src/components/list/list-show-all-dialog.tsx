import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** "Show all N entries?" before the "All" page size (SPEC section 2): rendering all can be slow. */
export function ListShowAllDialog({
  open,
  itemCount,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  itemCount: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('list.showAllTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('list.showAllText', { count: itemCount })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {t('list.cancel')}
        </Button>
        <Button onClick={onConfirm} data-testid="list-show-all-confirm">
          {t('list.showAllConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
