import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { can } from '@qa/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ADMIN_SITEMAP, isSitemapEntryActive, type AdminSitemapEntry } from './sitemap';

/** The administration entries these roles may use, in order. */
export function adminSitemap(roles: readonly string[]): AdminSitemapEntry[] {
  return ADMIN_SITEMAP.filter((entry) => can(roles, entry.action));
}

interface AdminNavListProps {
  roles: readonly string[];
  pathname: string;
  onNavigate: () => void;
}

/**
 * The drawer's administration section: only the screens the person may use, none (and no
 * heading) for everybody else.
 */
export function AdminNavList({ roles, pathname, onNavigate }: AdminNavListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const entries = adminSitemap(roles);
  if (entries.length === 0) return null;
  return (
    <List
      component="nav"
      aria-labelledby={headingId}
      data-testid="admin-nav"
      subheader={
        // A heading, not a list item: the list is a <nav>, where an <li> has no list to be in.
        <ListSubheader component="div" id={headingId}>
          {t('nav.administration')}
        </ListSubheader>
      }
    >
      {entries.map((entry) => {
        const active = isSitemapEntryActive(entry, pathname);
        const Icon = entry.icon;
        return (
          <ListItemButton
            key={entry.to}
            component={RouterLink}
            to={entry.to}
            selected={active}
            aria-current={active ? 'page' : undefined}
            data-testid={`admin-nav-${entry.to.slice(1)}`}
            onClick={onNavigate}
          >
            <ListItemIcon>
              <Icon color={active ? 'primary' : undefined} />
            </ListItemIcon>
            <ListItemText primary={t(entry.labelKey)} />
          </ListItemButton>
        );
      })}
    </List>
  );
}
