import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { updateAuditCommand, type Person } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RightDrawerProvider } from '../../components/shell/right-drawer-provider';
import { SnackbarProvider } from '../../components/snackbar/snackbar-provider';
import { createI18n } from '../../lib/i18n/i18n';
import type { CommandOutcome, ViewDocument } from '../../lib/sync/sync-types';
import { testPerson } from '../../test/test-person';
import { AuditEditPage } from './audit-edit-page';
import { AuditIndexRedirect } from './audit-index-redirect';
import { AuditPage } from './audit-page';
import { AUDIT_PHASES } from './audit-phases';

// The route is tested against the sync hooks' contract, not the engine behind them.
let audits: Record<string, JsonObject> = {};
let person: Person | null = null;
const commands: { name: string; args: unknown }[] = [];
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: (collection: string, id: string | undefined) => {
    const data = collection === 'audits' && id ? audits[id] : undefined;
    const document: ViewDocument | undefined = data
      ? { collection, id: id!, data, state: 'sync' }
      : undefined;
    return { document, loading: false };
  },
}));
vi.mock('../../lib/sync/use-query', () => ({
  useQuery: () => ({ documents: [], loading: false }),
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

const YEAR = new Date().getFullYear();
const AUDIT: JsonObject = {
  id: 'a1',
  name: 'Werk Styr',
  scope: { plant: 'Styr', productline: 'TGX' },
  leadauditor: 'p-lead',
  planning_year: YEAR,
  planning_date: null,
  workflow: { status: '3' },
};

function renderAt(path: string, language: 'de' | 'en' = 'en') {
  const router = createMemoryRouter(
    [
      {
        path: '/audit/:auditId',
        element: <AuditPage />,
        children: [
          { index: true, element: <AuditIndexRedirect /> },
          ...AUDIT_PHASES.map(({ path: phase }) => ({
            path: phase,
            element: <p data-testid="phase">{phase}</p>,
          })),
          { path: 'edit', element: <AuditEditPage /> },
        ],
      },
      { path: '/edit-only/:auditId', element: <AuditEditPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <SnackbarProvider>
        <RightDrawerProvider>
          <RouterProvider router={router} />
        </RightDrawerProvider>
      </SnackbarProvider>
    </I18nextProvider>,
  );
  return router;
}

describe('AuditEditPage', () => {
  afterEach(() => {
    cleanup();
    audits = {};
    person = null;
    commands.length = 0;
  });

  it('opens from the header button and goes back to the audit on cancel', async () => {
    audits = { a1: AUDIT };
    person = testPerson({ roles: ['qm'] });
    const router = renderAt('/audit/a1/auditexecution');
    fireEvent.click(await screen.findByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit/a1/edit'));
    expect(await screen.findByRole('heading', { name: 'Edit audit' })).toBeTruthy();
    expect((screen.getByTestId('audit-dialog-name') as HTMLInputElement).value).toBe('Werk Styr');
    fireEvent.click(screen.getByTestId('audit-dialog-cancel'));
    // Back to the audit, which opens the tab of its status.
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit/a1/auditexecution'));
    expect(screen.queryByTestId('audit-dialog')).toBeNull();
  });

  it('saves and returns to the audit (German)', async () => {
    audits = { a1: AUDIT };
    person = testPerson({ id: 'p-lead', roles: ['auditor'] });
    const router = renderAt('/audit/a1/edit', 'de');
    expect(await screen.findByRole('heading', { name: 'Audit bearbeiten' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('audit-dialog-name'), { target: { value: 'Werk Styr 2' } });
    fireEvent.click(screen.getByTestId('audit-dialog-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit/a1/auditexecution'));
    expect(commands).toEqual([
      {
        name: updateAuditCommand.name,
        args: { id: 'a1', changes: { name: 'Werk Styr 2', responsible: null } },
      },
    ]);
  });

  it('says "404 Document not found" for an unknown audit', async () => {
    renderAt('/edit-only/nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Document not found' }),
    ).toBeTruthy();
    expect(screen.getByTestId('audit-not-found')).toBeTruthy();
  });
});
