import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { completeAuditCommand, DEFAULT_FINDING_TYPES, type CommandResult } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import type { CommandOutcome, ViewDocument } from '../../lib/sync/sync-types';
import { AuditStepper } from './audit-stepper';
import { scoredItems } from './reporting/report-model';
import { VDA_COMPLETE_NOT_VALID, vdaGradeOf } from './reporting/vda-result-model';

// The completion of a VDA audit (issue 19), against the sync hooks' contract.
let audit: JsonObject = {};
let items: ViewDocument[] = [];
let localResult: CommandResult = { ok: true, ops: [] };
const commands: { name: string; args: Record<string, unknown> }[] = [];
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: (collection: string, id: string | undefined) => ({
    document:
      collection === 'audits' && id ? { collection, id, data: audit, state: 'sync' } : undefined,
    loading: false,
  }),
}));
vi.mock('../../lib/sync/use-query', () => ({
  useQuery: () => ({ documents: items, loading: false }),
}));
vi.mock('../../lib/sync/use-command', () => ({
  useCommand: () => (name: string, args: Record<string, unknown>) => {
    commands.push({ name, args });
    const outcome: CommandOutcome = {
      local: localResult,
      confirmed: Promise.resolve({ ok: true }),
    };
    return Promise.resolve(outcome);
  },
}));

const VDA_AUDIT: JsonObject = {
  name: 'Lieferant Styr',
  leadauditor: 'p-lead',
  workflow: { status: '4' },
  reportSchema: { calcSchema: 'vda63' },
  vda: { processSteps: [], productProcessSplit: false },
};

function question(no: string, points: number | null | undefined): ViewDocument {
  return {
    collection: 'audititems',
    id: `i${no.replaceAll('.', '-')}`,
    state: 'sync',
    data: {
      auditId: 'a1',
      question: { text: `Frage ${no}`, no, category_id: no.split('.')[0]!, category: 'P' },
      deviations: {},
      ...(points === undefined ? {} : { vda: { all: { points, reason: 'n. b.' } } }),
    },
  };
}

function renderStepper(language: 'de' | 'en' = 'de') {
  const onContinue = vi.fn();
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <AuditStepper auditId="a1" initialStep={5} onContinue={onContinue} onCancel={() => {}} />
    </I18nextProvider>,
  );
  return onContinue;
}

describe('completing a VDA audit (issue 19)', () => {
  afterEach(() => {
    cleanup();
    audit = {};
    items = [];
    localResult = { ok: true, ops: [] };
    commands.length = 0;
  });

  it('completes a VDA audit whose grade is valid at once, naming its items and the language', async () => {
    audit = VDA_AUDIT;
    items = [question('2.1', 10), question('2.2', 10), question('2.3', null)];
    const onContinue = renderStepper();
    fireEvent.click(screen.getByTestId('audit-step-continue'));
    await waitFor(() => expect(onContinue).toHaveBeenCalled());
    expect(screen.queryByTestId('vda-complete-dialog')).toBeNull();
    expect(commands).toEqual([
      {
        name: completeAuditCommand.name,
        args: { id: 'a1', itemIds: ['i2-1', 'i2-2', 'i2-3'], language: 'de' },
      },
    ]);
  });

  it('asks for a confirmation listing what is missing, and sends nothing without the checkbox', async () => {
    audit = VDA_AUDIT;
    // 1 of 3 evaluated: 2 needed.
    items = [question('2.1', 10), question('2.2', undefined), question('2.3', undefined)];
    const onContinue = renderStepper();
    fireEvent.click(screen.getByTestId('audit-step-continue'));
    const dialog = await screen.findByRole('dialog', {
      name: 'Mit ungültiger Bewertung abschließen?',
    });
    expect(within(dialog).getByTestId('vda-complete-missing').textContent).toBe(
      'Prozesselement P2: 1 von 3 Fragen bewertet, mindestens 2 nötig',
    );
    const submit = within(dialog).getByRole('button', { name: 'Audit abschließen' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.click(submit);
    expect(commands).toEqual([]);

    // Cancelled: nothing sent, the dialog gone.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByTestId('vda-complete-dialog')).toBeNull());
    expect(commands).toEqual([]);
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('sends confirmIncomplete: true once the checkbox is ticked', async () => {
    audit = VDA_AUDIT;
    items = [question('2.1', 10), question('2.2', undefined), question('2.3', undefined)];
    const onContinue = renderStepper('en');
    fireEvent.click(screen.getByTestId('audit-step-continue'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'I confirm completing the audit with a grade that is not valid',
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete the audit' }));
    await waitFor(() => expect(onContinue).toHaveBeenCalled());
    expect(commands).toEqual([
      {
        name: completeAuditCommand.name,
        args: {
          id: 'a1',
          itemIds: ['i2-1', 'i2-2', 'i2-3'],
          language: 'en',
          confirmIncomplete: true,
        },
      },
    ]);
  });

  it('asks for the confirmation when the command refuses a grade that is not valid', async () => {
    audit = VDA_AUDIT;
    items = [question('2.1', 10), question('2.2', 10), question('2.3', 10)];
    // The replica's items say more than this device's query (another device's evaluation):
    // 2.2 at 8 points without a finding.
    const elsewhere = vdaGradeOf(
      scoredItems([question('2.1', 10), question('2.2', 8), question('2.3', 10)]).items,
      VDA_AUDIT,
      DEFAULT_FINDING_TYPES,
    );
    localResult = {
      ok: false,
      error: {
        code: 'rule',
        message: { key: VDA_COMPLETE_NOT_VALID, params: { missing: 'x' } },
        issues: elsewhere.missing,
      },
    };
    renderStepper('en');
    fireEvent.click(screen.getByTestId('audit-step-continue'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('vda-complete-missing').textContent).toBe(
      'Question 2.2 is evaluated below 10 points without a finding',
    );
    expect(commands).toHaveLength(1);
  });

  it('completes an audit that is not a VDA audit without asking', async () => {
    audit = { ...VDA_AUDIT, reportSchema: { calcSchema: 'deviation' } };
    items = [question('2.1', undefined)];
    const onContinue = renderStepper('en');
    fireEvent.click(screen.getByTestId('audit-step-continue'));
    await waitFor(() => expect(onContinue).toHaveBeenCalled());
    expect(commands[0]!.args).toEqual({ id: 'a1', itemIds: ['i2-1'], language: 'en' });
  });
});
