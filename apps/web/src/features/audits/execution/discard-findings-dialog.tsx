import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../../lib/i18n/domain-message';

/**
 * SPEC section 4: before a finding that closes the question replaces the item's other findings
 * (and their measures), the user confirms; cancel changes nothing.
 */
export function DiscardFindingsDialog({
  onCancel,
  onConfirm,
}: {
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const titleId = useId();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} data-testid="finding-discard-dialog">
      <DialogTitle id={titleId}>{t('execution.discard.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="finding-discard-text">
          {translate({ key: 'auditItem.confirmDiscardFindings' })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} data-testid="finding-discard-cancel">
          {t('execution.discard.cancel')}
        </Button>
        <Button
          color="warning"
          variant="contained"
          onClick={onConfirm}
          data-testid="finding-discard-confirm"
        >
          {t('execution.discard.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
