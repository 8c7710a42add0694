// First: configures zod before any module builds or runs a schema.
import './zod-config';
import type { i18n as I18n } from 'i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { SessionState } from '../lib/session/session-provider';
import { AppProviders } from './providers';
import { createRoutes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * One router for the app's lifetime, made before the first render: it starts loading the
 * current page's chunk at once, while React renders the shell (issue 18, a slow phone).
 */
export function createAppRouter(): Router {
  return createBrowserRouter(createRoutes());
}

/**
 * Resolves once the router has loaded the first page's chunk (its lazy routes), or after
 * `waitMs`. The first render then shows the page itself, not the shell with a progress bar and
 * a second render a moment later (issue 18: on a slow phone the page's title, its largest
 * paint, came only with that second render).
 */
export function routerReady(router: Router, waitMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const timer = setTimeout(done, waitMs);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

export function App({
  i18n,
  router,
  session,
}: {
  i18n: I18n;
  router: Router;
  session?: SessionState;
}) {
  return (
    <AppProviders i18n={i18n} session={session}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
