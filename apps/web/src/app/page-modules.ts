import { AUDIT_PHASES, type AuditPhasePath } from '../features/audits/audit-phases';

/**
 * Each phase's tab module, a chunk of its own (features/audits/phase-tabs.ts loads them; kept
 * here as data, as vite.config.ts reads this file and must not bundle the tabs).
 */
const PHASE_TAB_MODULES: Record<AuditPhasePath, string> = {
  auditpreparation: 'src/features/audits/preparation/preparation-tab.tsx',
  auditexecution: 'src/features/audits/execution/execution-tab.tsx',
  auditwrapup: 'src/features/audits/wrapup/wrapup-tab.tsx',
  auditreporting: 'src/features/audits/reporting/reporting-tab.tsx',
  auditactionlist: 'src/features/audits/actionlist/action-list-tab.tsx',
};

/**
 * Which page modules each URL of routes.tsx opens, as data: the build turns it into the chunks
 * a navigation needs (route-preloads.json beside index.html), and the server names them in the
 * page's `Link` header, so a first visit on a slow link fetches the page's code together with the
 * app's instead of after the app has run (issue 18). A request without a session cookie gets the
 * sign-in page's chunks instead for every page that is not public, as sign-in is what it shows.
 * Patterns as in routes.tsx: `:name` stands for one segment. Kept in step with routes.tsx by page-modules.test.ts.
 */
export interface PageModules {
  pattern: string;
  modules: readonly string[];
  /** Open without a session (outside RequireSession); any other page shows sign-in without one. */
  public?: true;
}

export const PAGE_MODULES: readonly PageModules[] = [
  { pattern: '/', modules: ['src/features/dashboard/dashboard-page.tsx'] },
  { pattern: '/signin', modules: ['src/features/auth/sign-in-page.tsx'], public: true },
  { pattern: '/signout', modules: ['src/features/auth/sign-out-page.tsx'], public: true },
  {
    pattern: '/resetpassword',
    modules: ['src/features/auth/reset-password-page.tsx'],
    public: true,
  },
  { pattern: '/users', modules: ['src/features/users/users-page.tsx'] },
  { pattern: '/users/create', modules: ['src/features/users/user-create-page.tsx'] },
  { pattern: '/user/:userId', modules: ['src/features/users/user-profile-page.tsx'] },
  { pattern: '/users/:id', modules: ['src/features/users/user-profile-page.tsx'] },
  { pattern: '/auditmatrix', modules: ['src/features/audits/audit-matrix-page.tsx'] },
  {
    pattern: '/audit/:auditId',
    modules: ['src/features/audits/audit-page.tsx', 'src/features/audits/audit-index-redirect.tsx'],
  },
  ...AUDIT_PHASES.map(({ path }) => ({
    pattern: `/audit/:auditId/${path}`,
    modules: [
      'src/features/audits/audit-page.tsx',
      'src/features/audits/audit-phase-page.tsx',
      PHASE_TAB_MODULES[path],
    ],
  })),
  {
    pattern: '/audit/:auditId/edit',
    modules: ['src/features/audits/audit-page.tsx', 'src/features/audits/audit-edit-page.tsx'],
  },
  { pattern: '/auditimport', modules: ['src/features/audits/audit-import-page.tsx'] },
  { pattern: '/settings', modules: ['src/features/settings/settings-page.tsx'] },
  { pattern: '/webhooks', modules: ['src/features/webhooks/webhooks-page.tsx'] },
  { pattern: '/camera', modules: ['src/features/audits/camera-page.tsx'] },
  { pattern: '/templates', modules: ['src/features/templates/template-matrix-page.tsx'] },
  { pattern: '/templates/:templateId', modules: ['src/features/templates/template-page.tsx'] },
  {
    pattern: '/templates/:templateId/templatepreparation',
    modules: ['src/features/templates/template-preparation-page.tsx'],
  },
  { pattern: '/standards', modules: ['src/features/standards/standards-page.tsx'] },
  { pattern: '/standard/:standardId', modules: ['src/features/standards/standard-page.tsx'] },
  { pattern: '/measures', modules: ['src/features/measures/measures-page.tsx'] },
  { pattern: '/measures/:id', modules: ['src/features/measures/measure-page.tsx'] },
  { pattern: '/measure/:id', modules: ['src/features/measures/measure-page.tsx'] },
  { pattern: '/configuration', modules: ['src/features/configuration/configuration-page.tsx'] },
  { pattern: '/customerdata', modules: ['src/features/customer-data/customer-data-page.tsx'] },
];
