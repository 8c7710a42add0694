import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useCommand } from '../../lib/sync/use-command';
import type { MeasureView } from './measure-model';

/**
 * SPEC section 5: "Are you sure you want to delete this measure?" before `measure.delete`;
 * cancel changes nothing.
 */
export function MeasureDeleteDialog({
  measure,
  onClose,
  onDeleted,
}: {
  measure: Pick<MeasureView, 'id' | 'audit_id' | 'text'>;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const titleId = useId();

  async function remove() {
    const { local } = await runCommand('measure.delete', {
      id: measure.id,
      auditId: measure.audit_id,
    });
    show({
      type: local.ok ? 'success' : 'error',
      message: translate(
        local.ok ? (local.message ?? { key: 'measure.deleted' }) : local.error.message,
      ),
    });
    onClose();
    if (local.ok) onDeleted?.();
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} data-testid="measure-delete-dialog">
      <DialogTitle id={titleId}>{t('measures.dialog.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate({ key: 'confirm.deleteMeasure' })}</DialogContentText>
        <DialogContentText sx={{ mt: 1, fontWeight: 500, overflowWrap: 'anywhere' }}>
          {measure.text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="measure-delete-cancel">
          {t('measures.dialog.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void remove()}
          data-testid="measure-delete-confirm"
        >
          {t('measures.dialog.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
