import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog, useLastShown } from '../../components/dialog/confirm-delete-dialog';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { useOnlineStatus } from '../../lib/online/use-online-status';
import { errorText, peopleApi } from './people-api';

export interface UserDeleteDialogProps {
  /** The person to delete; null = closed. */
  person: { id: string; displayName: string } | null;
  /** `result`: what the server did (a person named in audits or measures is deactivated). */
  onClose: (result?: 'deleted' | 'deactivated') => void;
}

/**
 * "Are you sure?" before deleting a person (issue 15.1). The server decides: a person named by an
 * audit, a measure or a photo is deactivated instead (and stays readable as a name); the answer
 * is shown. Needs the server: disabled offline, saying why.
 */
export function UserDeleteDialog({ person, onClose }: UserDeleteDialogProps) {
  const { t } = useTranslation();
  const translate = useDomainMessage();
  const { show } = useSnackbar();
  const online = useOnlineStatus();
  const [busy, setBusy] = useState(false);
  const shown = useLastShown(person);
  const name = shown?.displayName || shown?.id || '';

  async function confirm() {
    if (!person) return;
    setBusy(true);
    try {
      const { result } = await peopleApi.remove(person.id);
      show({
        type: 'success',
        message:
          result === 'deactivated'
            ? t('users.delete.deactivated', { name })
            : t('users.delete.deleted', { name }),
      });
      onClose(result);
    } catch (error) {
      show({ type: 'error', message: errorText(t, error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDeleteDialog
      open={person !== null}
      onClose={() => onClose()}
      onConfirm={() => void confirm()}
      title={t('users.delete.title', { name })}
      cancelLabel={t('users.cancel')}
      confirmLabel={t('users.delete.confirm')}
      confirmDisabled={busy || !online}
      confirmTestId="user-delete-confirm"
    >
      <DialogContentText data-testid="user-delete-question">
        {translate({ key: 'confirm.deleteItem' })}
      </DialogContentText>
      <DialogContentText sx={{ mt: 1 }}>{t('users.delete.deactivateHint')}</DialogContentText>
      {!online && (
        <DialogContentText sx={{ mt: 1 }} color="warning.main" data-testid="user-delete-offline">
          {t('users.offline')}
        </DialogContentText>
      )}
    </ConfirmDeleteDialog>
  );
}
