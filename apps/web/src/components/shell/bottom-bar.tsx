import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ShareButton } from './share-button';
import { SyncStateSlot } from './sync-state-slot';

/** SPEC section 2 "Bottom bar": back, sync state, share. */
export function BottomBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The router marks the entry the app was opened with as 'default': nothing to go back to.
  const canGoBack = useLocation().key !== 'default';
  return (
    <AppBar position="static" component="footer" color="default" elevation={2}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('shell.back')}
          disabled={!canGoBack}
          onClick={() => void navigate(-1)}
        >
          <ArrowBackIcon />
        </IconButton>
        <SyncStateSlot />
        <ShareButton />
      </Toolbar>
    </AppBar>
  );
}
