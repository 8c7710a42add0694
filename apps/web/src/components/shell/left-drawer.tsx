import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { optionalComponent } from '../../app/chunk-load';
import { useMountedOnce } from '../../lib/dom/use-mounted-once';
import { usePerson } from '../../lib/session/session-provider';
import { DrawerDebugFooter } from './drawer-debug-footer';
import { isSitemapEntryActive, SITEMAP } from './sitemap';

/** Its own chunk: the permission rules it needs are no part of the first load (issue 18). */
const AdminNavList = optionalComponent(
  () => import('./admin-nav-list'),
  (m) => m.AdminNavList,
  () => null,
  'the administration entries',
  { firstScreen: true },
);

/** Loaded when the drawer is first opened over the page (temporary-drawer.tsx). */
const TemporaryDrawer = optionalComponent(
  () => import('./temporary-drawer'),
  (m) => m.TemporaryDrawer,
  () => null,
  'the drawer',
  { firstScreen: true },
);

export const LEFT_DRAWER_WIDTH = 280;

interface LeftDrawerProps {
  id: string;
  open: boolean;
  /** Wide screens: the drawer sits beside the content; small ones: it overlays it. */
  docked: boolean;
  onClose: () => void;
}

/** The sitemap (SPEC section 2), the administration a person may use, the debug footer. */
export function LeftDrawer({ id, open, docked, onClose }: LeftDrawerProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const person = usePerson();
  const closeOverlay = () => {
    if (!docked) onClose();
  };
  const listRef = useRef<HTMLUListElement>(null);
  const overlayMounted = useMountedOnce(open && !docked);

  // Docked, the drawer is no modal and gets no focus of its own: opening it from the menu
  // button moves focus into it, so the keyboard can go on from there (and Escape closes it).
  useEffect(() => {
    if (open && docked) listRef.current?.querySelector<HTMLElement>('a')?.focus();
  }, [open, docked]);

  const content = (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', width: LEFT_DRAWER_WIDTH }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !docked) return;
        onClose();
        // Focus would otherwise fall to the page body with the drawer hidden.
        document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(id)}"]`)?.focus();
      }}
    >
      {!docked && (
        // Over the page the top bar is covered: the drawer names the app itself.
        <>
          <Toolbar>
            <Typography variant="h6" component="p" color="primary">
              {t('app.title')}
            </Typography>
          </Toolbar>
          <Divider />
        </>
      )}
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        <List component="nav" aria-label={t('nav.label')} ref={listRef}>
          {SITEMAP.map((entry) => {
            const active = isSitemapEntryActive(entry, pathname);
            const Icon = entry.icon;
            return (
              <ListItemButton
                key={entry.to}
                component={RouterLink}
                to={entry.to}
                selected={active}
                aria-current={active ? 'page' : undefined}
                onClick={closeOverlay}
              >
                <ListItemIcon>
                  <Icon color={active ? 'primary' : undefined} />
                </ListItemIcon>
                <ListItemText primary={t(entry.labelKey)} />
              </ListItemButton>
            );
          })}
        </List>
        {person && (
          <Suspense fallback={null}>
            <AdminNavList roles={person.roles} pathname={pathname} onNavigate={closeOverlay} />
          </Suspense>
        )}
      </Box>
      <Divider />
      <DrawerDebugFooter />
    </Box>
  );

  if (docked) {
    // Beside the content, a plain panel (no modal, no slide): it widens from 0 as MUI's
    // persistent drawer did, and is hidden from the keyboard and screen readers while closed.
    return (
      <Box
        id={id}
        component="div"
        data-testid="left-drawer"
        sx={{
          width: open ? LEFT_DRAWER_WIDTH : 0,
          flexShrink: 0,
          overflow: 'hidden',
          visibility: open ? 'visible' : 'hidden',
          bgcolor: 'background.paper',
          borderRight: open ? 1 : 0,
          borderColor: 'divider',
          transition: (theme) => theme.transitions.create('width'),
        }}
      >
        {content}
      </Box>
    );
  }
  if (!overlayMounted) return null;
  return (
    <Suspense fallback={null}>
      <TemporaryDrawer
        id={id}
        anchor="left"
        open={open}
        onClose={onClose}
        data-testid="left-drawer"
      >
        {content}
      </TemporaryDrawer>
    </Suspense>
  );
}
