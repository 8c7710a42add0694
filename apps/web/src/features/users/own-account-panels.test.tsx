import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { fakeServer, type FakeResponse } from '../../test/fake-server';
import { testPerson } from '../../test/test-person';
import { OwnAccountPanels } from './own-account-panels';

const refresh = vi.fn(async () => ({ status: 'signed-out' as const }));
vi.mock('../../lib/session/session-provider', () => ({
  useSession: () => ({ refresh, signOut: vi.fn(), state: { status: 'loading' } }),
}));

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const SESSIONS = [
  {
    id: 's-old',
    current: false,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    userAgent: FIREFOX_LINUX,
    ipAddress: null,
  },
  {
    id: 's-here',
    current: true,
    createdAt: '2026-11-25T08:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    userAgent: CHROME_WINDOWS,
    ipAddress: '10.0.0.5',
  },
  {
    id: 's-ipad',
    current: false,
    createdAt: '2026-11-24T08:00:00.000Z',
    updatedAt: '2026-11-25T14:15:00.000Z',
    userAgent: SAFARI_IPAD,
    ipAddress: '192.168.1.20',
  },
];

let online = true;

function server(extra: Record<string, FakeResponse | (() => FakeResponse)> = {}) {
  return fakeServer({
    'GET /api/v1/me/sessions': { status: 200, body: { sessions: SESSIONS } },
    'DELETE /api/v1/me/sessions/s-old': { status: 200, body: {} },
    'DELETE /api/v1/me/sessions/s-ipad': { status: 200, body: {} },
    ...extra,
  });
}

function renderPanels(language: 'de' | 'en' = 'en', person = testPerson()) {
  const i18n = createI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <OwnAccountPanels person={person} />
    </I18nextProvider>,
  );
  return i18n;
}

const type = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('own account panels', () => {
  beforeEach(() => {
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    refresh.mockClear();
  });

  describe('change password', () => {
    it('checks the fields with the password rules before sending', async () => {
      const { calls } = server();
      renderPanels();
      const panel = screen.getByTestId('own-password');
      fireEvent.click(within(panel).getByTestId('own-password-save'));
      expect(within(panel).getByText('Enter your current password.')).toBeTruthy();
      expect(within(panel).getByText('Enter a password.')).toBeTruthy();
      type('Current password', 'old-secret', panel);
      type('New password', 'short', panel);
      type('Repeat new password', 'other', panel);
      fireEvent.click(within(panel).getByTestId('own-password-save'));
      expect(within(panel).getByText('The password needs at least 8 characters.')).toBeTruthy();
      expect(within(panel).getByText('The passwords do not match.')).toBeTruthy();
      await waitFor(() =>
        expect(calls.some((call) => call.path === '/api/v1/me/sessions')).toBe(true),
      );
      expect(calls.filter((call) => call.path === '/api/v1/me/password')).toEqual([]);
    });

    it('sends current and new password and says it is done', async () => {
      const { calls } = server({ 'POST /api/v1/me/password': { status: 200, body: {} } });
      renderPanels();
      const panel = screen.getByTestId('own-password');
      type('Current password', 'old-secret', panel);
      type('New password', 'new-secret-1', panel);
      type('Repeat new password', 'new-secret-1', panel);
      fireEvent.click(within(panel).getByTestId('own-password-save'));
      expect((await within(panel).findByTestId('own-password-done')).textContent).toBe(
        'Your password has been changed.',
      );
      expect(calls.find((call) => call.path === '/api/v1/me/password')).toEqual({
        method: 'POST',
        path: '/api/v1/me/password',
        body: { currentPassword: 'old-secret', newPassword: 'new-secret-1' },
      });
      expect((within(panel).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    });

    it('translates a wrong current password, in German too', async () => {
      server({
        'POST /api/v1/me/password': {
          status: 400,
          body: { error: { code: 'invalid_password', message: 'Invalid password' } },
        },
      });
      renderPanels('de');
      const panel = screen.getByTestId('own-password');
      type('Aktuelles Passwort', 'wrong-one', panel);
      type('Neues Passwort', 'new-secret-1', panel);
      type('Neues Passwort wiederholen', 'new-secret-1', panel);
      fireEvent.click(within(panel).getByTestId('own-password-save'));
      expect((await within(panel).findByTestId('own-password-error')).textContent).toBe(
        'Das aktuelle Passwort ist nicht richtig.',
      );
    });

    it("translates the server's length rule by its code", async () => {
      server({
        'POST /api/v1/me/password': {
          status: 400,
          body: { error: { code: 'password_too_short', message: 'too short' } },
        },
      });
      renderPanels();
      const panel = screen.getByTestId('own-password');
      type('Current password', 'old-secret', panel);
      type('New password', 'new-secret-1', panel);
      type('Repeat new password', 'new-secret-1', panel);
      fireEvent.click(within(panel).getByTestId('own-password-save'));
      expect((await within(panel).findByTestId('own-password-error')).textContent).toBe(
        'The new password is too short. Use at least 8 characters.',
      );
    });
  });

  describe('language', () => {
    it("saves the person's language and switches the app to it", async () => {
      const { calls } = server({
        'PATCH /api/v1/me': { status: 200, body: { person: testPerson({ language: 'de' }) } },
      });
      const i18n = renderPanels('en', testPerson({ language: 'en' }));
      const panel = screen.getByTestId('own-language');
      fireEvent.mouseDown(within(panel).getByRole('combobox', { name: 'Preferred language' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Deutsch' }));
      fireEvent.click(within(panel).getByTestId('own-language-save'));
      await waitFor(() => expect(i18n.language).toBe('de'));
      expect(calls.find((call) => call.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: '/api/v1/me',
        body: { language: 'de' },
      });
      expect(refresh).toHaveBeenCalled();
      expect(localStorage.getItem('qa.language')).toBe('de');
      expect((await screen.findByTestId('own-language-done')).textContent).toBe(
        'Ihre Sprache wurde gespeichert.',
      );
    });
  });

  describe('sessions', () => {
    it('lists this device first, then the others with device, address and last activity', async () => {
      server();
      renderPanels();
      const rows = await screen.findAllByTestId('own-session');
      expect(rows).toHaveLength(3);
      expect(rows[0]!.textContent).toContain('Chrome on Windows');
      expect(within(rows[0]!).getByTestId('own-session-current').textContent).toBe('This device');
      expect(within(rows[0]!).queryByTestId('own-session-end')).toBeNull();
      expect(rows[0]!.textContent).toContain('Address: 10.0.0.5');
      expect(rows[1]!.textContent).toContain('Safari on iPadOS');
      expect(rows[1]!.textContent).toMatch(/Last active: Nov 25, 2026/);
      expect(rows[2]!.textContent).toContain('Firefox on Linux');
      expect(rows[2]!.textContent).toContain('Address: unknown');
    });

    it('shows dates in German for a German user', async () => {
      server();
      renderPanels('de');
      const rows = await screen.findAllByTestId('own-session');
      expect(rows[1]!.textContent).toContain('Safari auf iPadOS');
      expect(rows[1]!.textContent).toMatch(/Zuletzt aktiv: 25\.11\.2026/);
    });

    it('ends one session after a confirmation', async () => {
      const { calls } = server();
      renderPanels();
      const rows = await screen.findAllByTestId('own-session');
      fireEvent.click(
        within(rows[1]!).getByRole('button', { name: 'End session on Safari on iPadOS' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
      expect(dialog.textContent).toContain('The session on Safari on iPadOS is signed out.');
      expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
      fireEvent.click(within(dialog).getByTestId('own-sessions-confirm'));
      expect((await screen.findByTestId('own-sessions-notice')).textContent).toBe(
        'The session has been ended.',
      );
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
        '/api/v1/me/sessions/s-ipad',
      ]);
      expect(screen.getAllByTestId('own-session')).toHaveLength(2);
    });

    it('cancelling the confirmation ends nothing', async () => {
      const { calls } = server();
      renderPanels();
      const rows = await screen.findAllByTestId('own-session');
      fireEvent.click(within(rows[2]!).getByTestId('own-session-end'));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    });

    it('ends all other sessions and keeps this one', async () => {
      const { calls } = server();
      renderPanels();
      await screen.findAllByTestId('own-session');
      fireEvent.click(screen.getByTestId('own-sessions-end-others'));
      const dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
      expect(dialog.textContent).toContain('2 other sessions are signed out.');
      fireEvent.click(within(dialog).getByTestId('own-sessions-confirm'));
      expect((await screen.findByTestId('own-sessions-notice')).textContent).toBe(
        '2 sessions have been ended.',
      );
      expect(
        calls
          .filter((call) => call.method === 'DELETE')
          .map((call) => call.path)
          .sort(),
      ).toEqual(['/api/v1/me/sessions/s-ipad', '/api/v1/me/sessions/s-old']);
      const rows = screen.getAllByTestId('own-session');
      expect(rows).toHaveLength(1);
      expect(within(rows[0]!).getByTestId('own-session-current')).toBeTruthy();
      expect(screen.getByTestId('own-sessions-end-others')).toHaveProperty('disabled', true);
    });

    it('says when the list cannot be loaded', async () => {
      server({ 'GET /api/v1/me/sessions': { status: 500, body: { error: { code: 'internal' } } } });
      renderPanels();
      expect((await screen.findByTestId('own-sessions-error')).textContent).toContain(
        'Something went wrong. Please try again.',
      );
    });
  });

  it('offline: every part says it needs a connection and its buttons are disabled', () => {
    online = false;
    const { calls } = server();
    renderPanels();
    for (const part of ['own-password', 'own-language', 'own-sessions']) {
      expect(screen.getByTestId(`${part}-offline`).textContent).toContain(
        'This needs a connection to the server.',
      );
    }
    expect(screen.getByTestId('own-password-save')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('own-language-save')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('own-sessions-end-others')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('own-sessions-reload')).toHaveProperty('disabled', true);
    expect(calls).toEqual([]);
  });

  it('loads the sessions once the connection is back', async () => {
    online = false;
    server();
    renderPanels();
    expect(screen.queryAllByTestId('own-session')).toHaveLength(0);
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findAllByTestId('own-session')).toHaveLength(3);
    expect(screen.getByTestId('own-password-save')).toHaveProperty('disabled', false);
  });
});
