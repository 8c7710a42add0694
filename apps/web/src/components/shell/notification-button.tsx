import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRightDrawer } from './right-drawer-provider';

/**
 * Unread activities (SPEC section 2 "Top bar"). The activity stream lands with the sync engine;
 * until then the count is an honest 0 and the drawer says so.
 */
export function NotificationButton() {
  const { t } = useTranslation();
  const drawer = useRightDrawer();
  const unread = 0;
  return (
    <IconButton
      color="inherit"
      aria-label={t('shell.notifications', { count: unread })}
      data-testid="notification-button"
      onClick={() =>
        drawer.open(
          t('activities.title'),
          <Typography color="text.secondary">{t('activities.empty')}</Typography>,
        )
      }
    >
      <Badge badgeContent={unread} color="secondary" showZero>
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
