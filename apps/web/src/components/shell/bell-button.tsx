import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';

/**
 * The top bar's bell: with the number of unread activities once they are known (`null` before:
 * the activity chunk is still loading), so the button keeps its place and size throughout.
 */
export function BellButton({ unread, onClick }: { unread: number | null; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <IconButton
      color="inherit"
      aria-label={
        unread === null ? t('activities.title') : t('shell.notifications', { count: unread })
      }
      data-testid="notification-button"
      onClick={onClick}
    >
      {/* Only a count to show makes a badge: a hidden one still holds its text ("0"), which
          axe reads as visible text missing from the button's name. */}
      {unread ? (
        <Badge badgeContent={unread} color="secondary" max={99} data-testid="notification-badge">
          <NotificationsIcon />
        </Badge>
      ) : (
        <NotificationsIcon />
      )}
    </IconButton>
  );
}
