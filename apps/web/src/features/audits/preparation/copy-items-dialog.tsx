import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { copyAuditItemsCommand, MAX_COPIED_ITEMS } from '@qa/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { useLanguage } from '../../../lib/i18n/use-language';
import { randomId } from '../../../lib/sync/random-id';
import { useCommand } from '../../../lib/sync/use-command';
import { copyItemsArgs, type LastAudit } from './last-audit-model';

export interface CopyItemsDialogProps {
  auditId: string;
  source: LastAudit;
  standardIds: string[];
  onClose: () => void;
}

/**
 * "Copy questions from the last audit of this scope" (issue 14.7): says which audit and how many
 * questions, then copies them without findings with `audit.copyItems` (one command per 1,000).
 */
export function CopyItemsDialog({ auditId, source, standardIds, onClose }: CopyItemsDialogProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const titleId = useId();
  const [sending, setSending] = useState(false);
  const count = source.itemIds.length;

  async function send() {
    setSending(true);
    try {
      for (let start = 0; start < count; start += MAX_COPIED_ITEMS) {
        const part = { ...source, itemIds: source.itemIds.slice(start, start + MAX_COPIED_ITEMS) };
        const args = copyItemsArgs({
          auditId,
          source: part,
          standardIds,
          language,
          newId: randomId,
        });
        const { local } = await runCommand(copyAuditItemsCommand.name, args);
        if (!local.ok) {
          show({ type: 'error', message: translate(local.error.message) });
          setSending(false);
          return;
        }
        if (local.message) show({ type: 'success', message: translate(local.message) });
      }
      onClose();
    } catch {
      show({ type: 'error', message: t('preparation.copyItemsFailed') });
      setSending(false);
    }
  }

  return (
    <Dialog open onClose={sending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('preparation.copyItemsTitle')}</DialogTitle>
      <DialogContent data-testid="copy-items-dialog">
        <DialogContentText data-testid="copy-items-text">
          {t('preparation.copyItemsText', { count, audit: source.name })}
        </DialogContentText>
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('preparation.copyItemsFresh')}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('preparation.copyItemsCancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={sending}
          data-testid="copy-items-confirm"
        >
          {t('preparation.copyItemsConfirm', { count })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
