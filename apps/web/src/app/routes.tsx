import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/pages/not-found-page';
import { AppShell } from '../components/shell/app-shell';
import { NavigationProgressBar } from '../components/shell/navigation-progress';
import { AUDIT_PHASES } from '../features/audits/audit-phases';
import { PHASE_TABS } from '../features/audits/phase-tabs';
import { lazyPage, loadChunk } from './chunk-load';
import { RequireSession } from './require-session';
import { RouteErrorPage } from './route-error-page';

/** /audit/:auditId/<phase>: the phase page with that phase's tab, each tab a chunk of its own. */
const auditPhaseRoutes: RouteObject[] = AUDIT_PHASES.map(({ path }) => ({
  path,
  lazy: async () => {
    // The execution tab is a first screen: it needs only the first part of the texts.
    const options = { firstScreen: path === 'auditexecution' };
    const [{ AuditPhasePage }, tab] = await Promise.all([
      loadChunk(() => import('../features/audits/audit-phase-page'), undefined, options),
      loadChunk(() => PHASE_TABS[path](), undefined, options),
    ]);
    return { element: <AuditPhasePage phase={path} tab={tab} /> };
  },
}));

/** Routes that need a signed-in user: every screen of SPEC section 2 but the auth pages. */
const protectedRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('../features/dashboard/dashboard-page'),
      (m) => m.DashboardPage,
      { firstScreen: true },
    ),
  },
  {
    path: 'users',
    lazy: lazyPage(
      () => import('../features/users/users-page'),
      (m) => m.UsersPage,
    ),
  },
  {
    path: 'users/create',
    lazy: lazyPage(
      () => import('../features/users/user-create-page'),
      (m) => m.UserCreatePage,
    ),
  },
  {
    path: 'user/:userId',
    lazy: lazyPage(
      () => import('../features/users/user-profile-page'),
      (m) => m.UserProfilePage,
    ),
  },
  {
    path: 'users/:id',
    lazy: lazyPage(
      () => import('../features/users/user-profile-page'),
      (m) => m.UserProfilePage,
    ),
  },
  {
    path: 'auditmatrix',
    lazy: lazyPage(
      () => import('../features/audits/audit-matrix-page'),
      (m) => m.AuditMatrixPage,
      { firstScreen: true },
    ),
  },
  {
    path: 'audit/:auditId',
    lazy: lazyPage(
      () => import('../features/audits/audit-page'),
      (m) => m.AuditPage,
      { firstScreen: true },
    ),
    children: [
      {
        index: true,
        lazy: lazyPage(
          () => import('../features/audits/audit-index-redirect'),
          (m) => m.AuditIndexRedirect,
        ),
      },
      ...auditPhaseRoutes,
      {
        path: 'edit',
        lazy: lazyPage(
          () => import('../features/audits/audit-edit-page'),
          (m) => m.AuditEditPage,
        ),
      },
    ],
  },
  {
    path: 'auditimport',
    lazy: lazyPage(
      () => import('../features/audits/audit-import-page'),
      (m) => m.AuditImportPage,
    ),
  },
  {
    path: 'settings',
    lazy: lazyPage(
      () => import('../features/settings/settings-page'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: 'webhooks',
    lazy: lazyPage(
      () => import('../features/webhooks/webhooks-page'),
      (m) => m.WebhooksPage,
    ),
  },
  {
    path: 'camera',
    lazy: lazyPage(
      () => import('../features/audits/camera-page'),
      (m) => m.CameraPage,
    ),
  },
  {
    path: 'templates',
    lazy: lazyPage(
      () => import('../features/templates/template-matrix-page'),
      (m) => m.TemplateMatrixPage,
    ),
  },
  {
    path: 'templates/:templateId',
    lazy: lazyPage(
      () => import('../features/templates/template-page'),
      (m) => m.TemplatePage,
    ),
  },
  {
    path: 'templates/:templateId/templatepreparation',
    lazy: lazyPage(
      () => import('../features/templates/template-preparation-page'),
      (m) => m.TemplatePreparationPage,
    ),
  },
  {
    path: 'standards',
    lazy: lazyPage(
      () => import('../features/standards/standards-page'),
      (m) => m.StandardsPage,
    ),
  },
  {
    path: 'standard/:standardId',
    lazy: lazyPage(
      () => import('../features/standards/standard-page'),
      (m) => m.StandardPage,
    ),
  },
  {
    path: 'measures',
    lazy: lazyPage(
      () => import('../features/measures/measures-page'),
      (m) => m.MeasuresPage,
    ),
  },
  {
    path: 'measures/:id',
    lazy: lazyPage(
      () => import('../features/measures/measure-page'),
      (m) => m.MeasurePage,
    ),
  },
  {
    // Named route "measuredialog" of the spec.
    path: 'measure/:id',
    lazy: lazyPage(
      () => import('../features/measures/measure-page'),
      (m) => m.MeasurePage,
    ),
  },
  {
    path: 'configuration',
    lazy: lazyPage(
      () => import('../features/configuration/configuration-page'),
      (m) => m.ConfigurationPage,
    ),
  },
  {
    path: 'customerdata',
    lazy: lazyPage(
      () => import('../features/customer-data/customer-data-page'),
      (m) => m.CustomerDataPage,
    ),
  },
];

/**
 * The route table of SPEC section 2. Every screen is a lazy route module (its own chunk); the
 * shell is not, so it stays up while a page loads or fails.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppShell />,
      // Only when the shell itself fails; page errors stay inside the shell (below).
      errorElement: <RouteErrorPage />,
      children: [
        {
          id: 'content',
          errorElement: <RouteErrorPage />,
          // The first page's chunk is loading: the shell shows, with the progress bar.
          hydrateFallbackElement: <NavigationProgressBar />,
          children: [
            {
              path: 'signin',
              lazy: lazyPage(
                () => import('../features/auth/sign-in-page'),
                (m) => m.SignInPage,
                { firstScreen: true },
              ),
            },
            {
              path: 'signout',
              lazy: lazyPage(
                () => import('../features/auth/sign-out-page'),
                (m) => m.SignOutPage,
              ),
            },
            {
              path: 'resetpassword',
              lazy: lazyPage(
                () => import('../features/auth/reset-password-page'),
                (m) => m.ResetPasswordPage,
              ),
            },
            { element: <RequireSession />, children: protectedRoutes },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
