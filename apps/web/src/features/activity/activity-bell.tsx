import CircularProgress from '@mui/material/CircularProgress';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../app/chunk-load';
import { BellButton } from '../../components/shell/bell-button';
import { useRightDrawer } from '../../components/shell/right-drawer-provider';
import { useUnreadActivities } from './activity-stream-query';

/**
 * The stream (its list, groups and the sentences of every command) loads at the first press:
 * the badge needs only the count, and every first screen pays for what it loads (issue 18).
 * The service worker keeps the chunk, so it opens offline too.
 */
const ActivityStream = lazyComponent(
  () => import('./activity-stream'),
  (m) => m.ActivityStream,
);

function StreamLoading() {
  const { t } = useTranslation();
  return (
    <CircularProgress
      size={24}
      aria-label={t('activities.loading')}
      sx={{ display: 'block', mx: 'auto', my: 3 }}
    />
  );
}

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
      onClick={() =>
        drawer.open(
          t('activities.title'),
          <Suspense fallback={<StreamLoading />}>
            <ActivityStream />
          </Suspense>,
        )
      }
    />
  );
}
