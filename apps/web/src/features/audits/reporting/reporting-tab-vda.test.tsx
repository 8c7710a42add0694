import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AUDIT_ITEMS_COLLECTION } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../../components/snackbar/snackbar-provider';
import { createI18n } from '../../../lib/i18n/i18n';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { ReportingTab } from './reporting-tab';

// The tab against the sync hooks' contract; the PDF, the mail, the comparison and the report
// data have tests of their own.
let audit: JsonObject = {};
let items: ViewDocument[] = [];
vi.mock('../../../lib/sync/use-document', () => ({
  useDocument: (collection: string, id: string | undefined) => ({
    document:
      collection === 'audits' && id ? { collection, id, data: audit, state: 'sync' } : undefined,
    loading: false,
  }),
}));
vi.mock('../../../lib/sync/use-query', () => ({
  useQuery: (query: { collection: string } | null) => ({
    documents: query?.collection === AUDIT_ITEMS_COLLECTION ? items : [],
    loading: false,
  }),
}));
vi.mock('../../../lib/sync/use-command', () => ({ useCommand: () => vi.fn() }));
vi.mock('../../../lib/session/session-provider', () => ({ usePerson: () => null }));
vi.mock('./use-report-pdf', () => ({
  useReportPdf: () => ({
    generating: false,
    photoProgress: null,
    render: vi.fn(),
    download: vi.fn(),
    exportTable: vi.fn(),
  }),
}));
vi.mock('./report-mail-dialog', () => ({ ReportMailButton: () => null }));
vi.mock('./audit-comparison', () => ({ AuditComparison: () => null }));
vi.mock('./report-data-panel', () => ({ ReportDataPanel: () => null }));
vi.mock('./report-findings-list', () => ({ ReportFindingsList: () => null }));
// The charts as the names of the levels they draw (the chart library is not rendered here).
vi.mock('./report-charts', () => ({
  ReportCharts: ({ vdaLevels = [] }: { vdaLevels?: { name: string; colour: string | null }[] }) => (
    <p data-testid="charts-vda">
      {vdaLevels.map((level) => `${level.name}: ${level.colour}`).join(' | ')}
    </p>
  ),
}));

function question(no: string, vda: JsonObject, findings: string[] = []): ViewDocument {
  const id = `i${no.replaceAll('.', '-')}`;
  return {
    collection: AUDIT_ITEMS_COLLECTION,
    id,
    state: 'sync',
    data: {
      auditId: 'a1',
      question: {
        text: `Frage ${no}`,
        no,
        category_id: no.split('.')[0]!,
        category: 'Lieferkette',
      },
      deviations: Object.fromEntries(
        findings.map((type, n) => [`${id}-${n}`, { id: `${id}-${n}`, importance: type }]),
      ),
      vda,
    },
  };
}

function renderTab(language: 'de' | 'en') {
  render(
    <MemoryRouter>
      <I18nextProvider i18n={createI18n(language)}>
        <SnackbarProvider>
          <ReportingTab auditId="a1" />
        </SnackbarProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('the reporting tab of a VDA audit (issue 19)', () => {
  afterEach(() => {
    cleanup();
    audit = {};
    items = [];
  });

  it('shows the VDA matrix first, in place of the score, and keeps the findings below', async () => {
    audit = { name: 'Lieferant', reportSchema: { calcSchema: 'vda63' } };
    // P5: 10 + 6 = 16 / 20 = 80 % -> B.
    items = [
      question('5.1', { all: { points: 10 } }),
      question('5.2', { all: { points: 6 } }, ['3']),
    ];
    renderTab('de');
    const panel = screen.getByTestId('reporting-vda');
    expect(within(panel).getByTestId('reporting-vda-class-text').textContent).toBe('Klasse B');
    expect(
      within(screen.getByTestId('reporting-vda-row-element-P5')).getByTestId('reporting-vda-light')
        .textContent,
    ).toBe('▲80 %, gelb');
    expect(screen.queryByTestId('reporting-result')).toBeNull();
    expect(screen.queryByTestId('reporting-categories')).toBeNull();
    expect(screen.getByTestId('reporting-findings')).toBeTruthy();
    expect(screen.getByTestId('reporting-finding-list')).toBeTruthy();
    // The matrix comes before the findings.
    const order = panel.compareDocumentPosition(screen.getByTestId('reporting-findings'));
    expect(order & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // The levels as a chart, and each finding type in its own colour (issue 34.4).
    expect((await screen.findByTestId('charts-vda')).textContent).toBe('E_P5 Lieferkette: yellow');
    expect(getComputedStyle(screen.getByTestId('reporting-type-3')).backgroundColor).toBe(
      'rgb(239, 108, 0)',
    );

    fireEvent.click(screen.getByRole('button', { name: 'E_P5 P5 Lieferkette erklären' }));
    const dialog = await screen.findByRole('dialog', { name: 'So entsteht E_P5 P5 Lieferkette' });
    expect(within(dialog).getAllByTestId('reporting-vda-contribution')).toHaveLength(2);
  });

  it('keeps the score and the categories of an audit that is not a VDA audit', () => {
    audit = { name: 'Werk', reportSchema: { calcSchema: 'deviation' } };
    items = [question('5.1', {}, ['3'])];
    renderTab('en');
    expect(screen.getByTestId('reporting-result')).toBeTruthy();
    expect(screen.getByTestId('reporting-categories')).toBeTruthy();
    expect(screen.queryByTestId('reporting-vda')).toBeNull();
  });
});
