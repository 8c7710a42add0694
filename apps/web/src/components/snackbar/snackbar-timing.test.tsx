import { DEFAULT_APP_CONFIG } from '@qa/domain';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { ShellSettingsProvider } from '../../lib/config/shell-settings';
import { SyncClientContext } from '../../lib/sync/sync-context';
import { createSyncHarness } from '../../lib/sync/sync-test-harness';
import { SnackbarProvider, SnackbarTiming, useSnackbar } from './snackbar-provider';

let harness: ReturnType<typeof createSyncHarness>;

afterEach(async () => {
  cleanup();
  await harness?.stopAll();
});

function Message({ after }: { after: boolean }) {
  const { show } = useSnackbar();
  useEffect(() => {
    if (after) show({ message: 'Saved' });
  }, [after, show]);
  return null;
}

describe('message timing', () => {
  it('follows app.timeouts.snackbarMs of the configuration', async () => {
    harness = createSyncHarness();
    harness.server.write('configuration', 'app', {
      ...DEFAULT_APP_CONFIG,
      timeouts: { ...DEFAULT_APP_CONFIG.timeouts, snackbarMs: 400 },
    } as never);
    const client = harness.client();
    const tree = (after: boolean) => (
      <I18nextProvider i18n={createI18n('en')}>
        <SnackbarProvider>
          <SyncClientContext.Provider value={client}>
            <ShellSettingsProvider>
              <SnackbarTiming />
              <Message after={after} />
            </ShellSettingsProvider>
          </SyncClientContext.Provider>
        </SnackbarProvider>
      </I18nextProvider>
    );
    const view = render(tree(false));
    // The configured segment has arrived once the client holds it.
    await waitFor(() =>
      expect(client.getSnapshot().view.get('configuration', 'app')).toBeDefined(),
    );
    await act(async () => view.rerender(tree(true)));
    // The message bar is a chunk of its own, loaded with the first message.
    expect(await screen.findByText('Saved')).toBeTruthy();
    // Gone well before the default 5 s.
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull(), { timeout: 3000 });
  });
});
