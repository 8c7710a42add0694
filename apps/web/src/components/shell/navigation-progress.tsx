import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation } from 'react-router';

/** The bar itself: fixed at the very top, above the app bar and drawers. */
export function NavigationProgressBar() {
  const { t } = useTranslation();
  return (
    <LinearProgress
      data-testid="navigation-progress"
      aria-label={t('shell.navigationProgress')}
      color="secondary"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
      }}
    />
  );
}

/** How long the bar stays at least after a location change, so even an instant one is seen. */
export const NAVIGATION_PROGRESS_MIN_MS = 300;

/**
 * SPEC section 2: every navigation shows a loading indicator and clears it afterwards. The bar
 * shows while the router is busy (a lazy route module or, later, loaders) and for at least
 * NAVIGATION_PROGRESS_MIN_MS after every location change, also when the page's chunk is
 * cached and the change is instant. The very first load is covered by the router's hydrate
 * fallback (app/routes).
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { key } = useLocation();
  // The location whose minimum time is over; a new location shows the bar until it is.
  const [settledKey, setSettledKey] = useState(key);
  const holding = settledKey !== key;

  useEffect(() => {
    if (!holding) return;
    const timer = window.setTimeout(() => setSettledKey(key), NAVIGATION_PROGRESS_MIN_MS);
    return () => window.clearTimeout(timer);
  }, [holding, key]);

  return holding || navigation.state !== 'idle' ? <NavigationProgressBar /> : null;
}
