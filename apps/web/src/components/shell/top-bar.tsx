import type { Person } from '@qa/domain';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../lib/session/session-provider';
import { AuthButton } from './auth-button';
import { LanguageSwitchButton } from './language-switch-button';
import { NotificationButton } from './notification-button';
import { ReloadButton } from './reload-button';
import { UserMenu } from './user-menu';

interface TopBarProps {
  drawerId: string;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
}

/**
 * SPEC section 2 "Top bar"; the offline banner sits right under it (app-shell). While the
 * session is being checked the bar stays empty: its items depend on who is signed in (the menu
 * button before the title, notifications and the user menu after it), and showing them early
 * would move the title and buttons once the answer came (layout shift, issue 18.2).
 */
export function TopBar({ drawerId, drawerOpen, onToggleDrawer }: TopBarProps) {
  const { state } = useSession();
  return (
    <AppBar position="static" component="header" elevation={1}>
      <Toolbar sx={{ gap: 0.5 }}>
        {state.status !== 'loading' && (
          <TopBarItems
            person={state.status === 'signed-in' ? state.person : null}
            drawerId={drawerId}
            drawerOpen={drawerOpen}
            onToggleDrawer={onToggleDrawer}
          />
        )}
      </Toolbar>
    </AppBar>
  );
}

function TopBarItems({
  person,
  drawerId,
  drawerOpen,
  onToggleDrawer,
}: TopBarProps & { person: Person | null }) {
  const { t } = useTranslation();
  // The buttons after the title come in a render of their own, right after the first: their
  // styles (MUI's button in five variants) were about a third of the start's longest task at a
  // phone's CPU (issue 40). They sit behind the spacer, so nothing moves when they come.
  const withActions = useDeferredValue(true, false);
  return (
    <>
      {person && (
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('shell.openMenu')}
          aria-controls={drawerId}
          aria-expanded={drawerOpen}
          onClick={onToggleDrawer}
        >
          <MenuIcon />
        </IconButton>
      )}
      <Typography
        variant="h6"
        component={RouterLink}
        to="/"
        noWrap
        // 6 px above and below make the 32 px line a 44 px touch target (issue 18.3).
        sx={{ color: 'inherit', textDecoration: 'none', ml: 1, py: '6px' }}
      >
        {t('app.title')}
      </Typography>
      <Box sx={{ flex: 1 }} />
      {withActions && (
        <>
          {person && <NotificationButton />}
          <ReloadButton />
          <LanguageSwitchButton />
          <AuthButton />
          {person && <UserMenu person={person} />}
        </>
      )}
    </>
  );
}
