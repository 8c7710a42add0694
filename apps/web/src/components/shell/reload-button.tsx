import RefreshIcon from '@mui/icons-material/Refresh';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../lib/client-config/client-config-provider';

/** Shown only when the server enables it (client-config `reloadEnabled`). */
export function ReloadButton() {
  const { t } = useTranslation();
  const { reloadEnabled } = useClientConfig();
  if (!reloadEnabled) return null;
  return (
    <IconButton
      color="inherit"
      aria-label={t('shell.reload')}
      onClick={() => window.location.reload()}
    >
      <RefreshIcon />
    </IconButton>
  );
}
