import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import type { SyncClient } from '../../lib/sync/sync-client';
import { SyncClientContext } from '../../lib/sync/sync-context';
import { createSyncHarness } from '../../lib/sync/sync-test-harness';
import { SyncStateSlot } from './sync-state-slot';

let harness: ReturnType<typeof createSyncHarness> | undefined;

afterEach(async () => {
  cleanup();
  await harness?.stopAll();
  harness = undefined;
});

function renderSlot(client: SyncClient | null, language: 'de' | 'en') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={createI18n(language)}>
      <SyncClientContext.Provider value={client}>{children}</SyncClientContext.Provider>
    </I18nextProvider>
  );
  return render(<SyncStateSlot />, { wrapper });
}

describe('SyncStateSlot', () => {
  it('shows the overall state and the number of pending writes', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    renderSlot(client, 'en');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Synchronized' })).toBeTruthy());
    expect(screen.queryByTestId('sync-pending-count')).toBeNull();

    harness.server.refuseConnections = true;
    act(() => harness!.server.disconnectAll());
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Saved on this device, not connected' })).toBeTruthy(),
    );

    await act(() => client.command('thing.put', { id: 'a', data: {} }));
    await act(() => client.command('thing.put', { id: 'b', data: {} }));
    expect(screen.getByTestId('sync-pending-count').textContent).toBe('2');
    expect(screen.getByRole('img', { name: '2 changes waiting to be synchronized' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Not yet saved on the server' })).toBeTruthy();
  });

  it('names the state in German', async () => {
    harness = createSyncHarness();
    harness.server.refuseConnections = true;
    const client = harness.client();
    renderSlot(client, 'de');
    await act(() => client.command('thing.put', { id: 'a', data: {} }));
    expect(screen.getByRole('img', { name: 'Noch nicht auf dem Server gespeichert' })).toBeTruthy();
    expect(
      screen.getByRole('img', { name: '1 Änderung wartet auf die Synchronisierung' }),
    ).toBeTruthy();
  });

  it('stays empty when signed out', () => {
    renderSlot(null, 'en');
    expect(screen.getByTestId('sync-state-slot').childElementCount).toBe(0);
  });
});
