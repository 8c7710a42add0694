import Alert from '@mui/material/Alert';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellSettings } from '../../lib/config/shell-settings';
import { useOnlineStatus } from '../../lib/online/use-online-status';

/**
 * SPEC sections 4 and 8: offline shows an info banner for as long as it lasts; coming back
 * shows a success banner for 5 s. While offline, leaving the page asks first, because pending
 * changes may not have reached the server.
 */
export function OnlineStatusBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const [backOnline, setBackOnline] = useState(false);
  const wasOffline = useRef(!online);
  // SPEC section 9: 5 s, configuration `app.timeouts.bannerMs`.
  const { bannerMs } = useShellSettings();

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setBackOnline(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBackOnline(true);
    const timer = setTimeout(() => setBackOnline(false), bannerMs);
    return () => clearTimeout(timer);
    // The time is read when the connection comes back; a later change need not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online]);

  useEffect(() => {
    if (online) return;
    const warning = t('online.unloadWarning');
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show (or at least require) returnValue.
      event.returnValue = warning;
      return warning;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [online, t]);

  if (!online) {
    return (
      <Alert severity="info" square data-testid="offline-banner">
        {t('online.offline')}
      </Alert>
    );
  }
  if (backOnline) {
    return (
      <Alert severity="success" square data-testid="online-banner">
        {t('online.backOnline')}
      </Alert>
    );
  }
  return null;
}
