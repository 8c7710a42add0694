import { Suspense } from 'react';
import { optionalComponent } from '../../app/chunk-load';
import { BellButton } from './bell-button';

/**
 * The bell with its count and the stream it opens need the domain's schemas and sentences,
 * which never load with the entry (vite.config.ts): they come in a chunk of their own after
 * the first paint. Until then, or if that chunk cannot load, the plain bell holds the place.
 */
const ActivityBell = optionalComponent(
  () => import('../../features/activity/activity-bell'),
  (m) => m.ActivityBell,
  () => <BellButton unread={null} />,
  'the activity stream',
  { firstScreen: true },
);

/** Unread activities (SPEC section 2 "Top bar"); the bell opens the activity stream. */
export function NotificationButton() {
  return (
    <Suspense fallback={<BellButton unread={null} />}>
      <ActivityBell />
    </Suspense>
  );
}
