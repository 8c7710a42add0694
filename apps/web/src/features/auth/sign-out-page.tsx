import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/pages/page-spinner';
import { useSession } from '../../lib/session/session-provider';
import { useSyncSelector } from '../../lib/sync/use-sync-snapshot';
import type { SyncSnapshot } from '../../lib/sync/sync-client';

const selectPending = (snapshot: SyncSnapshot) => ({
  ready: snapshot.ready,
  pending: snapshot.pending,
});
const samePending = (a: ReturnType<typeof selectPending>, b: ReturnType<typeof selectPending>) =>
  a.ready === b.ready && a.pending === b.pending;

/**
 * /signout: ends the session, forgets the user's data here (the replica too, SPEC section 4),
 * then goes to /signin. Changes made offline that have not reached the server would be lost with
 * the replica, so with any pending the user is asked first.
 */
export function SignOutPage() {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { ready, pending } = useSyncSelector(selectPending, samePending);
  const [confirmed, setConfirmed] = useState(false);
  // Once, even when React runs effects twice in development.
  const started = useRef(false);
  const asking = ready && pending > 0 && !confirmed;

  useEffect(() => {
    if (started.current || !ready || asking) return;
    started.current = true;
    void signOut().then(() => navigate('/signin', { replace: true }));
  }, [signOut, navigate, ready, asking]);

  return (
    <>
      <PageSpinner label={t('auth.signingOut')} />
      <Dialog open={asking} aria-labelledby="pending-sign-out-title" data-testid="pending-sign-out">
        <DialogTitle id="pending-sign-out-title">{t('auth.pendingSignOutTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('auth.pendingSignOutText', { count: pending })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            autoFocus
            onClick={() => void (location.key === 'default' ? navigate('/') : navigate(-1))}
            data-testid="pending-sign-out-stay"
          >
            {t('auth.pendingSignOutStay')}
          </Button>
          <Button
            color="error"
            onClick={() => setConfirmed(true)}
            data-testid="pending-sign-out-confirm"
          >
            {t('auth.pendingSignOutConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
