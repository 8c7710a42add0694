import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  CONFIG_SEGMENTS,
  DEFAULT_CONFIGURATION,
  updateConfigurationCommand,
  type Person,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../components/snackbar/snackbar-provider';
import type { Language } from '../../lib/i18n/detect-language';
import { createI18n } from '../../lib/i18n/i18n';
import type { CommandOutcome, ServerOutcome, ViewDocument } from '../../lib/sync/sync-types';
import { useCommand } from '../../lib/sync/use-command';
import { useQuery } from '../../lib/sync/use-query';
import { useSyncState } from '../../lib/sync/use-sync-state';
import { testPerson } from '../../test/test-person';
import { ConfigurationPage } from './configuration-page';
import type { JsonEditorProps } from './json-editor';

// The screen is tested against the sync hooks' contract, not the engine behind them.
vi.mock('../../lib/sync/use-query', () => ({ useQuery: vi.fn() }));
vi.mock('../../lib/sync/use-command', () => ({ useCommand: vi.fn() }));
vi.mock('../../lib/sync/use-sync-state', () => ({ useSyncState: vi.fn() }));
vi.mock('../../lib/sync/sync-state-icon', () => ({
  SyncStateIcon: ({ state }: { state: string }) => <span data-testid="sync-icon">{state}</span>,
}));
let person: Person | null = null;
vi.mock('../../lib/session/session-provider', () => ({ usePerson: () => person }));
// CodeMirror needs layout jsdom does not have; a textarea stands in with the same props.
vi.mock('./json-editor', () => ({
  JsonEditor: ({ value, onChange, readOnly, label, testId, describedBy }: JsonEditorProps) => (
    <textarea
      aria-label={label}
      aria-describedby={describedBy}
      data-testid={testId}
      value={value}
      readOnly={readOnly}
      onChange={(event) => onChange(event.target.value)}
    />
  ),
}));

const ADMIN = testPerson({ roles: ['user', 'admin'] });

function configDocs(overrides: Partial<Record<string, JsonObject>> = {}): ViewDocument[] {
  return CONFIG_SEGMENTS.map((segment) => ({
    collection: 'configuration',
    id: segment,
    data: overrides[segment] ?? (DEFAULT_CONFIGURATION[segment] as unknown as JsonObject),
    state: 'sync',
  }));
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

let command: ReturnType<typeof vi.fn<(name: string, args: unknown) => Promise<CommandOutcome>>>;

function setup({
  documents = configDocs(),
  loading = false,
  connection = 'online' as 'online' | 'connecting' | 'offline',
  who = ADMIN as Person | null,
} = {}) {
  person = who;
  vi.mocked(useQuery).mockReturnValue({ documents, loading });
  vi.mocked(useSyncState).mockReturnValue({ connection, pending: 0, state: 'sync' });
  vi.mocked(useCommand).mockReturnValue(command);
}

function renderPage(language: Language = 'en') {
  const i18n = createI18n(language);
  const ui = () => (
    <I18nextProvider i18n={i18n}>
      <SnackbarProvider>
        <ConfigurationPage />
      </SnackbarProvider>
    </I18nextProvider>
  );
  const view = render(ui());
  return { ...view, rerenderPage: () => view.rerender(ui()) };
}

function editor(segment: string): HTMLTextAreaElement {
  return screen.getByTestId(`config-editor-${segment}`) as HTMLTextAreaElement;
}

function type(segment: string, text: string) {
  fireEvent.change(editor(segment), { target: { value: text } });
}

function withApp(change: (app: Record<string, unknown>) => void): string {
  const app = structuredClone(DEFAULT_CONFIGURATION.app) as Record<string, unknown>;
  change(app);
  return JSON.stringify(app, null, 2);
}

beforeEach(() => {
  command = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ConfigurationPage', () => {
  it('shows one editor per segment, in order, with the pretty-printed document', () => {
    setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Configuration' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([...CONFIG_SEGMENTS]);
    expect(editor('app').value).toBe(JSON.stringify(DEFAULT_CONFIGURATION.app, null, 2));
    expect(screen.getByRole('textbox', { name: 'JSON of the segment workflow' })).toBeTruthy();
    expect(screen.getAllByTestId('sync-icon')).toHaveLength(CONFIG_SEGMENTS.length);
    expect(screen.queryByTestId('configuration-read-only')).toBeNull();
  });

  it('says "This field requires valid JSON input" while the text is not JSON', async () => {
    setup();
    renderPage();
    type('app', '{ "languages": [');
    const error = await screen.findByTestId('config-error-app');
    expect(error.textContent).toBe('This field requires valid JSON input');
    expect(editor('app').getAttribute('aria-describedby')).toBe('config-error-app');
    expect(screen.getByTestId('config-save-app').hasAttribute('disabled')).toBe(true);
  });

  it('says it in German too', async () => {
    setup();
    renderPage('de');
    type('scopes', 'nope');
    expect((await screen.findByTestId('config-error-scopes')).textContent).toBe(
      'Dieses Feld erfordert eine gültige JSON-Eingabe',
    );
  });

  it('shows a schema problem with its field, and clears it once fixed', async () => {
    setup();
    renderPage();
    type(
      'app',
      withApp((app) => {
        app.dashboard = { widgetItemCount: 'ten' };
      }),
    );
    const error = await screen.findByTestId('config-error-app');
    expect(error.textContent).toMatch(/\(at dashboard\.widgetItemCount\)$/);
    expect(screen.getByTestId('config-save-app').hasAttribute('disabled')).toBe(true);

    type(
      'app',
      withApp((app) => {
        app.dashboard = { widgetItemCount: 12 };
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('config-error-app')).toBeNull());
    expect(screen.getByTestId('config-save-app').hasAttribute('disabled')).toBe(false);
  });

  it('saves: loading while the server has not confirmed, then "Saved"', async () => {
    setup();
    const confirmed = deferred<ServerOutcome>();
    command.mockResolvedValue({ local: { ok: true, ops: [] }, confirmed: confirmed.promise });
    renderPage();
    expect(screen.getByTestId('config-save-app').hasAttribute('disabled')).toBe(true);
    const text = withApp((app) => {
      app.dashboard = { widgetItemCount: 12 };
    });
    type('app', text);
    expect(screen.getByTestId('config-status-app').textContent).toBe('Unsaved changes');
    await waitFor(() =>
      expect(screen.getByTestId('config-save-app').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save app' }));

    const status = screen.getByTestId('config-status-app');
    await waitFor(() => expect(status.getAttribute('data-status')).toBe('saving'));
    expect(status.textContent).toBe('Saving…');
    expect(command).toHaveBeenCalledWith(updateConfigurationCommand.name, {
      segment: 'app',
      data: JSON.parse(text),
    });
    expect(screen.getByTestId('config-save-app').hasAttribute('disabled')).toBe(true);

    await act(async () => confirmed.resolve({ ok: true }));
    expect(status.getAttribute('data-status')).toBe('saved');
    expect(status.textContent).toBe('Saved');
    expect(screen.getByTestId('config-save-app').hasAttribute('disabled')).toBe(true);
  });

  it('shows a rejection with its translated reason and keeps the text', async () => {
    setup();
    const confirmed = deferred<ServerOutcome>();
    command.mockResolvedValue({ local: { ok: true, ops: [] }, confirmed: confirmed.promise });
    renderPage();
    const text = withApp((app) => {
      app.defaultLanguage = 'de';
    });
    type('app', text);
    await waitFor(() =>
      expect(screen.getByTestId('config-save-app').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByTestId('config-save-app'));
    await waitFor(() =>
      expect(screen.getByTestId('config-status-app').getAttribute('data-status')).toBe('saving'),
    );
    await act(async () =>
      confirmed.resolve({
        ok: false,
        code: 'forbidden',
        message: 'not allowed',
        detail: { key: 'command.forbidden', params: { command: updateConfigurationCommand.name } },
      }),
    );
    const status = screen.getByTestId('config-status-app');
    expect(status.getAttribute('data-status')).toBe('failed');
    expect(status.textContent).toBe(
      `Not saved: You are not allowed to do ${updateConfigurationCommand.name}`,
    );
    expect(editor('app').value).toBe(text);
    // The sync layer announces rejections; the screen adds no snackbar of its own.
    expect(screen.queryByTestId('snackbar-message')).toBeNull();
    // The user may try again.
    expect(screen.getByTestId('config-save-app').hasAttribute('disabled')).toBe(false);
  });

  it('names the reject code when the server gave no message', async () => {
    setup();
    command.mockResolvedValue({
      local: { ok: true, ops: [] },
      confirmed: Promise.resolve({ ok: false, code: 'internal', message: 'boom' }),
    });
    renderPage('de');
    type(
      'app',
      withApp((app) => (app.defaultLanguage = 'de')),
    );
    await waitFor(() =>
      expect(screen.getByTestId('config-save-app').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByTestId('config-save-app'));
    await waitFor(() =>
      expect(screen.getByTestId('config-status-app').textContent).toBe(
        'Nicht gespeichert: der Server hat die Änderung abgelehnt (internal)',
      ),
    );
  });

  it('offline: says the change is kept on this device until it can be sent', async () => {
    setup({ connection: 'offline' });
    command.mockResolvedValue({ local: { ok: true, ops: [] }, confirmed: new Promise(() => {}) });
    renderPage();
    type(
      'app',
      withApp((app) => (app.defaultLanguage = 'de')),
    );
    await waitFor(() =>
      expect(screen.getByTestId('config-save-app').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByTestId('config-save-app'));
    await waitFor(() =>
      expect(screen.getByTestId('config-status-app').textContent).toBe(
        'Saved on this device. It will be sent to the server when you are online.',
      ),
    );
  });

  it('follows the stored version while untouched; keeps edits and offers the new version', async () => {
    setup();
    const { rerenderPage } = renderPage();
    const changed = structuredClone(DEFAULT_CONFIGURATION.app) as unknown as JsonObject;
    changed.defaultLanguage = 'de';
    setup({ documents: configDocs({ app: changed }) });
    rerenderPage();
    await waitFor(() => expect(editor('app').value).toBe(JSON.stringify(changed, null, 2)));

    type('app', '{ "mine": true }');
    const newer = { ...changed, defaultLanguage: 'en' };
    setup({ documents: configDocs({ app: newer }) });
    rerenderPage();
    const notice = await screen.findByTestId('config-changed-app');
    expect(notice.textContent).toContain('The stored version of this segment has changed');
    expect(editor('app').value).toBe('{ "mine": true }');

    fireEvent.click(within(notice).getByRole('button', { name: 'Load stored version' }));
    expect(editor('app').value).toBe(JSON.stringify(newer, null, 2));
    expect(screen.queryByTestId('config-changed-app')).toBeNull();
  });

  it('resets a segment to the stored version', () => {
    setup();
    renderPage();
    type('measure', '{}');
    fireEvent.click(screen.getByRole('button', { name: 'Reset measure (discard changes)' }));
    expect(editor('measure').value).toBe(JSON.stringify(DEFAULT_CONFIGURATION.measure, null, 2));
    expect(screen.getByTestId('config-reset-measure').hasAttribute('disabled')).toBe(true);
  });

  it('offers the defaults of a segment that is not stored yet', () => {
    setup({ documents: configDocs().filter((doc) => doc.id !== 'lists') });
    renderPage();
    expect(screen.getByTestId('config-not-stored-lists')).toBeTruthy();
    expect(editor('lists').value).toBe(JSON.stringify(DEFAULT_CONFIGURATION.lists, null, 2));
    expect(screen.getByTestId('config-save-lists').hasAttribute('disabled')).toBe(false);
  });

  it('is read-only for people who are not administrators', () => {
    setup({ who: testPerson({ roles: ['user', 'qm'] }) });
    renderPage();
    expect(screen.getByTestId('configuration-read-only').textContent).toBe(
      'Only administrators can change the configuration. You can view it here.',
    );
    expect(editor('app').readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reset/ })).toBeNull();
  });

  it('waits for the first result, and says so when offline with nothing loaded', () => {
    setup({ loading: true, documents: [] });
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Loading the configuration' })).toBeTruthy();
    cleanup();

    setup({ documents: [], connection: 'offline' });
    renderPage('de');
    expect(screen.getByTestId('configuration-empty').textContent).toContain('noch nicht geladen');
    expect(screen.queryByTestId('config-segment-app')).toBeNull();
  });
});
