import AssignmentIcon from '@mui/icons-material/Assignment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventNoteIcon from '@mui/icons-material/EventNote';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type SvgIcon from '@mui/material/SvgIcon';

export interface SitemapEntry {
  to: string;
  labelKey: string;
  icon: typeof SvgIcon;
  /** Paths that belong to this entry, so detail pages highlight their list. */
  activePrefixes: string[];
}

/** SPEC section 2 "Sitemap menu", in its order. */
export const SITEMAP: SitemapEntry[] = [
  { to: '/', labelKey: 'nav.dashboard', icon: DashboardIcon, activePrefixes: [] },
  {
    to: '/standards',
    labelKey: 'nav.standards',
    icon: LibraryBooksIcon,
    activePrefixes: ['/standards', '/standard/'],
  },
  {
    to: '/templates',
    labelKey: 'nav.templates',
    icon: AssignmentIcon,
    activePrefixes: ['/templates'],
  },
  {
    to: '/auditmatrix',
    labelKey: 'nav.auditMatrix',
    icon: EventNoteIcon,
    activePrefixes: ['/auditmatrix', '/audit/'],
  },
  {
    to: '/measures',
    labelKey: 'nav.measures',
    icon: TaskAltIcon,
    activePrefixes: ['/measures', '/measure/'],
  },
];

export function isSitemapEntryActive(entry: SitemapEntry, pathname: string): boolean {
  if (entry.to === '/') return pathname === '/';
  return entry.activePrefixes.some(
    (prefix) =>
      pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}
