import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../components/pages/page-spinner';
import { useSession } from '../../lib/session/session-provider';

/** /signout: ends the session, forgets the user's data here, then goes to /signin. */
export function SignOutPage() {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const navigate = useNavigate();
  // Once, even when React runs effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate('/signin', { replace: true }));
  }, [signOut, navigate]);

  return <PageSpinner label={t('auth.signingOut')} />;
}
