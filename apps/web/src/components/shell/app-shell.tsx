import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { Outlet } from 'react-router';
import { useAccountLanguage } from '../../lib/i18n/use-account-language';
import { usePerson } from '../../lib/session/session-provider';
import { BottomBar } from './bottom-bar';
import { LeftDrawer } from './left-drawer';
import { NavigationProgress } from './navigation-progress';
import { OnlineStatusBanner } from './online-status-banner';
import { RightDrawerProvider } from './right-drawer-provider';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';

const MAIN_ID = 'main-content';

/**
 * The frame around every page (SPEC section 2): top bar with the offline banner under it, the
 * sitemap drawer on the left, the right drawer, the bottom bar. The page scrolls, the bars stay.
 */
export function AppShell() {
  const person = usePerson();
  useAccountLanguage();
  const theme = useTheme();
  // Read synchronously so a wide screen does not first render the overlay variant.
  const docked = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();

  return (
    <RightDrawerProvider>
      <SkipLink targetId={MAIN_ID} />
      <NavigationProgress />
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
        <TopBar
          drawerId={drawerId}
          drawerOpen={Boolean(person) && drawerOpen}
          onToggleDrawer={() => setDrawerOpen((open) => !open)}
        />
        <OnlineStatusBanner />
        <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
          {person && (
            <LeftDrawer
              id={drawerId}
              open={drawerOpen}
              docked={docked}
              onClose={() => setDrawerOpen(false)}
            />
          )}
          <Box
            component="main"
            id={MAIN_ID}
            tabIndex={-1}
            sx={{ flex: 1, minWidth: 0, overflow: 'auto', outline: 'none' }}
          >
            <Outlet />
          </Box>
        </Box>
        <BottomBar />
      </Box>
    </RightDrawerProvider>
  );
}
