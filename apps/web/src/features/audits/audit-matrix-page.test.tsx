import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { deleteAuditCommand, type Person } from '@qa/domain';
import type { JsonObject, Query } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../components/snackbar/snackbar-provider';
import { createI18n } from '../../lib/i18n/i18n';
import type { CommandOutcome, ViewDocument } from '../../lib/sync/sync-types';
import { testPerson } from '../../test/test-person';
import { AuditMatrixPage } from './audit-matrix-page';

// The screen is tested against the sync hooks' contract, not the engine behind them.
let collections: Record<string, Record<string, JsonObject>> = {};
const queries: Query[] = [];
const commands: { name: string; args: unknown }[] = [];
let person: Person | null = null;
let peopleLoading = false;

const view = (collection: string, id: string, data: JsonObject): ViewDocument => ({
  collection,
  id,
  data,
  state: data.protected === true ? 'unsync' : 'sync',
});
/** The mocked replica answers a query with its '==' filters applied. */
function answer(query: Query): ViewDocument[] {
  return Object.entries(collections[query.collection] ?? {})
    .filter(([, data]) =>
      query.filters.every((filter) => filter.op === '==' && data[filter.path[0]!] === filter.value),
    )
    .map(([id, data]) => view(query.collection, id, data));
}
vi.mock('../../lib/sync/use-query', () => ({
  useQuery: (query: Query | null) => {
    if (query) queries.push(query);
    return { documents: query ? answer(query) : [], loading: false };
  },
}));
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: () => ({ document: undefined, loading: false }),
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
vi.mock('../people/use-people', () => ({
  usePeople: () => ({
    people: [],
    loading: peopleLoading,
    byId: new Map([['p2', { id: 'p2', displayName: 'Max Auditor' }]]),
  }),
  personLabel: (byId: Map<string, { displayName: string }>, id: string) =>
    byId.get(id)?.displayName ?? `User: ${id}`,
}));
// Written by another part of the app; here only whether and how the matrix opens it.
vi.mock('./audit-dialog', () => ({
  AuditDialog: (props: {
    auditId?: string;
    vdaPreset?: boolean;
    onClose: (saved?: string) => void;
  }) => (
    <div
      data-testid="audit-dialog"
      data-audit-id={props.auditId ?? 'new'}
      data-vda={props.vdaPreset ? 'yes' : 'no'}
    >
      <button onClick={() => props.onClose('new-audit')}>save</button>
      <button onClick={() => props.onClose()}>cancel</button>
    </div>
  ),
}));

const AUDITS: Record<string, JsonObject> = {
  a1: {
    id: 'a1',
    name: 'Supplier audit Cracow',
    standard: 'iso9001',
    type: 'process',
    audited_by: 'Lieferant',
    scope: ['Cracow'],
    created_by: 'p2',
    leadauditor: 'p2',
    planning_year: 2026,
    protected: true,
    workflow: { status: '1' },
    metadata: {
      supplier: { name: 'Odlewnia Krakowska', location: 'Nowa Huta', no: '7001' },
      material: { group: 'Castings', id: 'C-12' },
    },
  },
  a2: {
    id: 'a2',
    name: 'System audit Munich',
    standard: ['iso9001', 'iso14001'],
    type: 'system',
    audited_by: 'internal',
    scope: [],
    created_by: 'ghost',
    leadauditor: 'p9',
    planning_year: 2026,
    protected: false,
    workflow: { status: '2' },
  },
  a3: {
    id: 'a3',
    name: 'Product audit 2025',
    standard: 'iso9001',
    type: 'product',
    audited_by: 'external',
    created_by: 'p2',
    planning_year: 2025,
  },
};

function renderAt(path: string, language: 'de' | 'en' = 'en') {
  function AuditStub() {
    const { auditId } = useParams();
    return <p data-testid="audit-stub">{auditId}</p>;
  }
  const router = createMemoryRouter(
    [
      { path: '/auditmatrix', element: <AuditMatrixPage /> },
      { path: '/audit/:auditId', element: <AuditStub /> },
      { path: '/audit/:auditId/auditpreparation', element: <AuditStub /> },
      { path: '/auditimport', element: <p data-testid="audit-import-page-stub" /> },
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

const lastAuditQuery = () => queries.filter((query) => query.collection === 'audits').at(-1);
const row = (id: string) => screen.getByTestId(`audit-row-${id}`);
/** Opens a row's more-actions menu (edit, delete). */
async function openMenu(id: string) {
  fireEvent.click(await screen.findByTestId(`audit-menu-${id}`));
  return within(await screen.findByRole('menu'));
}

describe('audit matrix', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-04T10:00:00Z'));
    collections = {
      audits: AUDITS,
      standards: {
        iso9001: { name: 'ISO 9001', description: 'Quality', chapters: [] },
        iso14001: { name: 'ISO 14001', description: 'Environment', chapters: [] },
      },
      audit_items: {
        i1: { id: 'i1', auditId: 'a1' },
        i2: { id: 'i2', auditId: 'a1' },
        i3: { id: 'i3', auditId: 'a2' },
      },
      measures: {
        m1: { id: 'm1', audit_id: 'a1', text: 'Mark the aisles' },
        m2: { id: 'm2', audit_id: 'a2', text: 'Elsewhere' },
      },
    };
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    queries.length = 0;
    commands.length = 0;
    person = null;
    peopleLoading = false;
  });

  it('shows its rows once the people they name are in, not as ids first (no layout shift)', async () => {
    person = testPerson({ roles: ['user'] });
    peopleLoading = true;
    renderAt('/auditmatrix');
    expect((await screen.findByTestId('list-count')).textContent).toBe('Loading entries');
    expect(screen.queryByTestId('audit-row-a1')).toBeNull();
    expect(screen.getByTestId('list-progress-slot').firstElementChild).not.toBeNull();
    expect(screen.queryByText(/User: p2/)).toBeNull();
  });

  it('shows the current year as a table: names, standards, labels, creators, lock and sync state', async () => {
    person = testPerson({ roles: ['user'] });
    renderAt('/auditmatrix');
    const first = await screen.findByTestId('audit-row-a1');
    expect(lastAuditQuery()).toEqual({
      collection: 'audits',
      filters: [{ path: ['planning_year'], op: '==', value: 2026 }],
    });
    expect(screen.getByTestId('audit-matrix-header').textContent).toBe(
      'NameSupplierStandardAudit typeAudited byScopeCreated byStateActions',
    );
    const cells = within(first);
    // The whole row is the link (issue 18.3), named by what it shows, the audit's name first.
    const link = screen.getByRole('link', { name: /^Supplier audit Cracow/ });
    expect(link.getAttribute('href')).toBe('/audit/a1');
    expect(link.contains(first)).toBe(true);
    // Each value says what it is (seen in the card layout, heard under the header).
    expect(first.textContent).toContain('Scope: Cracow');
    expect(first.textContent).toContain('Created by: Max Auditor');
    expect(first.textContent).toContain('Audit type: Standard-based process audit');
    for (const text of ['ISO 9001', 'Standard-based process audit', 'Supplier', 'Cracow']) {
      expect(cells.getByText(text)).toBeTruthy();
    }
    expect(cells.getByText('Max Auditor')).toBeTruthy();
    expect(cells.getByRole('img', { name: 'Protected audit' })).toBeTruthy();
    expect(cells.getByTestId('sync-icon').textContent).toBe('unsync');

    const second = within(row('a2'));
    expect(second.getByText('ISO 9001, ISO 14001')).toBeTruthy();
    expect(second.getByText('System audit')).toBeTruthy();
    expect(second.getByText('User: ghost')).toBeTruthy();
    expect(second.queryByRole('img', { name: 'Protected audit' })).toBeNull();
    expect(screen.queryByTestId('audit-row-a3')).toBeNull();
    // A plain user sees neither create, edit, delete nor the import.
    expect(screen.queryByTestId('audit-create')).toBeNull();
    expect(screen.queryByTestId('audit-menu-a2')).toBeNull();
    expect(screen.queryByTestId('list-more-actions')).toBeNull();
  });

  it('keeps the heading order: no level skipped after the h1 (issue 18.4)', async () => {
    person = testPerson({ roles: ['qm'] });
    renderAt('/auditmatrix');
    await screen.findByTestId('audit-row-a1');
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1);
    });
  });

  it('keeps the year in the URL and subscribes to the chosen year or to all audits', async () => {
    const router = renderAt('/auditmatrix?year=2025');
    await screen.findByTestId('audit-row-a3');
    expect(lastAuditQuery()?.filters).toEqual([{ path: ['planning_year'], op: '==', value: 2025 }]);
    const select = screen.getByTestId('audit-matrix-year');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2023', '2024', '2025', '2026', '2027', 'All years']);

    fireEvent.change(select, { target: { value: 'all' } });
    await waitFor(() => expect(router.state.location.search).toBe('?year=all'));
    expect(lastAuditQuery()?.filters).toEqual([]);
    expect(await screen.findByTestId('audit-row-a1')).toBeTruthy();
    expect(screen.getByTestId('audit-row-a3')).toBeTruthy();

    fireEvent.change(select, { target: { value: '2027' } });
    await waitFor(() => expect(router.state.location.search).toBe('?year=2027'));
    expect(await screen.findByText('No audits in 2027')).toBeTruthy();
  });

  it('falls back to the current year for a year it does not offer, and speaks German', async () => {
    renderAt('/auditmatrix?year=1999', 'de');
    await screen.findByTestId('audit-row-a1');
    expect(lastAuditQuery()?.filters).toEqual([{ path: ['planning_year'], op: '==', value: 2026 }]);
    expect((screen.getByTestId('audit-matrix-year') as HTMLSelectElement).value).toBe('2026');
    expect(screen.getByTestId('audit-matrix-header').textContent).toContain(
      'AuditartAuditiert durchGeltungsbereichErstellt von',
    );
    expect(within(row('a1')).getByText('Lieferant')).toBeTruthy();
  });

  it('says which year has no audits, in both languages', async () => {
    renderAt('/auditmatrix?year=2024', 'de');
    expect(await screen.findByText('Keine Audits in 2024')).toBeTruthy();
    cleanup();
    renderAt('/auditmatrix?year=2024');
    expect(await screen.findByText('No audits in 2024')).toBeTruthy();
  });

  it('shows the supplier as a column and filters by it (issue 34.4)', async () => {
    renderAt('/auditmatrix');
    const first = await screen.findByTestId('audit-row-a1');
    expect(first.textContent).toContain('Supplier: Odlewnia Krakowska, Nowa Huta (7001)');
    fireEvent.click(screen.getByTestId('list-filter-button'));
    const drawer = within(await screen.findByTestId('list-filter-drawer'));
    const supplier = within(drawer.getByTestId('facet-supplier'));
    fireEvent.click(supplier.getByRole('checkbox', { name: 'Odlewnia Krakowska (1)' }));
    await waitFor(() => expect(screen.queryByTestId('audit-row-a2')).toBeNull());
    expect(screen.getByTestId('audit-row-a1')).toBeTruthy();
  });

  it('filters by a facet whose values are shown as names', async () => {
    renderAt('/auditmatrix');
    await screen.findByTestId('audit-row-a1');
    fireEvent.click(screen.getByTestId('list-filter-button'));
    const drawer = within(await screen.findByTestId('list-filter-drawer'));
    const standard = within(drawer.getByTestId('facet-standard'));
    expect(standard.getByRole('checkbox', { name: 'ISO 9001 (2)' })).toBeTruthy();
    expect(standard.getByRole('checkbox', { name: 'ISO 14001 (1)' })).toBeTruthy();
    const lead = within(drawer.getByTestId('facet-leadauditor'));
    expect(lead.getByRole('checkbox', { name: 'User: p9 (1)' })).toBeTruthy();
    fireEvent.click(lead.getByRole('checkbox', { name: 'Max Auditor (1)' }));
    await waitFor(() => expect(screen.queryByTestId('audit-row-a2')).toBeNull());
    expect(screen.getByTestId('audit-row-a1')).toBeTruthy();
  });

  it('asks before deleting and sends audit.delete with the ids of the audit items', async () => {
    person = testPerson({ roles: ['qm'] });
    renderAt('/auditmatrix');
    const menu = await openMenu('a1');
    // Delete is the menu's last entry, apart from edit.
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit Supplier audit Cracow',
      'Delete Supplier audit Cracow',
    ]);
    fireEvent.click(menu.getByTestId('audit-delete-a1'));
    expect((await screen.findByTestId('audit-delete-question')).textContent).toBe(
      'Are you sure you want to delete the audit "Supplier audit Cracow"?',
    );
    expect(screen.getByTestId('audit-delete-items').textContent).toBe(
      'Its 2 audit items are deleted with it.',
    );
    // Its measures live on, marked (issue 12).
    expect(screen.getByTestId('audit-delete-measures').textContent).toBe(
      'Its measure stays in the measures list, marked "Audit not present anymore".',
    );
    expect(commands).toEqual([]);
    fireEvent.click(screen.getByTestId('audit-delete-confirm'));
    await waitFor(() => expect(commands).toHaveLength(1));
    expect(commands[0]).toEqual({
      name: deleteAuditCommand.name,
      args: { id: 'a1', itemIds: ['i1', 'i2'], measureIds: ['m1'] },
    });
  });

  it('asks in German, and cancelling sends nothing', async () => {
    person = testPerson({ roles: ['admin'] });
    renderAt('/auditmatrix', 'de');
    expect((await screen.findByTestId('audit-menu-a2')).getAttribute('aria-label')).toBe(
      'Aktionen für System audit Munich',
    );
    fireEvent.click((await openMenu('a2')).getByTestId('audit-delete-a2'));
    expect((await screen.findByTestId('audit-delete-question')).textContent).toBe(
      'Wollen Sie das Audit „System audit Munich“ wirklich löschen?',
    );
    expect(screen.getByTestId('audit-delete-items').textContent).toBe(
      'Seine 1 Auditfrage wird mitgelöscht.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByTestId('audit-delete-question')).toBeNull());
    expect(commands).toEqual([]);
  });

  it('hides edit and delete of a protected audit from an auditor outside its team', async () => {
    person = testPerson({ id: 'p5', roles: ['auditor'] });
    collections.audits = {
      ...AUDITS,
      a2: { ...AUDITS.a2!, leadauditor: 'p5' },
    };
    renderAt('/auditmatrix');
    await screen.findByTestId('audit-row-a1');
    expect(screen.queryByTestId('audit-menu-a1')).toBeNull();
    const menu = await openMenu('a2');
    expect(menu.getByTestId('audit-edit-a2')).toBeTruthy();
    expect(menu.queryByTestId('audit-delete-a2')).toBeNull();
  });

  it('opens the audit dialog to create and goes to the new audit', async () => {
    person = testPerson({ roles: ['qm'] });
    const router = renderAt('/auditmatrix');
    fireEvent.click(await screen.findByTestId('audit-create'));
    // The dialog is its own chunk, loaded on first opening.
    expect((await screen.findByTestId('audit-dialog')).getAttribute('data-audit-id')).toBe('new');
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit/new-audit'));
  });

  it('"New VDA 6.3 process audit" opens the dialog preset for VDA and goes to the preparation', async () => {
    person = testPerson({ roles: ['qm'] });
    const router = renderAt('/auditmatrix');
    fireEvent.click(await screen.findByTestId('list-more-actions'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'New VDA 6.3 process audit' }));
    const dialog = await screen.findByTestId('audit-dialog');
    expect(dialog.getAttribute('data-audit-id')).toBe('new');
    expect(dialog.getAttribute('data-vda')).toBe('yes');
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/audit/new-audit/auditpreparation'),
    );
  });

  it('opens the audit dialog to edit and stays on the matrix', async () => {
    person = testPerson({ roles: ['qm'] });
    const router = renderAt('/auditmatrix');
    fireEvent.click((await openMenu('a2')).getByTestId('audit-edit-a2'));
    // The dialog is its own chunk, loaded on first opening.
    expect((await screen.findByTestId('audit-dialog')).getAttribute('data-audit-id')).toBe('a2');
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(screen.queryByTestId('audit-dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/auditmatrix');
  });

  it('offers the audit import only in the admin view', async () => {
    person = testPerson({ roles: ['admin'] });
    renderAt('/auditmatrix?admin');
    fireEvent.click(await screen.findByTestId('list-more-actions'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Import audits' }));
    expect(await screen.findByTestId('audit-import-dialog')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Import audits' })).toBeTruthy();
  });

  it('links the audit import page beside the dialog in the admin view', async () => {
    person = testPerson({ roles: ['admin'] });
    const router = renderAt('/auditmatrix?admin');
    fireEvent.click(await screen.findByTestId('list-more-actions'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Audit import page' }));
    expect(await screen.findByTestId('audit-import-page-stub')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auditimport');
  });

  it("opens on the person's preferred planning year unless the URL names one", async () => {
    person = testPerson({
      roles: ['user'],
      preferences: { defaultPlanningYear: 2025, reminderMails: true },
    });
    renderAt('/auditmatrix');
    await screen.findByTestId('audit-row-a3');
    expect(lastAuditQuery()?.filters).toEqual([{ path: ['planning_year'], op: '==', value: 2025 }]);
    cleanup();
    renderAt('/auditmatrix?year=2026');
    await screen.findByTestId('audit-row-a1');
    expect(lastAuditQuery()?.filters).toEqual([{ path: ['planning_year'], op: '==', value: 2026 }]);
  });
});
