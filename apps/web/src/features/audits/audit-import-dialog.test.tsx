import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { importAuditsCommand, type CommandResult } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import type { CommandOutcome, ServerOutcome } from '../../lib/sync/sync-types';
import { AuditImportDialog } from './audit-import-dialog';

// The dialog is tested against the sync hooks' contract, not the engine behind them.
const commands: { name: string; args: { audits: JsonObject[] } }[] = [];
let localResult: ((args: { audits: JsonObject[] }) => CommandResult) | null = null;
let hold: Promise<void> | null = null;
let confirm: (outcome: ServerOutcome) => void = () => undefined;
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
    if (hold) await hold;
    const outcome: CommandOutcome = {
      local: (localResult ?? runImport())(args),
      confirmed: new Promise((resolve) => (confirm = resolve)),
    };
    return outcome;
  },
}));

/** The domain's own command on an empty replica; `taken` rows count as audits already stored. */
const runImport =
  (taken: (args: { audits: JsonObject[] }) => string[] = () => []) =>
  (args: { audits: JsonObject[] }): CommandResult =>
    importAuditsCommand.run(
      {
        get: (collection, id) =>
          collection === 'audits' && taken(args).includes(id) ? { id } : undefined,
      },
      importAuditsCommand.args.parse(args),
      {
        actor: { personId: 'p1', roles: ['admin'] },
        now: '2026-05-04T10:00:00Z',
        newId: () => 'x',
      },
    );

const CSV = [
  'name;standard;type;planning_year',
  'Audit A;iso9001;system;2026',
  ';iso9001;system;2026',
  'Audit C;iso9001;unknownType;2026',
  'Audit D;iatf16949;system;20x6',
].join('\n');

function renderDialog(language: 'de' | 'en' = 'en') {
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <AuditImportDialog open onClose={onClose} />
    </I18nextProvider>,
  );
  return onClose;
}

const paste = (text: string) =>
  fireEvent.change(screen.getByTestId('audit-import-text'), { target: { value: text } });
const errors = () => screen.getAllByTestId('audit-import-error').map((item) => item.textContent);

describe('audit import dialog', () => {
  afterEach(() => {
    cleanup();
    commands.length = 0;
    localResult = null;
    hold = null;
  });

  it("says 'Field must not be empty' for an empty field and sends nothing", () => {
    renderDialog();
    fireEvent.click(screen.getByTestId('audit-import-submit'));
    expect(screen.getByText('Field must not be empty')).toBeTruthy();
    expect(commands).toEqual([]);
  });

  it("says 'Feld darf nicht leer sein' in German", () => {
    renderDialog('de');
    expect(screen.getByRole('heading', { name: 'Audits importieren' })).toBeTruthy();
    paste('   ');
    fireEvent.click(screen.getByTestId('audit-import-submit'));
    expect(screen.getByText('Feld darf nicht leer sein')).toBeTruthy();
    expect(commands).toEqual([]);
  });

  it('reports each rejected CSV row with its number and reason before sending', async () => {
    renderDialog();
    paste(CSV);
    expect((await screen.findByTestId('audit-import-summary')).textContent).toBe(
      '1 valid row · 3 rows rejected',
    );
    expect(errors()).toEqual([
      'Row 3: Field must not be empty (name)',
      'Entry 4: unknown audit type unknownType',
      'Entry 5: planning year "20x6" is not a year (YYYY)',
    ]);
    expect(commands).toEqual([]);
    expect(screen.getByTestId('audit-import-submit').textContent).toBe('Import 1 audit');
  });

  it('reports in German', async () => {
    renderDialog('de');
    paste(CSV);
    expect((await screen.findByTestId('audit-import-summary')).textContent).toBe(
      '1 gültige Zeile · 3 Zeilen abgelehnt',
    );
    expect(errors()[0]).toBe('Zeile 3: Feld darf nicht leer sein (name)');
  });

  it('imports the valid rows with new ids, shows progress, the result and the server answer', async () => {
    let release: () => void = () => undefined;
    hold = new Promise((resolve) => (release = resolve));
    renderDialog();
    paste(CSV);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 audit' }));
    expect(await screen.findByTestId('audit-import-progress')).toBeTruthy();
    expect(screen.getByTestId('audit-import-close')).toHaveProperty('disabled', true);
    release();
    expect((await screen.findByTestId('audit-import-result')).textContent).toBe(
      '1 audit imported, 3 skipped',
    );
    expect(commands).toHaveLength(1);
    expect(commands[0]!.name).toBe(importAuditsCommand.name);
    const [audit] = commands[0]!.args.audits;
    expect(audit).toEqual({
      id: expect.any(String),
      name: 'Audit A',
      standard: 'iso9001',
      type: 'system',
      planning_year: 2026,
    });
    expect(String(audit!.id).length).toBeGreaterThan(8);
    expect(screen.getByTestId('audit-import-server').textContent).toContain(
      'Sending to the server',
    );
    confirm({ ok: true });
    await waitFor(() =>
      expect(screen.getByTestId('audit-import-server').textContent).toBe('Saved on the server'),
    );
  });

  it('counts what the command skipped, too', async () => {
    // The second row's id is taken by then (say another device imported it meanwhile).
    localResult = runImport((args) => [String(args.audits[1]!.id)]);
    renderDialog('de');
    paste(
      JSON.stringify([
        { name: 'A', standard: 'iso9001', type: 'system', planning_year: 2026 },
        { name: 'B', standard: ['iso9001', 'iatf16949'], type: 'product', planning_year: '2027' },
      ]),
    );
    fireEvent.click(await screen.findByRole('button', { name: '2 Audits importieren' }));
    expect((await screen.findByTestId('audit-import-result')).textContent).toBe(
      '1 Audit importiert, 1 übersprungen',
    );
  });

  it('shows a local refusal and stays editable', async () => {
    localResult = () => ({
      ok: false,
      error: {
        code: 'forbidden',
        message: { key: 'command.forbidden', params: { command: importAuditsCommand.name } },
      },
    });
    renderDialog();
    paste(CSV);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 audit' }));
    expect((await screen.findByTestId('audit-import-command-error')).textContent).toBe(
      'You are not allowed to do audit.import',
    );
    expect(screen.queryByTestId('audit-import-result')).toBeNull();
    expect(screen.getByTestId('audit-import-text')).toHaveProperty('disabled', false);
  });

  it('reads a JSON file and a Latin-1 CSV file', async () => {
    renderDialog();
    const json = JSON.stringify([
      { name: 'A', standard: 'iso9001', type: 'system', planning_year: 2026 },
    ]);
    fireEvent.change(screen.getByTestId('audit-import-file'), {
      target: { files: [new File([json], 'audits.json', { type: 'application/json' })] },
    });
    expect(await screen.findByText('Loaded: audits.json')).toBeTruthy();
    expect((screen.getByTestId('audit-import-text') as HTMLTextAreaElement).value).toBe(json);

    // "Prüfung" as German Excel writes it: ü is the single byte 0xFC.
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('name;standard;type;planning_year\nPr'),
      0xfc,
      ...new TextEncoder().encode('fung;iso9001;system;2026'),
    ]);
    fireEvent.change(screen.getByTestId('audit-import-file'), {
      target: { files: [new File([latin1], 'audits.csv', { type: 'text/csv' })] },
    });
    await waitFor(() =>
      expect((screen.getByTestId('audit-import-text') as HTMLTextAreaElement).value).toContain(
        'Prüfung;iso9001',
      ),
    );
    expect((await screen.findByTestId('audit-import-summary')).textContent).toBe('1 valid row');
  });
});
