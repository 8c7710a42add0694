import DialogContentText from '@mui/material/DialogContentText';
import LinearProgress from '@mui/material/LinearProgress';
import {
  AUDIT_ITEMS_COLLECTION,
  MAX_DOCUMENTS_PER_COMMAND,
  MEASURES_COLLECTION,
  deleteAuditCommand,
} from '@qa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConfirmDeleteDialog,
  idChunks,
  useLastShown,
} from '../../components/dialog/confirm-delete-dialog';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useCommand } from '../../lib/sync/use-command';
import { useQuery } from '../../lib/sync/use-query';

export interface AuditMatrixDeleteDialogProps {
  /** The audit to delete; null = closed. */
  audit: { id: string; name: string } | null;
  onClose: () => void;
}

/**
 * Asks before deleting an audit. A command sees only the documents it names, so the audit's
 * items are subscribed while the question is open and their ids go with `audit.delete`.
 * Closes on the local result; the server's answer arrives through the SyncProvider.
 */
export function AuditMatrixDeleteDialog({ audit, onClose }: AuditMatrixDeleteDialogProps) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const [busy, setBusy] = useState(false);
  // The name stays while the dialog fades out after `audit` went back to null.
  const shown = useLastShown(audit);
  const { documents: items, loading } = useQuery(
    audit
      ? {
          collection: AUDIT_ITEMS_COLLECTION,
          filters: [{ path: ['auditId'], op: '==', value: audit.id }],
        }
      : null,
  );
  // Its measures live on, marked as of an audit that is gone (every device has them all).
  const { documents: measures } = useQuery(
    audit
      ? {
          collection: MEASURES_COLLECTION,
          filters: [{ path: ['audit_id'], op: '==', value: audit.id }],
        }
      : null,
  );

  async function confirm() {
    if (!audit) return;
    setBusy(true);
    try {
      // More items than one command carries: the first deletes the audit with its first items,
      // the next ones delete the rest (an audit already gone still has its listed items deleted).
      const parts = idChunks(
        items.map((item) => item.id),
        MAX_DOCUMENTS_PER_COMMAND,
      );
      const measureIds = measures.map((measure) => measure.id).slice(0, MAX_DOCUMENTS_PER_COMMAND);
      for (const [index, itemIds] of parts.entries()) {
        const outcome = await runCommand(deleteAuditCommand.name, {
          id: audit.id,
          itemIds,
          ...(index === 0 ? { measureIds } : {}),
        });
        if (!outcome.local.ok) {
          show({ type: 'error', message: translate(outcome.local.error.message) });
          return;
        }
        if (index === 0 && outcome.local.message) {
          show({ type: 'success', message: translate(outcome.local.message) });
        }
      }
      onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDeleteDialog
      open={audit !== null}
      onClose={onClose}
      onConfirm={() => void confirm()}
      title={t('auditMatrix.deleteTitle')}
      cancelLabel={t('auditMatrix.cancel')}
      confirmLabel={t('auditMatrix.delete')}
      confirmDisabled={busy || loading}
      confirmTestId="audit-delete-confirm"
    >
      <DialogContentText data-testid="audit-delete-question">
        {t('auditMatrix.deleteQuestion', { name: shown?.name ?? '' })}
      </DialogContentText>
      {loading ? (
        <LinearProgress aria-label={t('auditMatrix.loadingItems')} sx={{ mt: 2 }} />
      ) : (
        <DialogContentText sx={{ mt: 1 }} data-testid="audit-delete-items">
          {t('auditMatrix.deleteItems', { count: items.length })}
        </DialogContentText>
      )}
      {measures.length > 0 && (
        <DialogContentText sx={{ mt: 1 }} data-testid="audit-delete-measures">
          {t('auditMatrix.deleteKeepsMeasures', { count: measures.length })}
        </DialogContentText>
      )}
    </ConfirmDeleteDialog>
  );
}
