import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ApiToken } from '@qa/domain';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../lib/i18n/format';
import { createI18n } from '../../lib/i18n/i18n';
import { fakeServer } from '../../test/fake-server';
import { ApiTokensPanel } from './api-tokens-panel';

const DAY_MS = 86_400_000;
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const endOf = (day: string) => `${day}T23:59:59.999Z`;
const SECRET = 'qat_AbCdEfGh12345678_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

function token(overrides: Partial<ApiToken>): ApiToken {
  return {
    id: 'AAAAAAAAAAAAAAA1',
    name: 'ERP interface',
    readOnly: false,
    backup: false,
    createdAt: '2026-11-01T08:00:00.000Z',
    expiresAt: endOf(dayIn(30)),
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

const LIVE = token({ id: 'live', name: 'ERP interface', lastUsedAt: '2026-11-20T09:30:00.000Z' });
const REVOKED = token({
  id: 'gone',
  name: 'Old script',
  readOnly: true,
  revokedAt: '2026-11-10T10:00:00.000Z',
});
const EXPIRED = token({ id: 'old', name: 'Pilot', expiresAt: endOf('2026-01-31') });

/** A server that keeps its tokens: create adds one, revoke marks it. */
function tokenServer(initial: ApiToken[]) {
  let tokens = [...initial];
  const server = fakeServer({
    'GET /api/v1/me/tokens': () => ({ status: 200, body: { tokens } }),
    'POST /api/v1/me/tokens': ({ body }) => {
      const input = body as {
        name: string;
        expiresAt: string;
        readOnly: boolean;
        backup: boolean;
      };
      const created = token({
        id: 'fresh',
        name: input.name,
        readOnly: input.readOnly,
        backup: input.backup,
        createdAt: new Date().toISOString(),
        expiresAt: endOf(input.expiresAt),
      });
      tokens = [created, ...tokens];
      return { status: 201, body: { token: created, secret: SECRET } };
    },
    'DELETE /api/v1/me/tokens/live': () => {
      tokens = tokens.map((entry) =>
        entry.id === 'live' ? { ...entry, revokedAt: new Date().toISOString() } : entry,
      );
      return { status: 204 };
    },
  });
  return server;
}

let online = true;

function renderPanel(language: 'de' | 'en' = 'en', mayBackUp = false) {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <ApiTokensPanel online={online} mayBackUp={mayBackUp} />
    </I18nextProvider>,
  );
}

const rows = () => screen.queryAllByTestId('own-token');

describe('API tokens on one’s own profile', () => {
  beforeEach(() => {
    online = true;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists the tokens with scope, dates and state; only a valid one can be revoked', async () => {
    tokenServer([LIVE, REVOKED, EXPIRED]);
    renderPanel('de');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [live, revoked, expired] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(live.textContent).toContain('ERP interface');
    expect(live.textContent).toContain('Lesen und schreiben');
    expect(live.textContent).toContain('Gültig');
    expect(live.textContent).toContain(
      `Zuletzt benutzt: ${formatDate(LIVE.lastUsedAt!, 'de', { dateStyle: 'medium', timeStyle: 'short' })}`,
    );
    expect(within(live).getByTestId('own-token-revoke')).toBeTruthy();
    expect(revoked.textContent).toContain('Nur lesen');
    expect(revoked.textContent).toContain('Widerrufen:');
    expect(revoked.textContent).toContain('Noch nicht benutzt');
    expect(within(revoked).queryByTestId('own-token-revoke')).toBeNull();
    expect(expired.textContent).toContain('Abgelaufen');
    // The expiry is the day chosen, in the user's language, wherever the reader is.
    expect(expired.textContent).toContain('Läuft ab: 31.01.2026');
    expect(within(expired).queryByTestId('own-token-revoke')).toBeNull();
  });

  it('says so when there are no tokens, and links the API documentation in a new tab', async () => {
    tokenServer([]);
    renderPanel();
    expect((await screen.findByTestId('own-tokens-empty')).textContent).toBe(
      'You have no API tokens yet.',
    );
    const docs = screen.getByTestId('own-tokens-docs');
    expect(docs.getAttribute('href')).toBe('/api/docs');
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toContain('noopener');
  });

  it('creates a token and shows its secret once, with its scope; afterwards the list has no secret', async () => {
    const { calls } = tokenServer([LIVE]);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        clipboard: { writeText },
      }),
    );
    renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(1));

    // A name is needed first.
    fireEvent.click(screen.getByTestId('own-tokens-create'));
    expect(screen.getByText('Enter a name.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('own-tokens-name'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByTestId('own-tokens-name'), { target: { value: ' CAQ sync ' } });
    fireEvent.click(screen.getByLabelText('Read only'));
    fireEvent.click(screen.getByTestId('own-tokens-create'));

    const dialog = await screen.findByTestId('own-token-secret');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'CAQ sync',
      expiresAt: dayIn(90),
      readOnly: true,
      backup: false,
    });
    expect(
      (within(dialog).getByTestId('own-token-secret-secret') as HTMLTextAreaElement).value,
    ).toBe(SECRET);
    expect(within(dialog).getByTestId('own-token-secret-warning').textContent).toContain(
      'it will not be shown again',
    );
    expect(within(dialog).getByTestId('own-token-secret-scope').textContent).toBe(
      `CAQ sync: Read only, valid until ${formatDate(endOf(dayIn(90)), 'en', { dateStyle: 'medium', timeZone: 'UTC' })}.`,
    );
    fireEvent.click(within(dialog).getByTestId('own-token-secret-copy'));
    await within(dialog).findByTestId('own-token-secret-copied');
    expect(writeText).toHaveBeenCalledWith(SECRET);

    fireEvent.click(within(dialog).getByTestId('own-token-secret-close'));
    await waitFor(() => expect(screen.queryByTestId('own-token-secret')).toBeNull());
    expect(rows()).toHaveLength(2);
    expect(rows()[0]!.textContent).toContain('CAQ sync');
    expect(rows()[0]!.textContent).toContain('Read only');
    expect(document.body.textContent).not.toContain(SECRET);
    expect(
      [...document.querySelectorAll('input, textarea')].some(
        (field) => (field as HTMLInputElement).value === SECRET,
      ),
    ).toBe(false);
    // The form is empty again for the next one.
    expect((screen.getByTestId('own-tokens-name') as HTMLInputElement).value).toBe('');
  });

  it('offers the backup scope only to whom may download backups, and names it wherever the scope is shown', async () => {
    const { calls } = tokenServer([]);
    renderPanel('de');
    await screen.findByText('Sie haben noch keine API-Tokens.');
    expect(screen.queryByTestId('own-tokens-backup')).toBeNull();
    cleanup();

    renderPanel('de', true);
    const backup = await screen.findByTestId('own-tokens-backup');
    expect(screen.getByLabelText('Darf Sicherungen herunterladen')).toBe(backup);
    expect(
      document.getElementById(backup.getAttribute('aria-describedby')!)?.textContent,
    ).toContain('Passwort-Hashes und Webhook-Geheimnisse');
    fireEvent.change(screen.getByTestId('own-tokens-name'), {
      target: { value: 'Nachtsicherung' },
    });
    fireEvent.click(screen.getByLabelText('Nur lesen'));
    fireEvent.click(backup);
    fireEvent.click(screen.getByTestId('own-tokens-create'));

    const dialog = await screen.findByTestId('own-token-secret');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      readOnly: true,
      backup: true,
    });
    expect(within(dialog).getByTestId('own-token-secret-scope').textContent).toContain(
      'Nachtsicherung: Nur lesen, Sicherungen, gültig bis',
    );
    fireEvent.click(within(dialog).getByTestId('own-token-secret-close'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Nur lesen, Sicherungen');
    // The next token starts without it.
    expect((screen.getByTestId('own-tokens-backup') as HTMLInputElement).checked).toBe(false);
  });

  it('selects the secret for copying by hand where the clipboard is not available', async () => {
    tokenServer([]);
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        clipboard: undefined,
      }),
    );
    renderPanel();
    await screen.findByTestId('own-tokens-empty');
    fireEvent.change(screen.getByTestId('own-tokens-name'), { target: { value: 'Script' } });
    fireEvent.click(screen.getByTestId('own-tokens-create'));
    const dialog = await screen.findByTestId('own-token-secret');
    const field = within(dialog).getByTestId('own-token-secret-secret') as HTMLTextAreaElement;
    fireEvent.click(within(dialog).getByTestId('own-token-secret-copy'));
    await within(dialog).findByTestId('own-token-secret-selected');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, SECRET.length]);
  });

  it('asks before revoking, and revokes only when confirmed', async () => {
    const { calls } = tokenServer([LIVE]);
    renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const deletes = () => calls.filter((call) => call.method === 'DELETE');

    fireEvent.click(screen.getByRole('button', { name: 'Revoke token ERP interface' }));
    const question = await screen.findByTestId('own-tokens-question');
    expect(question.textContent).toContain('"ERP interface" stops working at once');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('own-tokens-question')).toBeNull());
    expect(deletes()).toEqual([]);

    fireEvent.click(screen.getByTestId('own-token-revoke'));
    fireEvent.click(await screen.findByTestId('own-tokens-confirm'));
    expect((await screen.findByTestId('own-tokens-notice')).textContent).toBe(
      'The token "ERP interface" has been revoked.',
    );
    expect(deletes()).toEqual([
      { method: 'DELETE', path: '/api/v1/me/tokens/live', body: undefined },
    ]);
    await waitFor(() => expect(rows()[0]!.textContent).toContain('Revoked'));
    expect(screen.queryByTestId('own-token-revoke')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId('own-tokens-notice')),
    );
  });

  it("translates the server's refusal by its message key", async () => {
    fakeServer({
      'GET /api/v1/me/tokens': { status: 200, body: { tokens: [] } },
      'POST /api/v1/me/tokens': {
        status: 409,
        body: {
          type: 'urn:quality-audit:problem:conflict',
          title: 'Conflict',
          status: 409,
          detail: 'You already hold 20 valid API tokens. Revoke one first.',
          code: 'conflict',
          key: 'apiToken.tooMany',
          params: { max: 20 },
          error: { code: 'conflict', message: 'too many tokens' },
        },
      },
    });
    renderPanel('de');
    await screen.findByTestId('own-tokens-empty');
    fireEvent.change(screen.getByTestId('own-tokens-name'), { target: { value: 'Noch eins' } });
    fireEvent.click(screen.getByTestId('own-tokens-create'));
    expect((await screen.findByTestId('own-tokens-create-error')).textContent).toBe(
      'Sie haben bereits 20 gültige API-Tokens. Widerrufen Sie zuerst eines.',
    );
    expect(screen.queryByTestId('own-token-secret')).toBeNull();
  });

  it('offline: says so, asks the server nothing and creates nothing', () => {
    online = false;
    const { calls } = tokenServer([LIVE]);
    renderPanel();
    expect(screen.getByTestId('own-tokens-offline').textContent).toContain('You are offline');
    expect((screen.getByTestId('own-tokens-create') as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });
});
