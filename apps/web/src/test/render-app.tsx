import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import type { Language } from '../lib/i18n/detect-language';
import { createI18n } from '../lib/i18n/i18n';

/** Renders routes inside the real providers, in one language, at one URL. */
export function renderRoutes(routes: RouteObject[], url: string, language: Language) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const i18n = createI18n(language);
  const view = render(
    <AppProviders i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, i18n };
}
