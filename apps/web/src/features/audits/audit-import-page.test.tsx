import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { importAuditsCommand, type CommandResult, type Person } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import type { CommandOutcome, ServerOutcome } from '../../lib/sync/sync-types';
import { testPerson } from '../../test/test-person';
import { AuditImportPage } from './audit-import-page';

// As the dialog's test: the page against the sync hooks' contract, not the engine behind them.
const commands: { name: string; args: { audits: JsonObject[] } }[] = [];
let confirm: (outcome: ServerOutcome) => void = () => undefined;
let person: Person = testPerson({ roles: ['user', 'admin'] });
vi.mock('../../lib/session/session-provider', () => ({ usePerson: () => person }));
vi.mock('../../lib/sync/use-query', () => ({
  useQuery: (query: unknown) => ({
    documents: query
      ? [{ collection: 'standards', id: 'iatf16949', data: { name: 'IATF' }, state: 'sync' }]
      : [],
    loading: false,
  }),
}));
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: () => ({ document: undefined, loading: false }),
}));
vi.mock('../../lib/sync/use-command', () => ({
  useCommand: () => async (name: string, args: { audits: JsonObject[] }) => {
    commands.push({ name, args });
    const local: CommandResult = importAuditsCommand.run(
      { get: () => undefined },
      importAuditsCommand.args.parse(args),
      {
        actor: { personId: 'p1', roles: ['admin'] },
        now: '2026-05-04T10:00:00Z',
        newId: () => 'x',
      },
    );
    const outcome: CommandOutcome = {
      local,
      confirmed: new Promise((resolve) => (confirm = resolve)),
    };
    return outcome;
  },
}));

const CSV = [
  'name;standard;type;planning_year',
  'Audit A;iso9001;system;2026',
  ';iso9001;system;2026',
  'Audit C;iso9001,iatf16949;product;2027',
  'Audit D;iatf16949;system;20x6',
].join('\n');

function renderPage(language: 'de' | 'en' = 'en') {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <MemoryRouter initialEntries={['/auditimport']}>
        <AuditImportPage />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const paste = (text: string) =>
  fireEvent.change(screen.getByTestId('audit-import-text'), { target: { value: text } });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('audit import page', () => {
  afterEach(() => {
    cleanup();
    commands.length = 0;
    person = testPerson({ roles: ['user', 'admin'] });
  });

  it('has a title, a way back to the matrix and an empty state before any text', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit import' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Back to the audit programme' }).getAttribute('href'),
    ).toBe('/auditmatrix?admin');
    expect(screen.getByTestId('audit-import-empty').textContent).toBe(
      'Nothing to preview yet: paste audits above or choose a file.',
    );
  });

  it('previews what will be imported and what is rejected, and why', async () => {
    renderPage();
    paste(CSV);
    expect((await screen.findByTestId('audit-import-summary')).textContent).toBe(
      '2 valid rows · 2 rows rejected',
    );
    const preview = screen.getByRole('table', { name: 'Will be imported' });
    const rows = within(preview).getAllByTestId('audit-import-preview-row');
    expect(rows.map(cellsOf)).toEqual([
      ['1', 'Audit A', 'iso9001', 'system', '2026'],
      ['2', 'Audit C', 'iso9001, iatf16949', 'product', '2027'],
    ]);
    const rejected = screen.getByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getAllByTestId('audit-import-rejected-row').map(cellsOf)).toEqual([
      ['3', 'Field must not be empty (name)'],
      ['5', 'Entry 5: planning year "20x6" is not a year (YYYY)'],
    ]);
    expect(commands).toEqual([]);
    expect(screen.getByTestId('audit-import-submit').textContent).toBe('Import 2 audits');
  });

  it('previews in German', async () => {
    renderPage('de');
    paste(CSV);
    const rejected = await screen.findByRole('table', { name: 'Abgelehnte Zeilen' });
    expect(cellsOf(within(rejected).getAllByTestId('audit-import-rejected-row')[0]!)).toEqual([
      '3',
      'Feld darf nicht leer sein (name)',
    ]);
    expect(screen.getByRole('table', { name: 'Wird importiert' })).toBeTruthy();
  });

  it('says when no row can be imported and offers no import', async () => {
    renderPage();
    paste('name;standard;type;planning_year\n;iso9001;system;2026');
    expect((await screen.findByTestId('audit-import-none-valid')).textContent).toBe(
      'No row can be imported.',
    );
    expect(screen.getByTestId('audit-import-submit')).toHaveProperty('disabled', true);
  });

  it('imports with the shared command, shows the result and can start again', async () => {
    renderPage();
    paste(CSV);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 2 audits' }));
    expect((await screen.findByTestId('audit-import-result')).textContent).toBe(
      '2 audits imported, 2 skipped',
    );
    expect(commands).toHaveLength(1);
    expect(commands[0]!.name).toBe(importAuditsCommand.name);
    expect(commands[0]!.args.audits.map((audit) => audit.name)).toEqual(['Audit A', 'Audit C']);
    expect(screen.queryByTestId('audit-import-preview')).toBeNull();
    confirm({ ok: true });
    await waitFor(() =>
      expect(screen.getByTestId('audit-import-server').textContent).toBe('Saved on the server'),
    );
    fireEvent.click(screen.getByTestId('audit-import-again'));
    expect((screen.getByTestId('audit-import-text') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByTestId('audit-import-empty')).toBeTruthy();
  });

  it('an empty field gets the required message', () => {
    renderPage();
    fireEvent.click(screen.getByTestId('audit-import-submit'));
    expect(screen.getByText('Field must not be empty')).toBeTruthy();
    expect(commands).toEqual([]);
  });

  it('without the admin role: may check a file, not import it', async () => {
    person = testPerson({ roles: ['user', 'qm'] });
    renderPage();
    expect(screen.getByTestId('audit-import-not-allowed')).toBeTruthy();
    paste(CSV);
    await screen.findByTestId('audit-import-preview');
    expect(screen.getByTestId('audit-import-submit')).toHaveProperty('disabled', true);
  });
});
