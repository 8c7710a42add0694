import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  createTemplateCommand,
  updateTemplateCommand,
  type CommandResult,
  type Person,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../components/snackbar/snackbar-provider';
import { createI18n } from '../../lib/i18n/i18n';
import type { CommandOutcome, ViewDocument } from '../../lib/sync/sync-types';
import { testPerson } from '../../test/test-person';
import { TemplateDialog } from './template-dialog';

// The dialog is tested against the sync hooks' contract, not the engine behind them.
let templates: Record<string, JsonObject> = {};
const person: Person = testPerson({ roles: ['qm'] });
const localResult: CommandResult = { ok: true, ops: [] };
const commands: { name: string; args: unknown }[] = [];
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
vi.mock('../../lib/sync/use-command', () => ({
  useCommand: () => (name: string, args: unknown) => {
    commands.push({ name, args });
    const outcome: CommandOutcome = { local: localResult, confirmed: new Promise(() => {}) };
    return Promise.resolve(outcome);
  },
}));
vi.mock('../../lib/session/session-provider', () => ({ usePerson: () => person }));

function renderDialog(templateId?: string, language: 'de' | 'en' = 'en') {
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <SnackbarProvider>
        <TemplateDialog templateId={templateId} onClose={onClose} />
      </SnackbarProvider>
    </I18nextProvider>,
  );
  return onClose;
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

afterEach(() => {
  cleanup();
  templates = {};
  commands.length = 0;
});

describe('TemplateDialog: evaluation schema and VDA 6.3 set-up (issue 19)', () => {
  it('creates a VDA 6.3 template with its process steps (German labels)', async () => {
    const onClose = renderDialog(undefined, 'de');
    const schema = input('template-dialog-calcSchema') as unknown as HTMLSelectElement;
    expect(schema.value).toBe('deviation');
    expect([...schema.options].map((option) => option.text)).toEqual([
      'Abweichungen (höher ist schlechter)',
      'Erfüllungsgrad',
      'VDA 6.3 (Punkte 10–0, Klassen A/B/C)',
    ]);
    fireEvent.change(input('template-dialog-name'), { target: { value: 'Lieferanten-PA' } });
    fireEvent.change(schema, { target: { value: 'vda63' } });
    fireEvent.click(screen.getByTestId('template-dialog-vda-add-step'));
    fireEvent.change(input('template-dialog-vda-step-name-0'), { target: { value: 'Stanzen' } });
    fireEvent.click(screen.getByTestId('template-dialog-vda-add-step'));
    fireEvent.change(input('template-dialog-vda-step-name-1'), { target: { value: 'Montage' } });
    fireEvent.click(screen.getByRole('button', { name: 'Montage nach oben' }));
    fireEvent.click(screen.getByLabelText('P3 und P4 getrennt nach Produkt und Prozess bewerten'));
    fireEvent.click(screen.getByTestId('template-dialog-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(commands[0]!.name).toBe(createTemplateCommand.name);
    const args = commands[0]!.args as {
      reportSchema: unknown;
      vda: { processSteps: { id: string; name: string }[]; productProcessSplit: boolean };
    };
    expect(args.reportSchema).toEqual({ calcSchema: 'vda63', customResult: null });
    expect(args.vda.processSteps.map((step) => step.name)).toEqual(['Montage', 'Stanzen']);
    expect(args.vda.productProcessSplit).toBe(true);
  });

  it('edits: sends only the changed set-up; a renamed step keeps its id', async () => {
    templates = {
      t1: {
        id: 't1',
        name: 'PA',
        standard: 'vda-6-3',
        reportSchema: { calcSchema: 'vda63', customResult: 'qk' },
        vda: { processSteps: [{ id: 's1', name: 'Stanzen' }], productProcessSplit: false },
        version: 3,
      },
    };
    const onClose = renderDialog('t1');
    expect(input('template-dialog-calcSchema').value).toBe('vda63');
    fireEvent.change(input('template-dialog-vda-step-name-0'), { target: { value: 'Pressen ' } });
    fireEvent.click(screen.getByTestId('template-dialog-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('t1'));
    expect(commands).toEqual([
      {
        name: updateTemplateCommand.name,
        args: {
          id: 't1',
          changes: {
            vda: { processSteps: [{ id: 's1', name: 'Pressen' }], productProcessSplit: false },
          },
        },
      },
    ]);
  });

  it('changes the schema keeping customResult; refuses a step without a name', async () => {
    templates = {
      t1: { id: 't1', name: 'PA', reportSchema: { calcSchema: 'deviation', customResult: 'qk' } },
    };
    const onClose = renderDialog('t1');
    expect(screen.queryByTestId('template-dialog-vda')).toBeNull();
    fireEvent.change(input('template-dialog-calcSchema'), { target: { value: 'vda63' } });
    fireEvent.click(screen.getByTestId('template-dialog-vda-add-step'));
    fireEvent.click(screen.getByTestId('template-dialog-save'));
    expect(await screen.findByTestId('template-dialog-error')).toBeTruthy();
    expect(input('template-dialog-vda-step-name-0').getAttribute('aria-invalid')).toBe('true');
    expect(commands).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove process step 1' }));
    fireEvent.click(screen.getByTestId('template-dialog-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('t1'));
    expect(commands[0]!.args).toEqual({
      id: 't1',
      changes: {
        reportSchema: { calcSchema: 'vda63', customResult: 'qk' },
        vda: { processSteps: [], productProcessSplit: false },
      },
    });
  });
});
