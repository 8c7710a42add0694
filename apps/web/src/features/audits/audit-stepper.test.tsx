import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

// The stepper is tested in its page, against the sync hooks' contract.
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
  leadauditor: 'p-lead',
  workflow: { status: '1' },
};

describe('AuditStepper focus (issue 18.4)', () => {
  afterEach(() => {
    cleanup();
    audits = {};
    loading = false;
    commands.length = 0;
  });

  it('opens on the chosen step’s comment, offers the steps as buttons, and lands on the page’s h1 after Continue', async () => {
    audits = { a1: { ...AUDIT, workflow: { status: '2' } } };
    const router = renderAudit('/audit/a1/auditpreparation');
    const transition = await screen.findByRole('button', { name: 'Prepared' });
    act(() => transition.focus());
    fireEvent.click(transition);
    // The drawer itself took the focus before, with nothing to show where it was.
    const comment = await screen.findByRole('textbox', { name: 'Comment (optional)' });
    await waitFor(() => expect(document.activeElement).toBe(comment));
    // Every step is a button in the Tab order, the chosen one marked as current; no tab list,
    // whose tabs could not have the comment and buttons between them.
    for (const step of [1, 2, 3, 4, 5]) {
      const header = screen.getByTestId(`audit-step-${step}`);
      expect(header.tagName).toBe('BUTTON');
      expect(header.getAttribute('role')).toBe('button');
      expect(header.tabIndex).toBe(0);
      expect(header.getAttribute('aria-current')).toBe(step === 2 ? 'step' : null);
    }
    expect(screen.queryByRole('tablist')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit/a1/auditexecution'));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'Werk Styr 2026' }),
      ),
    );
    expect(commands).toHaveLength(1);
  });
});
