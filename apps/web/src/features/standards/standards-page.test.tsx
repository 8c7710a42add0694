import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { importStandardCommand, type Person } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../components/snackbar/snackbar-provider';
import { createI18n } from '../../lib/i18n/i18n';
import type { CommandOutcome, ViewDocument } from '../../lib/sync/sync-types';
import { testPerson } from '../../test/test-person';
import { StandardPage } from './standard-page';
import { StandardsPage } from './standards-page';

// The screens are tested against the sync hooks' contract, not the engine behind them.
let standards: Record<string, JsonObject> = {};
const commands: { name: string; args: unknown }[] = [];
let person: Person | null = null;
const view = (id: string, data: JsonObject): ViewDocument => ({
  collection: 'standards',
  id,
  data,
  state: 'sync',
});
vi.mock('../../lib/sync/use-query', () => ({
  useQuery: () => ({
    documents: Object.entries(standards).map(([id, data]) => view(id, data)),
    loading: false,
  }),
}));
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: (collection: string, id: string | undefined) => ({
    document:
      collection === 'standards' && id && standards[id] ? view(id, standards[id]) : undefined,
    loading: false,
  }),
}));
vi.mock('../../lib/sync/use-command', () => ({
  useCommand: () => (name: string, args: unknown) => {
    commands.push({ name, args });
    const outcome: CommandOutcome = {
      local: { ok: true, ops: [] },
      confirmed: Promise.resolve({ ok: true }),
    };
    return Promise.resolve(outcome);
  },
}));
vi.mock('../../lib/sync/sync-state-icon', () => ({
  SyncStateIcon: ({ state }: { state: string }) => <span data-testid="sync-icon">{state}</span>,
}));
vi.mock('../../lib/session/session-provider', () => ({ usePerson: () => person }));

const ISO: JsonObject = {
  name: 'ISO9001',
  description: 'Quality management systems',
  chapters: [
    { id: '4', description: 'Context of the organization' },
    { id: '5', description: 'Leadership' },
  ],
};

function renderAt(path: string, language: 'de' | 'en' = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/standards', element: <StandardsPage /> },
      { path: '/standard/:standardId', element: <StandardPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </I18nextProvider>,
  );
  return router;
}

function fill(field: string, value: string) {
  fireEvent.change(screen.getByTestId(`standard-import-${field}`), { target: { value } });
}

describe('standards screens', () => {
  afterEach(() => {
    cleanup();
    standards = {};
    commands.length = 0;
    person = null;
  });

  it('lists the standards with their chapter count and links to each', async () => {
    standards = { iso9001: ISO };
    person = testPerson({ roles: ['user'] });
    renderAt('/standards');
    expect((await screen.findByTestId('standard-row-iso9001')).textContent).toContain(
      'iso9001 · 2 chapters',
    );
    expect(screen.queryByTestId('standard-import-open')).toBeNull();
    // The whole row is the link (issue 18.3), named by what it shows.
    const link = screen.getByRole('link', { name: /^ISO9001 iso9001 · 2 chapters/ });
    expect(link.getAttribute('href')).toBe('/standard/iso9001');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'ISO9001' })).toBeTruthy();
    expect(screen.getByTestId('standard-chapters').textContent).toContain('5 Leadership');
  });

  it('says "404 Document not found" for an unknown standard', async () => {
    renderAt('/standard/nope');
    expect(await screen.findByTestId('standard-not-found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 Document not found');
  });

  it('shows the import problems at their fields, in German, and sends nothing', async () => {
    person = testPerson({ roles: ['user', 'qm'] });
    standards = { iso9001: ISO };
    renderAt('/standards', 'de');
    fireEvent.click(await screen.findByTestId('standard-import-open'));
    fill('name', 'X');
    fill('id', '9abc');
    fill('description', 'Kurz');
    fill('chapters', '[{"id": "1", "description": "Eins"}]');
    fireEvent.click(screen.getByTestId('standard-import-submit'));
    expect(await screen.findByTestId('standard-import-errors')).toBeTruthy();
    const dialog = screen.getByTestId('standard-import-dialog').textContent ?? '';
    expect(dialog).toContain('Länge des Namens ungültig (2–32 Zeichen)');
    expect(dialog).toContain('Die ID muss mit einem Buchstaben beginnen');
    expect(dialog).toContain('Länge der Beschreibung ungültig (5–256 Zeichen)');
    expect(commands).toEqual([]);
  });

  it('imports a standard with CSV chapters and opens it', async () => {
    person = testPerson({ roles: ['user', 'admin'] });
    const router = renderAt('/standards');
    fireEvent.click(await screen.findByTestId('standard-import-open'));
    fill('name', 'IATF16949');
    fill('description', 'Automotive quality management');
    fill('chapters', 'id;description\n4;Context\n4.1;Understanding the organization');
    fireEvent.click(screen.getByTestId('standard-import-submit'));
    await waitFor(() => expect(commands).toHaveLength(1));
    expect(commands[0]).toEqual({
      name: importStandardCommand.name,
      args: {
        id: 'iatf16949',
        name: 'IATF16949',
        description: 'Automotive quality management',
        chapters: [
          { id: '4', description: 'Context' },
          { id: '4.1', description: 'Understanding the organization' },
        ],
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/standard/iatf16949'));
    expect(await screen.findByText('Standard IATF16949 imported')).toBeTruthy();
  });
});
