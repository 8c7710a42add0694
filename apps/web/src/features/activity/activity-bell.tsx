import { useTranslation } from 'react-i18next';
import { BellButton } from '../../components/shell/bell-button';
import { useRightDrawer } from '../../components/shell/right-drawer-provider';
import { ActivityStream } from './activity-stream';
import { useUnreadActivities } from './activity-stream-query';

/**
 * The top bar's bell (SPEC section 2 "Top bar"): the badge counts the unread activities live
 * from the replica (a colleague's change raises it without a reload, marking one read lowers it
 * at once, offline too); a press opens the activity stream in the right drawer.
 */
export function ActivityBell() {
  const { t } = useTranslation();
  const drawer = useRightDrawer();
  const unread = useUnreadActivities().activities.length;
  return (
    <BellButton
      unread={unread}
      onClick={() => drawer.open(t('activities.title'), <ActivityStream />)}
    />
  );
}
