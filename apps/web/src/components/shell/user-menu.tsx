import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Person } from '@qa/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Language } from '../../lib/i18n/detect-language';
import { useLanguage } from '../../lib/i18n/use-language';
import { initialsOf } from './initials';

const LANGUAGE_OPTIONS: { code: Language; nameKey: string }[] = [
  { code: 'de', nameKey: 'language.names.de' },
  { code: 'en', nameKey: 'language.names.en' },
];

/** Avatar menu (SPEC section 2): own profile, language, sign out. */
export function UserMenu({ person }: { person: Person }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language, setLanguage } = useLanguage();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          data-testid="profile"
          onClick={() => go(`/users/${encodeURIComponent(person.id)}`)}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('userMenu.profile')} secondary={person.displayName} />
        </MenuItem>
        <Divider />
        <ListSubheader>{t('userMenu.language')}</ListSubheader>
        {LANGUAGE_OPTIONS.map(({ code, nameKey }) => (
          <MenuItem
            key={code}
            lang={code}
            data-testid={`language-${code}`}
            selected={code === language}
            onClick={() => {
              setLanguage(code);
              close();
            }}
          >
            <ListItemIcon>{code === language && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText primary={t(nameKey)} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem data-testid="sign-out" onClick={() => go('/signout')}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('auth.signOut')} />
        </MenuItem>
      </Menu>
    </>
  );
}
