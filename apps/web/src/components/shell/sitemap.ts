import AssignmentIcon from '@mui/icons-material/Assignment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventNoteIcon from '@mui/icons-material/EventNote';
import GroupIcon from '@mui/icons-material/Group';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import ListAltIcon from '@mui/icons-material/ListAlt';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import TuneIcon from '@mui/icons-material/Tune';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import WebhookIcon from '@mui/icons-material/Webhook';
import type SvgIcon from '@mui/material/SvgIcon';
import type { PermissionAction } from '@qa/domain';

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

export interface AdminSitemapEntry extends SitemapEntry {
  /** What the screen is for: only who may do it sees the entry (the page checks it again). */
  action: PermissionAction;
}

/**
 * The administration screens (issue 34): reachable before only by typing their address. Each
 * appears for the people allowed to do that screen's work, by the rule the server applies
 * (admin-nav-list.tsx, loaded apart: the permission rules would bring zod into the first load).
 */
export const ADMIN_SITEMAP: AdminSitemapEntry[] = [
  {
    to: '/users',
    labelKey: 'nav.users',
    icon: GroupIcon,
    activePrefixes: ['/users', '/user/'],
    action: 'person.update',
  },
  {
    to: '/configuration',
    labelKey: 'nav.configuration',
    icon: TuneIcon,
    activePrefixes: ['/configuration'],
    action: 'configuration.update',
  },
  {
    to: '/customerdata',
    labelKey: 'nav.customerData',
    icon: ListAltIcon,
    activePrefixes: ['/customerdata'],
    action: 'customerData.update',
  },
  {
    to: '/auditimport',
    labelKey: 'nav.auditImport',
    icon: UploadFileIcon,
    activePrefixes: ['/auditimport'],
    action: 'import.audits',
  },
  {
    to: '/webhooks',
    labelKey: 'nav.webhooks',
    icon: WebhookIcon,
    activePrefixes: ['/webhooks'],
    action: 'webhook.manage',
  },
];

export function isSitemapEntryActive(entry: SitemapEntry, pathname: string): boolean {
  if (entry.to === '/') return pathname === '/';
  return entry.activePrefixes.some(
    (prefix) =>
      pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}
