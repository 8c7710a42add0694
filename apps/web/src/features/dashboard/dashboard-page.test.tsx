import { act, cleanup, render, screen } from '@testing-library/react';
import type { Query } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { testPerson } from '../../test/test-person';
import { DashboardPage } from './dashboard-page';

interface Result {
  documents: { collection: string; id: string; data: Record<string, unknown>; state: 'sync' }[];
  loading: boolean;
}

/** What each collection's queries answer now; a test changes it and re-renders. */
let results: Record<string, Result> = {};
const listeners = new Set<() => void>();
function answer(collection: string, result: Result) {
  results = { ...results, [collection]: result };
  act(() => listeners.forEach((listener) => listener()));
}

vi.mock('../../lib/sync/use-query', async () => {
  const { useEffect, useState } = await import('react');
  return {
    useQuery: (query: Query | null) => {
      const [, setTick] = useState(0);
      useEffect(() => {
        const listener = () => setTick((tick) => tick + 1);
        listeners.add(listener);
        return () => void listeners.delete(listener);
      }, []);
      if (!query) return { documents: [], loading: false };
      return results[query.collection] ?? { documents: [], loading: true };
    },
  };
});
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: () => ({ document: undefined, loading: false }),
}));
vi.mock('../../lib/sync/use-command', () => ({ useCommand: () => vi.fn() }));
const me = testPerson({ id: 'p1', displayName: 'Erika Muster' });
vi.mock('../../lib/session/session-provider', () => ({ usePerson: () => me }));

const doc = (collection: string, id: string, data: Record<string, unknown>) => ({
  collection,
  id,
  data,
  state: 'sync' as const,
});

function renderDashboard() {
  const router = createMemoryRouter([{ path: '/', element: <DashboardPage /> }]);
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('DashboardPage', () => {
  beforeEach(() => {
    results = {};
  });
  afterEach(() => cleanup());

  it('shows its widgets top-down, each once what it names has arrived', () => {
    renderDashboard();
    expect(screen.getByTestId('dashboard-widget-loading')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-measures')).toBeNull();

    answer('audits', {
      documents: [doc('audits', 'a1', { name: 'Werk Ulm', leadauditor: 'p1', status: 1 })],
      loading: false,
    });
    answer('standards', { documents: [], loading: false });
    // The audits are there, but not yet the people their line names: no "User: p1" meanwhile.
    expect(screen.queryByTestId('dashboard-audit-a1')).toBeNull();
    expect(screen.getByTestId('dashboard-audits').textContent).not.toContain('User:');
    expect(screen.queryByTestId('dashboard-measures')).toBeNull();

    answer('people', {
      documents: [doc('people', 'p1', { displayName: 'Erika Muster', type: 'active' })],
      loading: false,
    });
    expect(screen.getByTestId('dashboard-audit-a1').textContent).toContain(
      'Lead auditor: Erika Muster',
    );
    // The measures' widget comes after the audits', and waits for its own list.
    expect(screen.getByTestId('dashboard-measures')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-favorites')).toBeNull();
    answer('measures', { documents: [], loading: false });
    expect(screen.getByTestId('dashboard-favorites')).toBeTruthy();

    // A list going back to loading later (a resubscription) keeps what is shown.
    answer('people', { documents: [], loading: true });
    expect(screen.getByTestId('dashboard-audit-a1')).toBeTruthy();
  });
});
