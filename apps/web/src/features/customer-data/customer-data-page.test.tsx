import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  createCommandState,
  executeCommand,
  saveAutocompletionCommand,
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
import { CustomerDataPage } from './customer-data-page';

// The screen is tested against the sync hooks' contract, not the engine behind them.
vi.mock('../../lib/sync/use-query', () => ({ useQuery: vi.fn() }));
vi.mock('../../lib/sync/use-command', () => ({ useCommand: vi.fn() }));
vi.mock('../../lib/sync/use-sync-state', () => ({ useSyncState: vi.fn() }));
vi.mock('../../lib/sync/sync-state-icon', () => ({
  SyncStateIcon: ({ state }: { state: string }) => <span data-testid="sync-icon">{state}</span>,
}));
let person: Person | null = null;
vi.mock('../../lib/session/session-provider', () => ({ usePerson: () => person }));

const QM = testPerson({ roles: ['user', 'qm'] });

function list(id: string, data: JsonObject, state: ViewDocument['state'] = 'sync'): ViewDocument {
  return { collection: 'autocompletion', id, data, state };
}

const PARTS = list('parts', {
  title: 'Teile',
  data: [
    { id: 'a', name: 'Achse' },
    { id: 'b', name: 'Bolzen' },
  ],
});
const COLORS = list('colors', { title: 'Farben', data: [{ id: 'r', name: 'Rot' }] }, 'unsync');

let documents: ViewDocument[] = [];
let connection: 'online' | 'connecting' | 'offline' = 'online';
/** What the server answers to the next commands (default: ok at once). */
let serverAnswer: () => Promise<ServerOutcome> = () => Promise.resolve({ ok: true });
const command = vi.fn<(name: string, args: unknown) => Promise<CommandOutcome>>();

/** Runs the real domain command on the mocked documents, as the replica would. */
function runLocally(name: string, args: unknown): Promise<CommandOutcome> {
  expect(name).toBe(saveAutocompletionCommand.name);
  const state = createCommandState({
    autocompletion: Object.fromEntries(documents.map((doc) => [doc.id, doc.data])),
  });
  const local = executeCommand(saveAutocompletionCommand, args, state, {
    actor: { personId: person?.id ?? '', roles: person?.roles ?? [] },
    now: '2026-03-01T10:00:00.000Z',
    newId: () => 'new-id',
  });
  return Promise.resolve({ local, confirmed: serverAnswer() });
}

function renderPage(language: Language = 'en') {
  person ??= QM;
  vi.mocked(useQuery).mockImplementation(() => ({ documents, loading: false }));
  vi.mocked(useSyncState).mockImplementation(() => ({ connection, pending: 0, state: 'sync' }));
  vi.mocked(useCommand).mockReturnValue(command);
  const i18n = createI18n(language);
  return render(
    <I18nextProvider i18n={i18n}>
      <SnackbarProvider>
        <CustomerDataPage />
      </SnackbarProvider>
    </I18nextProvider>,
  );
}

function input(testId: string): HTMLInputElement {
  return screen.getByTestId(testId) as HTMLInputElement;
}

function change(testId: string, value: string) {
  fireEvent.change(input(testId), { target: { value } });
}

beforeEach(() => {
  documents = [COLORS, PARTS];
  connection = 'online';
  person = null;
  serverAnswer = () => Promise.resolve({ ok: true });
  command.mockImplementation(runLocally);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CustomerDataPage: lists', () => {
  it('lists title, id, entry count and sync state, and opens a list', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Customer data' })).toBeTruthy();
    const item = screen.getByTestId('list-item-parts');
    expect(item.textContent).toContain('Teile');
    expect(item.textContent).toContain('parts · 2 entries');
    expect(screen.getByTestId('list-item-colors').textContent).toContain('colors · 1 entry');
    expect(
      within(screen.getByTestId('list-item-colors')).getByTestId('sync-icon').textContent,
    ).toBe('unsync');
    expect(screen.getByTestId('list-select-hint')).toBeTruthy();

    fireEvent.click(item);
    const editor = screen.getByTestId('list-editor');
    expect(within(editor).getByRole('heading', { level: 2, name: 'Teile' })).toBeTruthy();
    expect(input('list-title').value).toBe('Teile');
    expect(input('entry-id-1').value).toBe('b');
    expect(screen.getByRole('textbox', { name: 'Name of entry 1' })).toBe(input('entry-name-0'));
    expect(item.getAttribute('aria-current')).toBe('true');
  });

  it('says "No lists yet" when there are none, in both languages', () => {
    documents = [];
    renderPage();
    expect(screen.getByTestId('lists-empty').textContent).toBe('No lists yet');
    cleanup();
    renderPage('de');
    expect(screen.getByTestId('lists-empty').textContent).toBe('Noch keine Listen');
  });
});

describe('CustomerDataPage: new list', () => {
  it("shows the domain's message for an invalid document id at the field", async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New autocompletion list' });
    change('new-list-id', 'A1');
    change('new-list-title-input', 'Werkstoffe');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(dialog.textContent).toContain(
      'documentId A1 is invalid (a lowercase letter, then lowercase letters or digits, at least 2 characters)',
    );
    expect(input('new-list-id').getAttribute('aria-invalid')).toBe('true');

    change('new-list-id', 'parts');
    expect(dialog.textContent).toContain('A list with the id parts exists already');
    change('new-list-title-input', '');
    expect(dialog.textContent).toContain('Title must not be empty');
  });

  it('says it in German too', async () => {
    renderPage('de');
    fireEvent.click(screen.getByRole('button', { name: 'Neue Liste' }));
    const dialog = await screen.findByRole('dialog');
    change('new-list-id', 'x');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(dialog.textContent).toContain('documentId x ist ungültig');
  });

  it('opens a new list in the editor and saves it with its entries', async () => {
    renderPage('de');
    fireEvent.click(screen.getByTestId('list-new'));
    await screen.findByRole('dialog');
    change('new-list-id', 'materials2');
    change('new-list-title-input', 'Werkstoffe');
    fireEvent.click(screen.getByTestId('new-list-create'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.getByTestId('list-item-materials2').textContent).toContain('Neu');
    expect(input('list-title').value).toBe('Werkstoffe');
    expect(screen.getByTestId('entries-empty').textContent).toBe('Noch keine Einträge');
    fireEvent.click(screen.getByRole('button', { name: 'Eintrag hinzufügen' }));
    change('entry-id-0', 'st');
    change('entry-name-0', 'Stahl');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    expect((await screen.findByTestId('snackbar-message')).textContent).toBe(
      'Werkstoffe gespeichert',
    );
    expect(command).toHaveBeenCalledWith(saveAutocompletionCommand.name, {
      id: 'materials2',
      title: 'Werkstoffe',
      data: [{ id: 'st', name: 'Stahl' }],
    });
  });
});

describe('CustomerDataPage: editing', () => {
  it("saves and shows '{title} gespeichert' in German", async () => {
    renderPage('de');
    fireEvent.click(screen.getByTestId('list-item-parts'));
    change('entry-name-1', 'Bolzen M8');
    fireEvent.click(screen.getByTestId('list-save'));
    const snackbar = await screen.findByTestId('snackbar-message');
    expect(snackbar.textContent).toBe('Teile gespeichert');
    expect(snackbar.className).toMatch(/Success/);
    expect(command).toHaveBeenCalledWith(saveAutocompletionCommand.name, {
      id: 'parts',
      title: 'Teile',
      data: [
        { id: 'a', name: 'Achse' },
        { id: 'b', name: 'Bolzen M8' },
      ],
    });
  });

  it("says 'no changes found' for a save that changes nothing", async () => {
    renderPage();
    fireEvent.click(screen.getByTestId('list-item-parts'));
    // Surrounding blanks are not a change (the domain compares trimmed values).
    change('entry-name-0', ' Achse ');
    fireEvent.click(screen.getByTestId('list-save'));
    const snackbar = await screen.findByTestId('snackbar-message');
    expect(snackbar.textContent).toBe('no changes found');
    expect(snackbar.className).not.toMatch(/Success|Error/);
    expect(input('entry-name-0').value).toBe('Achse');
    expect(screen.getByTestId('list-status').getAttribute('data-status')).toBe('idle');
  });

  it('adds and deletes rows, also from the keyboard', async () => {
    renderPage();
    fireEvent.click(screen.getByTestId('list-item-parts'));
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    await waitFor(() => expect(document.activeElement).toBe(input('entry-id-2')));
    change('entry-id-2', 'c');
    fireEvent.keyDown(input('entry-id-2'), { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(input('entry-name-2')));
    change('entry-name-2', 'Clip');
    // Enter in the last name adds a row (and does not save).
    fireEvent.keyDown(input('entry-name-2'), { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(input('entry-id-3')));
    expect(command).not.toHaveBeenCalled();
    // Enter in an earlier name goes on to the next row.
    fireEvent.keyDown(input('entry-name-0'), { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(input('entry-id-1')));

    fireEvent.click(screen.getByRole('button', { name: 'Delete entry 1' }));
    expect(screen.getAllByTestId(/^entry-row-/)).toHaveLength(3);
    expect(input('entry-id-0').value).toBe('b');
    expect(input('entry-id-1').value).toBe('c');
    await waitFor(() => expect(document.activeElement).toBe(input('entry-id-0')));

    fireEvent.click(screen.getByTestId('list-save'));
    await screen.findByTestId('snackbar-message');
    // The empty last row is not an entry.
    expect(command).toHaveBeenCalledWith(saveAutocompletionCommand.name, {
      id: 'parts',
      title: 'Teile',
      data: [
        { id: 'b', name: 'Bolzen' },
        { id: 'c', name: 'Clip' },
      ],
    });
  });

  it('shows problems at the fields and sends nothing', () => {
    renderPage();
    fireEvent.click(screen.getByTestId('list-item-parts'));
    change('list-title', '  ');
    change('entry-id-1', 'a');
    fireEvent.click(screen.getByTestId('list-save'));
    expect(command).not.toHaveBeenCalled();
    const editor = screen.getByTestId('list-editor');
    expect(editor.textContent).toContain('Title must not be empty');
    expect(input('list-title').getAttribute('aria-invalid')).toBe('true');
    expect(input('entry-id-1').getAttribute('aria-invalid')).toBe('true');
    expect(editor.textContent).toContain('AutoComplete entry a occurs more than once');

    // Fixed as the user types, once checked.
    change('list-title', 'Teile');
    expect(editor.textContent).not.toContain('Title must not be empty');
  });

  it('shows a rejection at the form, without a second snackbar, and keeps the edits', async () => {
    serverAnswer = () =>
      Promise.resolve({
        ok: false,
        code: 'forbidden',
        message: 'no',
        detail: { key: 'command.forbidden', params: { command: saveAutocompletionCommand.name } },
      });
    renderPage();
    fireEvent.click(screen.getByTestId('list-item-parts'));
    change('list-title', 'Parts');
    fireEvent.click(screen.getByTestId('list-save'));
    const error = await screen.findByTestId('list-save-error');
    expect(error.textContent).toBe(
      `Saving Parts failed: You are not allowed to do ${saveAutocompletionCommand.name}`,
    );
    // The only snackbar is the optimistic success; the sync layer reports the rejection.
    expect(screen.getAllByTestId('snackbar-message').map((s) => s.textContent)).toEqual([
      'Parts saved',
    ]);
    expect(input('list-title').value).toBe('Parts');
  });

  it('shows the pending save as kept on this device while offline', async () => {
    connection = 'offline';
    serverAnswer = () => new Promise(() => {});
    renderPage();
    fireEvent.click(screen.getByTestId('list-item-parts'));
    change('entry-name-0', 'Welle');
    fireEvent.click(screen.getByTestId('list-save'));
    const status = screen.getByTestId('list-status');
    await waitFor(() => expect(status.getAttribute('data-status')).toBe('saving'));
    expect(status.textContent).toBe(
      'Saved on this device. It will be sent to the server when you are online.',
    );
    expect(screen.getByTestId('list-save').hasAttribute('disabled')).toBe(true);
  });

  it('asks before unsaved edits are dropped by switching lists', async () => {
    renderPage();
    fireEvent.click(screen.getByTestId('list-item-parts'));
    change('list-title', 'Teile neu');
    fireEvent.click(screen.getByTestId('list-item-colors'));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(input('list-title').value).toBe('Teile neu');

    fireEvent.click(screen.getByTestId('list-item-colors'));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(input('list-title').value).toBe('Farben'));

    // Without edits there is nothing to ask.
    fireEvent.click(screen.getByTestId('list-item-parts'));
    // Switched at once (the discard dialog that closed may still be fading out).
    expect(input('list-title').value).toBe('Teile');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is read-only for people without the right to change customer data', () => {
    person = testPerson({ roles: ['user', 'auditor'] });
    renderPage();
    expect(screen.getByTestId('customer-data-read-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New list' })).toBeNull();
    fireEvent.click(screen.getByTestId('list-item-parts'));
    const editor = screen.getByTestId('list-editor');
    expect(within(editor).queryByRole('textbox')).toBeNull();
    expect(within(editor).queryByRole('button')).toBeNull();
    expect(within(editor).getByRole('table').textContent).toContain('Bolzen');
  });
});

describe('CustomerDataPage: stored changes', () => {
  it('shows a list changed elsewhere when untouched', async () => {
    const view = renderPage();
    fireEvent.click(screen.getByTestId('list-item-parts'));
    documents = [COLORS, list('parts', { title: 'Teile', data: [{ id: 'a', name: 'Axle' }] })];
    await act(async () =>
      view.rerender(
        <I18nextProvider i18n={createI18n('en')}>
          <SnackbarProvider>
            <CustomerDataPage />
          </SnackbarProvider>
        </I18nextProvider>,
      ),
    );
    await waitFor(() => expect(input('entry-name-0').value).toBe('Axle'));
    expect(screen.queryByTestId('entry-row-1')).toBeNull();
  });
});
