import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  createAuditItemCommand,
  updateTemplateItemCommand,
  type CommandResult,
  type ConfigOption,
} from '@qa/domain';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../../components/snackbar/snackbar-provider';
import { createI18n } from '../../../lib/i18n/i18n';
import type { CommandOutcome } from '../../../lib/sync/sync-types';
import { AuditQuestionDialog } from './audit-question-dialog';
import { PreparationRowView } from './preparation-row-view';
import { toPreparationRow, type PreparationRow } from './preparation-rows';

// The dialog is tested against the sync hooks' contract, not the engine behind them.
const commands: { name: string; args: unknown }[] = [];
const localResult: CommandResult = { ok: true, ops: [] };
vi.mock('../../../lib/sync/use-query', () => ({
  useQuery: () => ({ documents: [], loading: false }),
}));
vi.mock('../../../lib/session/session-provider', () => ({ usePerson: () => null }));
vi.mock('../../../lib/sync/use-command', () => ({
  useCommand: () => (name: string, args: unknown) => {
    commands.push({ name, args });
    const outcome: CommandOutcome = { local: localResult, confirmed: new Promise(() => {}) };
    return Promise.resolve(outcome);
  },
}));

const CATEGORIES: ConfigOption[] = [
  { id: '3', label: { de: 'Planung', en: 'Planning' } },
  { id: '6', label: { de: 'Serienproduktion', en: 'Series production' } },
];

function renderDialog(
  options: {
    item?: PreparationRow;
    templateId?: string;
    language?: 'de' | 'en';
    auditingDates?: string[];
  } = {},
) {
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={createI18n(options.language ?? 'en')}>
      <SnackbarProvider>
        <AuditQuestionDialog
          auditId="a1"
          templateId={options.templateId}
          item={options.item}
          nextNumber="6.1.1"
          auditingDates={options.auditingDates ?? []}
          auditProcesses={[]}
          categories={CATEGORIES}
          importances={[]}
          chapters={[]}
          onClose={onClose}
        />
      </SnackbarProvider>
    </I18nextProvider>,
  );
  return onClose;
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const row = (question: Record<string, unknown>) =>
  toPreparationRow({
    collection: 'template_items',
    id: 'ti1',
    data: { id: 'ti1', templateId: 't1', question: { text: 'Q?', ...question } },
    state: 'sync',
  } as never);

afterEach(() => {
  cleanup();
  commands.length = 0;
});

describe('AuditQuestionDialog: audit day', () => {
  it("offers the audit's days as dates in the user's language", () => {
    renderDialog({ language: 'de', auditingDates: ['2027-11-28'] });
    const day = input('question-auditDay') as unknown as HTMLSelectElement;
    expect([...day.options].map((option) => [option.value, option.textContent])).toEqual([
      ['', 'Kein Audittag'],
      ['2027-11-28', '28.11.2027'],
    ]);
  });
});

describe('AuditQuestionDialog: VDA 6.3 fields (issue 19)', () => {
  it('writes the *-flag and, for category 6, the chosen P6 sub-element', async () => {
    const onClose = renderDialog();
    expect((screen.getByLabelText('Special-risk question (*)') as HTMLInputElement).checked).toBe(
      false,
    );
    // The sub-element belongs to P6 only.
    expect(screen.queryByTestId('question-subElement')).toBeNull();
    fireEvent.change(input('question-text'), { target: { value: 'Traceable?' } });
    fireEvent.click(input('question-specialRisk'));
    fireEvent.change(input('question-category'), { target: { value: '6' } });
    const select = input('question-subElement');
    expect(select.value).toBe('');
    expect([...(select as unknown as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'By number',
      'U1 Process input',
      'U2 Work content',
      'U3 Personnel / qualification',
      'U4 Material resources',
      'U5 Efficiency',
      'U6 Process output',
    ]);
    fireEvent.change(select, { target: { value: 'U6' } });
    fireEvent.click(screen.getByTestId('question-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(commands[0]!.name).toBe(createAuditItemCommand.name);
    expect(commands[0]!.args).toMatchObject({
      auditId: 'a1',
      question: { text: 'Traceable?', category_id: '6', specialRisk: true, vdaSubElement: 'U6' },
    });
  });

  it('stores nothing of VDA for an ordinary question (by number, no flag)', async () => {
    const onClose = renderDialog();
    fireEvent.change(input('question-text'), { target: { value: 'Plain?' } });
    fireEvent.change(input('question-category'), { target: { value: '6' } });
    fireEvent.click(screen.getByTestId('question-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const question = (commands[0]!.args as { question: object }).question;
    expect(question).not.toHaveProperty('specialRisk');
    expect(question).not.toHaveProperty('vdaSubElement');
  });

  it('edits a template question: sends only the changed VDA fields (German labels)', async () => {
    const item = row({ no: '6.2.1', category_id: '6', specialRisk: true, vdaSubElement: 'U3' });
    const onClose = renderDialog({ item, templateId: 't1', language: 'de' });
    expect(
      (screen.getByLabelText('Sternfrage (besonderes Risiko)') as HTMLInputElement).checked,
    ).toBe(true);
    expect(input('question-subElement').value).toBe('U3');
    expect(screen.getByRole('option', { name: 'Nach Nummer' })).toBeTruthy();
    fireEvent.click(input('question-specialRisk'));
    fireEvent.change(input('question-subElement'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('question-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(commands[0]).toEqual({
      name: updateTemplateItemCommand.name,
      args: {
        templateId: 't1',
        id: 'ti1',
        changes: { question: { specialRisk: false, vdaSubElement: '' } },
      },
    });
  });

  it('an untouched question without the VDA fields counts as unchanged', async () => {
    const onClose = renderDialog({ item: row({ no: '3.1', category_id: '3' }) });
    fireEvent.click(screen.getByTestId('question-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(commands).toEqual([]);
  });
});

describe('PreparationRowView: the asterisk of a *-question (issue 19)', () => {
  const labels = {
    category: () => 'Series production',
    importance: () => 'not defined',
    importanceColor: () => undefined,
    deactivated: 'deactivated',
    completed: 'completed',
    hint: 'Hint',
    chapters: 'Chapters',
    number: 'Number',
    specialRisk: 'special-risk question',
    auditor: (id: string) => id,
    auditDay: (day: string) => day,
    edit: (no: string) => no,
    deactivate: (no: string) => no,
    reactivate: (no: string) => no,
    remove: (no: string) => no,
    more: (no: string) => no,
  };

  it('shows the asterisk after the number and names it for screen readers', () => {
    render(<PreparationRowView row={row({ no: '6.6.1', specialRisk: true })} labels={labels} />);
    const no = screen.getByTestId('item-no');
    expect(no.textContent).toBe('6.6.1*');
    expect(no.getAttribute('aria-label')).toBe('Number 6.6.1, special-risk question');
    cleanup();
    render(<PreparationRowView row={row({ no: '6.6.2' })} labels={labels} />);
    expect(screen.getByTestId('item-no').textContent).toBe('6.6.2');
    expect(screen.queryByTestId('item-special-risk')).toBeNull();
  });
});
