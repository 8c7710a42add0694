import DialogContentText from '@mui/material/DialogContentText';
import LinearProgress from '@mui/material/LinearProgress';
import {
  MAX_DOCUMENTS_PER_COMMAND,
  TEMPLATE_ITEMS_COLLECTION,
  deleteTemplateCommand,
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

export interface TemplateDeleteDialogProps {
  /** The template to delete; null = closed. */
  template: { id: string; name: string } | null;
  onClose: (deleted?: boolean) => void;
}

/** `itemIds` cut to what one command may carry (at least one, possibly empty, part). */
export function itemIdChunks(ids: readonly string[], size = MAX_DOCUMENTS_PER_COMMAND): string[][] {
  return idChunks(ids, size);
}

/**
 * Asks 'Are you sure you want to delete this item?' (SPEC section 5) before deleting a template.
 * A command sees only the documents it names, so the template's items are subscribed while the
 * question is open and their ids go with `template.delete`.
 */
export function TemplateDeleteDialog({ template, onClose }: TemplateDeleteDialogProps) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const runCommand = useCommand();
  const { show } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const shown = useLastShown(template);
  const { documents: items, loading } = useQuery(
    template
      ? {
          collection: TEMPLATE_ITEMS_COLLECTION,
          filters: [{ path: ['templateId'], op: '==', value: template.id }],
        }
      : null,
  );

  async function confirm() {
    if (!template) return;
    setBusy(true);
    try {
      for (const [index, itemIds] of itemIdChunks(items.map((item) => item.id)).entries()) {
        const { local } = await runCommand(deleteTemplateCommand.name, {
          id: template.id,
          itemIds,
        });
        if (!local.ok) {
          show({ type: 'error', message: translate(local.error.message) });
          return;
        }
        if (index === 0 && local.message)
          show({ type: 'success', message: translate(local.message) });
      }
      onClose(true);
    } catch {
      show({ type: 'error', message: t('templates.commandFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDeleteDialog
      open={template !== null}
      onClose={onClose}
      onConfirm={() => void confirm()}
      title={t('templates.delete.title', { name: shown?.name ?? '' })}
      cancelLabel={t('templates.delete.cancel')}
      confirmLabel={t('templates.delete.confirm')}
      confirmDisabled={busy || loading}
      confirmTestId="template-delete-confirm"
    >
      <DialogContentText data-testid="template-delete-question">
        {translate({ key: 'confirm.deleteItem' })}
      </DialogContentText>
      {loading ? (
        <LinearProgress aria-label={t('templates.delete.loadingItems')} sx={{ mt: 2 }} />
      ) : (
        <DialogContentText sx={{ mt: 1 }} data-testid="template-delete-items">
          {t('templates.delete.items', { count: items.length })}
        </DialogContentText>
      )}
    </ConfirmDeleteDialog>
  );
}
