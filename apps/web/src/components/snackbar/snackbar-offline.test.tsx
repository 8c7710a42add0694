import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { SnackbarProvider, useSnackbar } from './snackbar-provider';

// The bar's chunk cannot be loaded (offline before the service worker stored it).
vi.mock('./snackbar-view', () => {
  throw new Error('Failed to fetch dynamically imported module: snackbar-view.js');
});

afterEach(cleanup);

function Messages() {
  const { show, setAutoHideMs } = useSnackbar();
  useEffect(() => {
    setAutoHideMs(100);
    show({ message: 'First saved' });
    show({ message: 'Second saved' });
  }, [show, setAutoHideMs]);
  return null;
}

describe('messages without the message bar', () => {
  it('are said plainly, one after the other, each for its time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <SnackbarProvider>
          <Messages />
        </SnackbarProvider>
      </I18nextProvider>,
    );
    expect((await screen.findByRole('status')).textContent).toBe('First saved');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Second saved'));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
