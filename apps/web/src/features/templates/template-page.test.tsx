import { cleanup, render, screen, within } from '@testing-library/react';
import type { Person } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../components/snackbar/snackbar-provider';
import { createI18n } from '../../lib/i18n/i18n';
import type { ViewDocument } from '../../lib/sync/sync-types';
import { testPerson } from '../../test/test-person';
import { TemplatePage } from './template-page';

// The page is tested against the sync hooks' contract, not the engine behind them.
let templates: Record<string, JsonObject> = {};
const person: Person = testPerson({ roles: ['qm'] });
const view = (collection: string, id: string, data: JsonObject): ViewDocument => ({
  collection,
  id,
  data,
  state: 'sync',
});
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: (collection: string, id: string | undefined) => {
    const data = collection === 'templates' && id ? templates[id] : undefined;
    return { document: data ? view(collection, id!, data) : undefined, loading: false };
  },
}));
vi.mock('../../lib/sync/use-query', () => ({
  useQuery: () => ({ documents: [], loading: false }),
}));
vi.mock('../../lib/session/session-provider', () => ({ usePerson: () => person }));

function renderPage(templateId: string, language: 'de' | 'en' = 'en') {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[`/templates/${templateId}`]}>
          <Routes>
            <Route path="/templates/:templateId" element={<TemplatePage />} />
          </Routes>
        </MemoryRouter>
      </SnackbarProvider>
    </I18nextProvider>,
  );
}

/** The header's facts as label → value. */
function facts(): Record<string, string> {
  const header = screen.getByTestId('template-header');
  const labels = within(header).getAllByRole('term');
  const values = within(header).getAllByRole('definition');
  return Object.fromEntries(labels.map((dt, i) => [dt.textContent, values[i]!.textContent]));
}

afterEach(() => {
  cleanup();
  templates = {};
});

describe('TemplatePage', () => {
  it("shows the evaluation schema and a VDA template's process steps (German)", () => {
    templates.t1 = {
      name: 'Lieferanten-PA',
      version: 3,
      reportSchema: { calcSchema: 'vda63', customResult: null },
      vda: {
        processSteps: [
          { id: 's1', name: 'Stanzen' },
          { id: 's2', name: 'Lackieren' },
        ],
        productProcessSplit: false,
      },
    };
    renderPage('t1', 'de');
    expect(facts()).toMatchObject({
      Bewertungsschema: 'VDA 6.3 (Punkte 10–0, Klassen A/B/C)',
      Prozessschritte: 'Stanzen, Lackieren',
    });
  });

  it('shows the schema of any other template, without process steps', () => {
    templates.t2 = { name: 'System audit', version: 1 };
    renderPage('t2');
    expect(facts()['Evaluation schema']).toBe('Deviations (higher is worse)');
    expect(facts()).not.toHaveProperty('Process steps');
  });
});
