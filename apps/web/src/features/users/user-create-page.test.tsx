import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Person } from '@qa/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testPerson } from '../../test/test-person';
import { UserCreatePage } from './user-create-page';
import { fakeFetch, renderAt, setOnline, type FakeCall } from './users-test-harness';

let person: Person | null = null;
vi.mock('../../lib/sync/use-query', () => ({
  useQuery: () => ({ documents: [], loading: false }),
}));
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: () => ({ document: undefined, loading: false }),
}));
vi.mock('../../lib/session/session-provider', () => ({ usePerson: () => person }));

function renderCreate(language: 'de' | 'en' = 'en') {
  return renderAt(
    [
      { path: '/users/create', element: <UserCreatePage /> },
      { path: '/user/:userId', element: <p data-testid="profile-page" /> },
    ],
    '/users/create',
    language,
  );
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeEach(() => {
  person = testPerson({ id: 'p1', roles: ['user', 'admin'] });
  setOnline(true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UserCreatePage', () => {
  it('creates a person with a login and roles, says so and opens the new profile', async () => {
    const calls = fakeFetch((call: FakeCall) => [
      201,
      {
        person: testPerson({
          id: 'new1',
          displayName: String((call.body as { displayName: string }).displayName),
        }),
      },
    ]);
    const router = renderCreate('de');
    expect(screen.getAllByText(/Link zum Setzen des Passworts/).length).toBeGreaterThan(0);
    type('user-create-displayName', 'Anna Auditorin');
    type('user-create-email', 'Anna@Example.com');
    fireEvent.click(screen.getByTestId('user-create-roles-auditor'));
    fireEvent.click(screen.getByTestId('user-create-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/new1'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/people',
      body: {
        displayName: 'Anna Auditorin',
        email: 'anna@example.com',
        roles: ['user', 'auditor'],
        login: true,
        language: 'de',
      },
    });
    expect((await screen.findByTestId('snackbar-message')).textContent).toContain(
      'Benutzer erfolgreich angelegt',
    );
  });

  it('without a login sends no roles and hides the checkboxes', async () => {
    const calls = fakeFetch(() => [201, { person: testPerson({ id: 'new2' }) }]);
    renderCreate();
    fireEvent.click(screen.getByTestId('user-create-login'));
    expect(screen.queryByTestId('user-create-roles')).toBeNull();
    expect(screen.getByTestId('user-create-roles-hint')).toBeTruthy();
    type('user-create-displayName', 'Otto Ohne');
    type('user-create-email', 'otto@example.com');
    fireEvent.click(screen.getByTestId('user-create-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ login: false, roles: [] });
  });

  it('checks the fields before sending', async () => {
    const calls = fakeFetch(() => [201, {}]);
    renderCreate();
    type('user-create-email', 'not-an-address');
    fireEvent.click(screen.getByTestId('user-create-submit'));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText(/E-mail must be valid/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows a taken e-mail and the server issues at their fields', async () => {
    fakeFetch(() => [409, { error: { code: 'email_taken', message: 'taken' } }]);
    renderCreate();
    type('user-create-displayName', 'Anna');
    type('user-create-email', 'anna@example.com');
    fireEvent.click(screen.getByTestId('user-create-submit'));
    expect(await screen.findByText('This e-mail belongs to another person.')).toBeTruthy();
    cleanup();
    fakeFetch(() => [
      400,
      {
        error: {
          code: 'invalid_request',
          message: 'bad',
          issues: [{ key: 'person.nameRequired', params: { field: 'displayName' } }],
        },
      },
    ]);
    renderCreate();
    type('user-create-displayName', 'Anna');
    type('user-create-email', 'anna@example.com');
    fireEvent.click(screen.getByTestId('user-create-submit'));
    expect(await screen.findByText('Name is required')).toBeTruthy();
  });

  it('is disabled offline with the reason, and for non-admins not offered', () => {
    setOnline(false);
    renderCreate();
    expect(screen.getByTestId('user-create-offline').textContent).toContain('offline');
    expect((screen.getByTestId('user-create-submit') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    person = testPerson({ roles: ['user', 'qm'] });
    renderCreate();
    expect(screen.getByTestId('user-create-forbidden')).toBeTruthy();
  });
});
