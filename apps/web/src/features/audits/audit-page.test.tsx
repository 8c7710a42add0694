import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { changeAuditStatusCommand, completeAuditCommand } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RightDrawerProvider } from '../../components/shell/right-drawer-provider';
import { createI18n } from '../../lib/i18n/i18n';
import type { CommandOutcome, ViewDocument } from '../../lib/sync/sync-types';
import { AuditIndexRedirect } from './audit-index-redirect';
import { AuditPage } from './audit-page';
import { AUDIT_PHASES } from './audit-phases';

// The screen is tested against the sync hooks' contract, not the engine behind them.
let audits: Record<string, JsonObject> = {};
let loading = false;
const commands: { name: string; args: unknown }[] = [];
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: (collection: string, id: string | undefined) => {
    if (collection !== 'audits') return { document: undefined, loading: false };
    const data = id ? audits[id] : undefined;
    const document: ViewDocument | undefined = data
      ? { collection, id: id!, data, state: 'sync' }
      : undefined;
    return { document, loading };
  },
}));
vi.mock('../../lib/sync/use-query', () => ({
  useQuery: ({ collection }: { collection: string }) => ({
    documents:
      collection === 'standards'
        ? [{ collection, id: 'iso9001', data: { name: 'ISO 9001:2015' }, state: 'sync' }]
        : [],
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
vi.mock('../favorites/use-favorites', () => ({
  useFavorites: () => ({ audits: [], measures: [], isStarred: () => false, setStarred: () => {} }),
}));
vi.mock('../../lib/sync/sync-state-icon', () => ({
  SyncStateIcon: ({ state }: { state: string }) => <span data-testid="sync-icon">{state}</span>,
}));

function renderAudit(path: string, language: 'de' | 'en' = 'en') {
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
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <RightDrawerProvider>
        <RouterProvider router={router} />
      </RightDrawerProvider>
    </I18nextProvider>,
  );
  return router;
}

const AUDIT: JsonObject = {
  name: 'Werk Styr 2026',
  standard: ['iso9001'],
  scope: { plant: 'Styr' },
  leadauditor: 'p-lead',
  protected: true,
  workflow: { status: '3' },
};

describe('AuditPage', () => {
  afterEach(() => {
    cleanup();
    audits = {};
    loading = false;
    commands.length = 0;
  });

  it('says "404 Document not found" for an unknown audit', async () => {
    renderAudit('/audit/nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Document not found' }),
    ).toBeTruthy();
  });

  it('shows the header and opens the tab of the phase the status names', async () => {
    audits = { a1: AUDIT };
    const router = renderAudit('/audit/a1');
    // Status '3' Execution opens the execution tab (decision 71), not the one after it.
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit/a1/auditexecution'));
    expect(screen.getByRole('heading', { level: 1, name: 'Werk Styr 2026' })).toBeTruthy();
    expect(screen.getByTestId('audit-status').textContent).toBe('Execution');
    expect(screen.getByLabelText('Protected audit')).toBeTruthy();
    expect(screen.getByTestId('audit-header').textContent).toContain('User: p-lead');
    expect(screen.getByTestId('audit-header').textContent).toContain('Scope: Styr');
    // The standard by its name, not its id (issue 11.9).
    expect(screen.getByTestId('audit-standard').textContent).toContain('ISO 9001:2015');
  });

  it('names the supplier, the material and the reason in the header (issue 34.4)', async () => {
    audits = {
      a1: {
        ...AUDIT,
        audit_reason: 'Reklamation 2026-114',
        metadata: {
          supplier: { name: 'Muster Guss GmbH', location: 'Ulm', no: '4711' },
          material: { group: 'Gussteile', id: 'MG-12' },
        },
      },
    };
    renderAudit('/audit/a1', 'de');
    expect((await screen.findByTestId('audit-supplier')).textContent).toBe(
      'Lieferant: Muster Guss GmbH, Ulm (4711)',
    );
    expect(screen.getByTestId('audit-material').textContent).toBe('Material: Gussteile · MG-12');
    expect(screen.getByTestId('audit-reason').textContent).toBe('Anlass: Reklamation 2026-114');
  });

  it('offers all five phases on a phone in a menu that names the current one (issue 18.3)', async () => {
    audits = { a1: AUDIT };
    const router = renderAudit('/audit/a1/auditpreparation', 'de');
    const button = await screen.findByTestId('audit-phase-menu');
    expect(button.textContent).toBe('Vorbereitung');
    expect(button.getAttribute('aria-label')).toBe('Auditphase: Vorbereitung');
    fireEvent.click(button);
    const menu = within(await screen.findByRole('menu', { name: 'Auditphasen' }));
    const entries = menu.getAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Vorbereitung',
      'Durchführung',
      'Nachbereitung',
      'Bericht',
      'Maßnahmenliste',
    ]);
    expect(entries.map((entry) => entry.getAttribute('href'))).toEqual(
      AUDIT_PHASES.map((phase) => `/audit/a1/${phase.path}`),
    );
    expect(entries[0]!.getAttribute('aria-current')).toBe('page');
    fireEvent.click(entries[3]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit/a1/auditreporting'));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByTestId('audit-phase-menu').textContent).toBe('Bericht');
  });

  it('opens a completed audit on its report, one whose status has no tab on preparation', async () => {
    audits = { a1: { ...AUDIT, workflow: { status: '6' } } };
    const router = renderAudit('/audit/a1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit/a1/auditreporting'));
    cleanup();
    audits = { a1: { ...AUDIT, workflow: { status: 'Archiv' } } };
    const other = renderAudit('/audit/a1');
    await waitFor(() => expect(other.state.location.pathname).toBe('/audit/a1/auditpreparation'));
  });

  it('walks the stepper: each step sets the status of the phase it opens', async () => {
    audits = { a1: { ...AUDIT, workflow: { status: '1' } } };
    const router = renderAudit('/audit/a1/auditpreparation', 'de');
    // "Angelegt" (1>2) opens the step that leads to Preparation: releasing the audit.
    fireEvent.click(await screen.findByRole('button', { name: 'Angelegt' }));
    expect(await screen.findByText('Audit freigeben')).toBeTruthy();
    expect(screen.getByTestId('audit-step-1').getAttribute('aria-current')).toBe('step');
    fireEvent.click(screen.getByText('Vorbereitung abschließen'));
    fireEvent.change(await screen.findByTestId('audit-step-comment'), {
      target: { value: ' Fragen vollständig ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit/a1/auditexecution'));
    expect(commands).toEqual([
      {
        name: changeAuditStatusCommand.name,
        args: { id: 'a1', status: '3', numbering: 'phase', comment: 'Fragen vollständig' },
      },
    ]);
  });

  it('lets the user pick another step; Cancel changes nothing', async () => {
    audits = { a1: { ...AUDIT, workflow: { status: '2' } } };
    const router = renderAudit('/audit/a1/auditexecution');
    fireEvent.click(await screen.findByRole('button', { name: 'Prepared' }));
    fireEvent.click(await screen.findByTestId('audit-step-cancel'));
    expect(commands).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Prepared' }));
    fireEvent.click(await screen.findByText('Finish audit and send report'));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit/a1/auditreporting'));
    // ... and the reporting tab goes on to sending the report (decision 71).
    expect(router.state.location.state).toEqual({ sendReport: true });
    // The last step completes the audit (issue 13): final status and protection in one command,
    // naming the audit's items and the user's language (issue 19, a VDA audit's grade).
    expect(commands).toEqual([
      { name: completeAuditCommand.name, args: { id: 'a1', itemIds: [], language: 'en' } },
    ]);
  });
});
