import { render } from '@testing-library/react';
import type { JsonObject } from '@qa/sync';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { SnackbarProvider } from '../../components/snackbar/snackbar-provider';
import { createI18n } from '../../lib/i18n/i18n';

/** The people of the users tests' replica. */
export const PEOPLE: Record<string, JsonObject> = {
  p1: {
    id: 'p1',
    displayName: 'Erika Muster',
    email: 'erika@example.com',
    avatar: null,
    type: 'active',
    roles: ['user', 'admin'],
  },
  p2: {
    id: 'p2',
    displayName: 'Anton Auditor',
    email: 'anton@example.com',
    avatar: null,
    type: 'active',
    roles: ['user', 'auditor'],
  },
  p3: {
    id: 'p3',
    displayName: 'Ida Inaktiv',
    email: 'ida@example.com',
    avatar: null,
    type: 'inactive',
    roles: [],
  },
};

/** A recorded request and the answer the fake server gives. */
export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  contentType: string | null;
}

/**
 * Replaces `fetch` by a fake that answers by `respond(call)`: `[status, json]`, or throws
 * (no network). Returns the calls made.
 */
export function fakeFetch(respond: (call: FakeCall) => [number, unknown] | 'network') {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const raw = init.body;
      const body =
        typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw === undefined ? null : raw;
      const call: FakeCall = {
        method: init.method ?? 'GET',
        url: String(input),
        body,
        contentType: headers['content-type'] ?? null,
      };
      calls.push(call);
      const answer = respond(call);
      if (answer === 'network') throw new TypeError('Failed to fetch');
      const [status, json] = answer;
      return new Response(json === undefined ? null : JSON.stringify(json), { status });
    }),
  );
  return calls;
}

export function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

/** Renders `element` at `url` (and `/user/:userId` etc. as plain markers) in one language. */
export function renderAt(
  routes: { path: string; element: ReactNode }[],
  url: string,
  language: 'de' | 'en' = 'en',
) {
  const router = createMemoryRouter(
    [...routes, { path: '*', element: <p data-testid="elsewhere" /> }],
    { initialEntries: [url] },
  );
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </I18nextProvider>,
  );
  return router;
}
