import ShareIcon from '@mui/icons-material/Share';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../snackbar/snackbar-provider';

/**
 * Shares the current page with the device's share function (SPEC section 2 "Bottom bar");
 * where there is none (most desktops), copies the link instead.
 */
export function ShareButton() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: document.title, url });
        return;
      } catch (error) {
        // The user closed the share sheet: nothing to do, and no copy they did not ask for.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      snackbar.show({ message: t('share.copied'), type: 'success' });
    } catch {
      snackbar.show({ message: t('share.failed'), type: 'error' });
    }
  };

  return (
    <IconButton color="inherit" aria-label={t('share.button')} onClick={() => void share()}>
      <ShareIcon />
    </IconButton>
  );
}
