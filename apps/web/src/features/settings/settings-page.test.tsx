import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Person } from '@qa/domain';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { fakeServer } from '../../test/fake-server';
import { testPerson } from '../../test/test-person';
import { SettingsPage } from './settings-page';

let person: Person = testPerson();
const refresh = vi.fn(async () => ({ status: 'signed-in' as const, person, offline: false }));
vi.mock('../../lib/session/session-provider', () => ({
  useSession: () => ({ refresh, signOut: vi.fn(), state: { status: 'loading' } }),
  usePerson: () => person,
}));
// The configuration as on a fresh installation (planning years 3 back, 3 ahead).
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: () => ({ document: undefined, loading: false }),
}));

const NEXT_YEAR = new Date().getFullYear() + 1;
let online = true;

function renderPage(language: 'de' | 'en' = 'en') {
  const i18n = createI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <SettingsPage />
    </I18nextProvider>,
  );
  return i18n;
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('settings page', () => {
  beforeEach(() => {
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    localStorage.clear();
    person = testPerson();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    refresh.mockClear();
  });

  it("shows the person's preferences, defaults for a person without any", () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Language' }).textContent).toBe('English');
    expect(screen.getByRole('combobox', { name: 'Default planning year' }).textContent).toBe(
      'The current year',
    );
    expect(screen.getByRole('switch', { name: 'Reminder e-mails' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('saves language and preferences, refreshes the session and switches the language', async () => {
    const { calls } = fakeServer({
      'PATCH /api/v1/me': ({ body }) => ({
        status: 200,
        body: { person: { ...person, ...(body as object) } },
      }),
    });
    const i18n = renderPage();
    await choose('Language', 'Deutsch');
    await choose('Default planning year', String(NEXT_YEAR));
    fireEvent.click(screen.getByRole('switch', { name: 'Reminder e-mails' }));
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-saved')).textContent).toBe(
      'Ihre Einstellungen wurden gespeichert.',
    );
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: '/api/v1/me',
        body: {
          language: 'de',
          preferences: { defaultPlanningYear: NEXT_YEAR, reminderMails: false },
        },
      },
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(i18n.language).toBe('de');
  });

  it('starts from the stored preferences and can clear the year again', async () => {
    person = testPerson({
      language: 'de',
      preferences: { defaultPlanningYear: NEXT_YEAR, reminderMails: false },
    });
    const { calls } = fakeServer({ 'PATCH /api/v1/me': { status: 200, body: { person } } });
    renderPage('de');
    expect(screen.getByRole('combobox', { name: 'Standard-Planungsjahr' }).textContent).toBe(
      String(NEXT_YEAR),
    );
    expect(screen.getByRole('switch', { name: 'Erinnerungs-E-Mails' })).toHaveProperty(
      'checked',
      false,
    );
    await choose('Standard-Planungsjahr', 'Das aktuelle Jahr');
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(calls[0]!.body).toEqual({
      language: 'de',
      preferences: { defaultPlanningYear: null, reminderMails: false },
    });
  });

  it("translates the server's refusal", async () => {
    fakeServer({
      'PATCH /api/v1/me': {
        status: 400,
        body: { error: { code: 'invalid_request', message: 'x' } },
      },
    });
    renderPage();
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-error')).textContent).toBe(
      'The server did not accept the input. Check your entries and try again.',
    );
    expect(refresh).not.toHaveBeenCalled();
  });

  it('offline: says it needs a connection and cannot be saved', async () => {
    online = false;
    const { calls } = fakeServer({});
    renderPage();
    expect(screen.getByTestId('settings-offline').textContent).toContain(
      'This needs a connection to the server.',
    );
    const save = screen.getByTestId('settings-save');
    expect(save).toHaveProperty('disabled', true);
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    expect(calls).toEqual([]);
    expect(within(document.body).queryByTestId('settings-offline')).toBeNull();
  });
});
