import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

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

/**
 * SPEC section 2: every navigation shows a loading indicator and clears it afterwards. A
 * navigation is "loading" while its lazy route module (and later loaders) load; the very first
 * load is covered by the router's hydrate fallback (app/router).
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === 'idle' ? null : <NavigationProgressBar />;
}
