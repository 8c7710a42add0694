import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { SignOutPage } from './sign-out-page';

const signOut = vi.fn(() => Promise.resolve());
let sync = { ready: true, pending: 0 };
vi.mock('../../lib/session/session-provider', () => ({ useSession: () => ({ signOut }) }));
vi.mock('../../lib/sync/use-sync-snapshot', () => ({ useSyncSelector: () => sync }));

function renderSignOut(language: 'de' | 'en' = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/signin', element: <p>sign-in page</p> },
      { path: '/signout', element: <SignOutPage /> },
    ],
    { initialEntries: ['/signout'] },
  );
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

describe('SignOutPage', () => {
  afterEach(() => {
    cleanup();
    signOut.mockClear();
  });

  it('signs out at once when nothing is waiting to be sent', async () => {
    sync = { ready: true, pending: 0 };
    renderSignOut();
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('asks before discarding unsent changes; staying keeps the session', async () => {
    sync = { ready: true, pending: 2 };
    const router = renderSignOut('de');
    expect(await screen.findByText('Nicht gesendete Änderungen verwerfen?')).toBeTruthy();
    expect(screen.getByText(/2 Änderungen auf diesem Gerät/)).toBeTruthy();
    screen.getByTestId('pending-sign-out-stay').click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs out after the user confirms', async () => {
    sync = { ready: true, pending: 1 };
    renderSignOut();
    (await screen.findByTestId('pending-sign-out-confirm')).click();
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('waits for the replica before deciding', () => {
    sync = { ready: false, pending: 0 };
    renderSignOut();
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.queryByTestId('pending-sign-out')).toBeNull();
  });
});
