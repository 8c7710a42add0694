import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/online/use-online-status';

/** The server streams the archive here (apps/server/src/modules/backup/backup.routes.ts). */
export const BACKUP_DOWNLOAD_URL = '/api/v1/backup';

/**
 * What an administrator confirms before downloading a backup (issue 20). The download is a
 * plain link, not a fetch: the browser streams the archive straight to disk and shows its own
 * progress, however large the installation is, and the page holds nothing of it in memory.
 */
export function BackupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const titleId = useId();
  const offlineId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => onClose()}
      aria-labelledby={titleId}
      data-testid="backup-dialog"
    >
      <DialogTitle id={titleId}>{t('backup.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('backup.what')}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{t('backup.duration')}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }} color="warning.main">
          {t('backup.safety')}
        </DialogContentText>
        {!online && (
          <DialogContentText
            id={offlineId}
            sx={{ mt: 1 }}
            color="warning.main"
            data-testid="backup-offline"
          >
            {t('backup.offline')}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{t('backup.cancel')}</Button>
        <Button
          component="a"
          variant="contained"
          startIcon={<DownloadIcon />}
          data-testid="backup-download"
          // Offline the link has no target at all, so neither a click nor Enter can start a
          // download that would only fail; the note above says why.
          href={online ? BACKUP_DOWNLOAD_URL : undefined}
          download
          disabled={!online}
          aria-describedby={online ? undefined : offlineId}
          // Closed only after the click is done: a link removed while it is being followed
          // follows nowhere.
          onClick={() => window.setTimeout(onClose)}
        >
          {t('backup.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
