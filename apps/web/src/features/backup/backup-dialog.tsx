import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../lib/api/api-client';
import { useOnlineStatus } from '../../lib/online/use-online-status';

/** The server streams the archive here (apps/server/src/modules/backup/backup.routes.ts). */
export const BACKUP_DOWNLOAD_URL = '/api/v1/backup';
/** Whether a backup runs now: the server makes one at a time and refuses a second (409). */
export const BACKUP_STATUS_URL = '/api/v1/backup/status';
/** While one runs, the dialog asks again this often, so Download comes back when it is done. */
export const BACKUP_STATUS_POLL_MS = 5_000;

/**
 * Whether the server is making a backup now, asked while the dialog is open. A link cannot show
 * why a download was refused (the browser only says it failed), so the refusal is said here
 * before. Unknown (the question failed) counts as free: the download itself will tell.
 */
function useBackupRunning(open: boolean, online: boolean): boolean {
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (!open || !online) return undefined;
    let stopped = false;
    let timer: number | undefined;
    const ask = async () => {
      const status = await apiGet<{ running?: boolean }>(BACKUP_STATUS_URL).catch(() => null);
      if (stopped) return;
      const now = status?.running === true;
      setRunning(now);
      if (now) timer = window.setTimeout(() => void ask(), BACKUP_STATUS_POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      setRunning(false);
    };
  }, [open, online]);
  return running;
}

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
  const busyId = useId();
  const running = useBackupRunning(open, online);
  const blockedBy = !online ? offlineId : running ? busyId : undefined;
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
        {online && running && (
          <DialogContentText
            id={busyId}
            sx={{ mt: 1 }}
            color="warning.main"
            role="status"
            data-testid="backup-busy"
          >
            {t('backup.busy')}
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
          // Offline or while another backup runs the link has no target at all, so neither a
          // click nor Enter can start a download that would only fail; the note above says why.
          href={blockedBy ? undefined : BACKUP_DOWNLOAD_URL}
          download
          disabled={Boolean(blockedBy)}
          aria-describedby={blockedBy}
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
