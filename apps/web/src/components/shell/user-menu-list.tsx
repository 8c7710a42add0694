import BackupIcon from '@mui/icons-material/Backup';
import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import WebhookIcon from '@mui/icons-material/Webhook';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { can, type Person } from '@qa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackupDialog } from '../../features/backup/backup-dialog';
import type { Language } from '../../lib/i18n/detect-language';
import { useLanguage } from '../../lib/i18n/use-language';

const LANGUAGE_OPTIONS: { code: Language; nameKey: string }[] = [
  { code: 'de', nameKey: 'language.names.de' },
  { code: 'en', nameKey: 'language.names.en' },
];

interface UserMenuListProps {
  id: string;
  person: Person;
  anchor: HTMLElement | null;
  onClose: () => void;
  onGo: (to: string) => void;
}

/**
 * The avatar menu's entries (user-menu.tsx loads it when first opened): profile, settings, the
 * administration an admin has (webhooks, issue 16; a backup download, issue 20), language, sign
 * out. The backup is a dialog of this menu, not a page: one confirmation and a download link.
 */
export function UserMenuList({ id, person, anchor, onClose, onGo }: UserMenuListProps) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const [backupOpen, setBackupOpen] = useState(false);
  return (
    <>
      <Menu
        id={id}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          data-testid="profile"
          onClick={() => onGo(`/users/${encodeURIComponent(person.id)}`)}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('userMenu.profile')} secondary={person.displayName} />
        </MenuItem>
        <MenuItem data-testid="settings" onClick={() => onGo('/settings')}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('userMenu.settings')} />
        </MenuItem>
        {can(person.roles, 'webhook.manage') && (
          <MenuItem data-testid="webhooks" onClick={() => onGo('/webhooks')}>
            <ListItemIcon>
              <WebhookIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('userMenu.webhooks')} />
          </MenuItem>
        )}
        {can(person.roles, 'installation.backup') && (
          <MenuItem
            data-testid="backup"
            onClick={() => {
              onClose();
              setBackupOpen(true);
            }}
          >
            <ListItemIcon>
              <BackupIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('userMenu.backup')} />
          </MenuItem>
        )}
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
              onClose();
            }}
          >
            <ListItemIcon>{code === language && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText primary={t(nameKey)} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem data-testid="sign-out" onClick={() => onGo('/signout')}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('auth.signOut')} />
        </MenuItem>
      </Menu>
      <BackupDialog open={backupOpen} onClose={() => setBackupOpen(false)} />
    </>
  );
}
