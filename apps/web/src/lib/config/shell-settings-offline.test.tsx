import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncClient } from '../sync/sync-client';
import { SyncClientContext } from '../sync/sync-context';
import { ShellSettingsProvider } from './shell-settings';

// A first visit gone offline before the service worker stored the reader's chunk.
vi.mock('./shell-settings-reader', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ShellSettingsProvider when its reader cannot be loaded', () => {
  it('keeps the defaults and the app, instead of failing the whole screen', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <SyncClientContext.Provider value={{} as SyncClient}>
        <ShellSettingsProvider>
          <p>the page</p>
        </ShellSettingsProvider>
      </SyncClientContext.Provider>,
    );
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByText('the page')).toBeTruthy();
  });
});
