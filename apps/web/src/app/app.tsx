// First: configures zod before any module builds or runs a schema.
import './zod-config';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { createRoutes } from './routes';

export function App({ i18n }: { i18n: I18n }) {
  // One router for the app's lifetime; created on first render so tests can build their own.
  const [router] = useState(() => createBrowserRouter(createRoutes()));
  return (
    <AppProviders i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
