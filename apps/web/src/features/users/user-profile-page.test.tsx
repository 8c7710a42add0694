import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Person } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ViewDocument } from '../../lib/sync/sync-types';
import { testPerson } from '../../test/test-person';
import { AvatarDatabase, setAvatarDatabase } from './avatar-upload';
import { UserProfilePage } from './user-profile-page';
import { PEOPLE, fakeFetch, renderAt, setOnline, type FakeCall } from './users-test-harness';

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
vi.mock('./own-account-panels', () => ({
  OwnAccountPanels: ({ person: own }: { person: Person }) => (
    <div data-testid="own-account-panels" data-person={own.id} />
  ),
}));

const admin = testPerson({ id: 'p1', roles: ['user', 'admin'] });

function renderProfile(url: string, language: 'de' | 'en' = 'en') {
  return renderAt(
    [
      { path: '/user/:userId', element: <UserProfilePage /> },
      { path: '/users/:id', element: <UserProfilePage /> },
      { path: '/users', element: <p data-testid="users-page" /> },
    ],
    url,
    language,
  );
}

const ok = (call: FakeCall): [number, unknown] =>
  call.url.endsWith('/sign-out') ? [200, { revoked: 3 }] : [200, { person: admin }];

let db: AvatarDatabase;
beforeEach(() => {
  people = { ...PEOPLE };
  person = admin;
  setOnline(true);
  db = new AvatarDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
  setAvatarDatabase(db);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setAvatarDatabase(null);
});

describe('UserProfilePage', () => {
  it("saves another person's name as admin; the e-mail is read-only with the reason", async () => {
    const calls = fakeFetch(ok);
    renderProfile('/user/p2');
    const email = screen.getByTestId('user-profile-email') as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('The e-mail cannot be changed once it is set.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('user-profile-displayName'), {
      target: { value: 'Anton A. Auditor' },
    });
    fireEvent.click(screen.getByTestId('user-profile-save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/v1/people/p2',
      body: { displayName: 'Anton A. Auditor' },
    });
    expect((await screen.findByTestId('snackbar-message')).textContent).toBe(
      'User update successful',
    );
    expect(screen.queryByTestId('own-account-panels')).toBeNull();
  });

  it('saves roles with PUT and shows the last-admin refusal', async () => {
    const calls = fakeFetch(() => [409, { error: { code: 'last_admin', message: 'no' } }]);
    renderProfile('/users/p1');
    fireEvent.click(screen.getByTestId('user-profile-roles-admin'));
    fireEvent.click(screen.getByTestId('user-profile-roles-save'));
    expect(
      await screen.findByText(
        'The last administrator cannot lose the administrator role or be deactivated.',
      ),
    ).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/people/p1/roles',
      body: { roles: ['user'] },
    });
  });

  it("one's own profile saves through /me, shows the account panels, offers no self-removal", async () => {
    const calls = fakeFetch(ok);
    renderProfile('/users/p1');
    expect(screen.getByTestId('own-account-panels').dataset.person).toBe('p1');
    expect(screen.queryByTestId('user-action-delete')).toBeNull();
    expect(screen.queryByTestId('user-action-deactivate')).toBeNull();
    fireEvent.change(screen.getByTestId('user-profile-displayName'), {
      target: { value: 'Erika M.' },
    });
    fireEvent.click(screen.getByTestId('user-profile-save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: '/api/v1/me' });
  });

  it('enables the login of an inactive person after confirmation; roles need a login', async () => {
    const calls = fakeFetch(ok);
    renderProfile('/user/p3', 'de');
    expect(screen.queryByTestId('user-profile-roles')).toBeNull();
    expect(screen.getByText('Rollen können nur Personen mit Anmeldung erhalten.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('user-action-enable-login'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Link zum Setzen des Passworts');
    fireEvent.click(within(dialog).getByTestId('user-action-confirm'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/people/p3/login' });
  });

  it('deactivates and signs out everywhere after confirmations', async () => {
    const calls = fakeFetch(ok);
    renderProfile('/user/p2');
    fireEvent.click(screen.getByTestId('user-action-deactivate'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('user-action-confirm'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/people/p2/deactivate' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('user-action-sign-out'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('user-action-confirm'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/api/v1/people/p2/sign-out' });
  });

  it('deletes and goes back to the list', async () => {
    fakeFetch(() => [200, { result: 'deleted' }]);
    const router = renderProfile('/user/p2');
    fireEvent.click(screen.getByTestId('user-action-delete'));
    fireEvent.click(await screen.findByTestId('user-delete-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('offline: every server action is disabled and the reason shown', () => {
    setOnline(false);
    renderProfile('/user/p2');
    expect(screen.getByTestId('user-profile-offline').textContent).toContain('offline');
    for (const id of [
      'user-action-deactivate',
      'user-action-sign-out',
      'user-action-delete',
      'user-profile-save',
    ]) {
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('a non-admin sees another person read-only, without actions', () => {
    person = testPerson({ id: 'p2', roles: ['user', 'auditor'] });
    renderProfile('/user/p1');
    expect((screen.getByTestId('user-profile-displayName') as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.queryByTestId('user-profile-save')).toBeNull();
    expect(screen.queryByTestId('user-action-delete')).toBeNull();
    expect(screen.getByTestId('user-profile-roles-text').textContent).toBe('User, Administrator');
  });

  it('says when the person does not exist', () => {
    renderProfile('/user/nobody');
    expect(screen.getByTestId('user-unknown').textContent).toContain('nobody');
  });

  it('uploads an avatar and sets its URL; refuses a file that is not an image', async () => {
    const calls = fakeFetch((call) => (call.method === 'PUT' ? [201, {}] : ok(call)));
    renderProfile('/user/p2');
    const input = screen.getByTestId('user-avatar-file');
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByTestId('user-avatar-error')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(input, {
      target: { files: [new File(['gif'], 'me.gif', { type: 'image/gif' })] },
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.method).toBe('PUT');
    expect(calls[0]!.url).toMatch(/^\/api\/v1\/files\/[^?]+\?personId=p2$/);
    expect(calls[1]).toMatchObject({ method: 'PATCH', url: '/api/v1/people/p2' });
    const avatar = (calls[1]!.body as { avatar: string }).avatar;
    expect(calls[0]!.url.startsWith(avatar)).toBe(true);
  });

  it('offline, the avatar waits on the device and goes up when online', async () => {
    setOnline(false);
    const calls = fakeFetch((call) => (call.method === 'PUT' ? [201, {}] : ok(call)));
    renderProfile('/users/p1');
    fireEvent.change(screen.getByTestId('user-avatar-file'), {
      target: { files: [new File(['gif'], 'me.gif', { type: 'image/gif' })] },
    });
    expect((await screen.findByTestId('user-avatar-pending')).textContent).toContain(
      'waits on this device',
    );
    expect(calls).toHaveLength(0);
    expect(await db.pending.count()).toBe(1);
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ method: 'PATCH', url: '/api/v1/me' });
    await waitFor(() => expect(screen.queryByTestId('user-avatar-pending')).toBeNull());
    expect(await db.pending.count()).toBe(0);
  });
});
