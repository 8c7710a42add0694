import LinearProgress from '@mui/material/LinearProgress';
import { keyframes } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation } from 'react-router';

/**
 * MUI's indeterminate bars, moved by transform instead of `left`/`right`: the same motion, but
 * a moving `left` is a layout shift in every frame (Lighthouse counted a dozen on each load).
 * Each bar spans the track and is placed by translateX (share of its width = of the track) and
 * sized by scaleX from its left edge.
 */
const bar1 = keyframes`
  0% { transform: translateX(-35%) scaleX(0.35); }
  60%, 100% { transform: translateX(100%) scaleX(0.9); }
`;
const bar2 = keyframes`
  0% { transform: translateX(-200%) scaleX(2); }
  60%, 100% { transform: translateX(107%) scaleX(0.01); }
`;
const transformedBars = {
  '& .MuiLinearProgress-bar': { left: 0, right: 'auto', width: '100%', transformOrigin: 'left' },
  '& .MuiLinearProgress-bar1': {
    animation: `${bar1} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`,
  },
  '& .MuiLinearProgress-bar2': {
    // Off the track (its 0% frame) during the delay, not across it.
    animation: `${bar2} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite backwards`,
  },
};

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
        ...transformedBars,
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
