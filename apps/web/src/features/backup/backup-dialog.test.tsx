import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { fakeServer } from '../../test/fake-server';
import { BackupDialog } from './backup-dialog';

function renderDialog(language: 'de' | 'en', online = true, running = false) {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  const server = fakeServer({
    'GET /api/v1/backup/status': { status: 200, body: { running, since: null } },
  });
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <BackupDialog open onClose={onClose} />
    </I18nextProvider>,
  );
  return Object.assign(onClose, { calls: server.calls });
}

describe('backup dialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('explains what is downloaded and offers it as a link the browser saves', async () => {
    const onClose = renderDialog('en');
    const dialog = screen.getByRole('dialog', { name: 'Download a backup' });
    expect(dialog.textContent).toContain('the database and all stored files');
    expect(dialog.textContent).toContain('may take a while');
    expect(dialog.textContent).toContain('including password hashes');
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/api/v1/backup');
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.queryByTestId('backup-offline')).toBeNull();

    // The link is followed first; the dialog closes after.
    fireEvent.click(download);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('while another backup runs, says so in the app and offers nothing to follow', async () => {
    renderDialog('de', true, true);
    const busy = await screen.findByTestId('backup-busy');
    expect(busy.textContent).toBe(
      'Gerade wird schon eine Sicherung erstellt. Herunterladen geht wieder, sobald sie fertig ist.',
    );
    const download = screen.getByTestId('backup-download');
    expect(download.getAttribute('href')).toBeNull();
    expect(download.getAttribute('aria-disabled')).toBe('true');
    expect(download.getAttribute('aria-describedby')).toBe(busy.id);
  });

  it('cancels without downloading', () => {
    const onClose = renderDialog('en');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offline, has nothing to follow, asks the server nothing and says a backup needs a connection', () => {
    const { calls } = renderDialog('en', false);
    expect(calls).toEqual([]);
    const download = screen.getByTestId('backup-download');
    expect(download.getAttribute('href')).toBeNull();
    expect(download.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('backup-offline').textContent).toContain(
      'A backup needs a connection',
    );
    expect(download.getAttribute('aria-describedby')).toBe(screen.getByTestId('backup-offline').id);
  });

  it('speaks German', () => {
    renderDialog('de', false);
    expect(screen.getByRole('dialog', { name: 'Sicherung herunterladen' }).textContent).toContain(
      'Passwort-Hashes',
    );
    expect(screen.getByTestId('backup-download').textContent).toBe('Herunterladen');
    expect(screen.getByTestId('backup-offline').textContent).toContain('Verbindung zum Server');
  });
});
