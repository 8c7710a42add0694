import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import type { Person } from '@qa/domain';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { optionalComponent } from '../../app/chunk-load';
import { useMountedOnce } from '../../lib/dom/use-mounted-once';
import { initialsOf } from './initials';

/**
 * The menu itself comes with its first opening: a menu, its popover and its modal were a tenth
 * of what the first screen evaluated for a button most visits never press (issue 18). If it
 * cannot be loaded (offline before the service worker stored it) the button opens nothing; the
 * shell stays.
 */
const UserMenuList = optionalComponent(
  () => import('./user-menu-list'),
  (m) => m.UserMenuList,
  () => null,
  'the user menu',
);

/** Avatar menu (SPEC section 2): own profile, language, sign out. */
export function UserMenu({ person }: { person: Person }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mounted = useMountedOnce(anchor !== null);
  const close = () => setAnchor(null);
  const go = (to: string) => {
    close();
    void navigate(to);
  };

  return (
    <>
      <IconButton
        data-testid="user-menu-button"
        aria-label={t('userMenu.open', { name: person.displayName })}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar
          src={person.avatar ?? undefined}
          alt=""
          sx={{ width: 36, height: 36, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
        >
          {initialsOf(person.displayName)}
        </Avatar>
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <UserMenuList id={menuId} person={person} anchor={anchor} onClose={close} onGo={go} />
        </Suspense>
      )}
    </>
  );
}
