import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Person } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ViewDocument } from '../../lib/sync/sync-types';
import { testPerson } from '../../test/test-person';
import { UsersPage } from './users-page';
import { PEOPLE, fakeFetch, renderAt, setOnline } from './users-test-harness';

let people: Record<string, JsonObject> = {};
let person: Person | null = null;
vi.mock('../../lib/sync/use-query', () => ({
  useQuery: (query: { collection: string } | null) => ({
    documents:
      query?.collection === 'people'
        ? Object.entries(people).map(([id, data]): ViewDocument => ({
            collection: 'people',
            id,
            data,
            state: 'sync',
          }))
        : [],
    loading: false,
  }),
}));
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: () => ({ document: undefined, loading: false }),
}));
vi.mock('../../lib/session/session-provider', () => ({ usePerson: () => person }));

const admin = testPerson({ id: 'p1', roles: ['user', 'admin'] });

function renderList(url = '/users', language: 'de' | 'en' = 'en') {
  return renderAt(
    [
      { path: '/users', element: <UsersPage /> },
      { path: '/users/create', element: <p data-testid="create-page" /> },
    ],
    url,
    language,
  );
}

beforeEach(() => {
  people = { ...PEOPLE };
  person = admin;
  setOnline(true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UsersPage', () => {
  it('lists people with e-mail, translated roles and type; a row opens the profile', async () => {
    renderList('/users', 'de');
    const row = await screen.findByTestId('user-row-p2');
    expect(row.textContent).toContain('Anton Auditor');
    expect(row.textContent).toContain('anton@example.com');
    expect(row.textContent).toContain('Benutzer, Auditor');
    expect(row.textContent).toContain('aktiv');
    expect(screen.getByTestId('user-row-p3').textContent).toContain('inaktiv');
    expect(row.closest('a')?.getAttribute('href')).toBe('/user/p2');
    expect(screen.getByTestId('users-header').textContent).toContain('Rollen');
  });

  it("shows each person's sync state once, in its column", async () => {
    renderList();
    const row = await screen.findByTestId('user-row-p2');
    const item = row.closest('li')!;
    expect(item.querySelectorAll('[data-sync-state]')).toHaveLength(1);
  });

  it('shows the empty state without people', async () => {
    people = {};
    renderList();
    expect(await screen.findByText('No people yet.')).toBeTruthy();
  });

  it('offers "New person" and delete to admins only, import only in the admin view', async () => {
    renderList('/users?admin');
    expect(await screen.findByTestId('user-create')).toBeTruthy();
    expect(screen.getByTestId('user-import')).toBeTruthy();
    cleanup();
    renderList('/users');
    await screen.findByTestId('user-row-p1');
    expect(screen.queryByTestId('user-import')).toBeNull();
    cleanup();
    person = testPerson({ id: 'p2', roles: ['user', 'auditor'] });
    renderList('/users?admin');
    await screen.findByTestId('user-row-p1');
    expect(screen.queryByTestId('user-create')).toBeNull();
    expect(screen.queryByTestId('user-import')).toBeNull();
  });

  it('deletes after confirmation and shows that the server deactivated instead', async () => {
    const calls = fakeFetch(() => [200, { result: 'deactivated' }]);
    renderList();
    fireEvent.click(await screen.findByTestId('user-menu-p2'));
    fireEvent.click(await screen.findByTestId('user-delete-p2'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('user-delete-question').textContent).toBe(
      'Are you sure you want to delete this item?',
    );
    expect(dialog.textContent).toContain('deactivated instead of deleted');
    fireEvent.click(within(dialog).getByTestId('user-delete-confirm'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/v1/people/p2' });
    expect((await screen.findByTestId('snackbar-message')).textContent).toContain(
      'Anton Auditor is named in audits or measures and was deactivated instead.',
    );
  });

  it('disables delete offline, saying why', async () => {
    setOnline(false);
    renderList();
    fireEvent.click(await screen.findByTestId('user-menu-p2'));
    fireEvent.click(await screen.findByTestId('user-delete-p2'));
    expect(await screen.findByTestId('user-delete-offline')).toBeTruthy();
    expect((screen.getByTestId('user-delete-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('imports a CSV file as its bytes and reports imported and rejected rows', async () => {
    const calls = fakeFetch(() => [
      200,
      {
        imported: [{ ...testPerson({ id: 'n1', displayName: 'Jörg Ärger' }), type: 'inactive' }],
        rejected: [{ row: 3, issues: [{ key: 'person.nameRequired', params: {} }] }],
      },
    ]);
    renderList('/users?admin');
    fireEvent.click(await screen.findByTestId('user-import'));
    const bytes = new Uint8Array([0x4a, 0xf6, 0x72, 0x67]); // "Jörg" in ISO-8859-1
    const file = new File([bytes], 'staff.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('user-import-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('user-import-submit'));
    const report = await screen.findByTestId('user-import-report');
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/people/import' });
    expect(calls[0]!.contentType).toContain('text/csv');
    expect(new Uint8Array(calls[0]!.body as ArrayBuffer)).toEqual(bytes);
    expect(report.textContent).toContain('Imported: 1, rejected: 1');
    expect(within(screen.getByTestId('user-import-imported')).getByText('Jörg Ärger')).toBeTruthy();
    const rejected = screen.getByTestId('user-import-rejected');
    expect(rejected.textContent).toContain('Row 3');
    expect(rejected.textContent).toContain('Name is required');
  });

  it('refuses a file that is neither CSV nor JSON before sending', async () => {
    const calls = fakeFetch(() => [200, {}]);
    renderList('/users?admin');
    fireEvent.click(await screen.findByTestId('user-import'));
    const file = new File(['x'], 'staff.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('user-import-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('user-import-submit'));
    expect((await screen.findByTestId('user-import-error')).textContent).toContain(
      'Only CSV or JSON',
    );
    expect(calls).toHaveLength(0);
  });
});
