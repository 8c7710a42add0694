import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  changeAuditStatusCommand,
  createAuditCommand,
  importAuditItemsCommand,
  protectAuditCommand,
  unprotectAuditCommand,
  updateAuditCommand,
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
import { AuditDialog } from './audit-dialog';
import { localDay } from './audit-dialog-form';

// The dialog is tested against the sync hooks' contract, not the engine behind them.
let audits: Record<string, JsonObject> = {};
let items: Record<string, JsonObject> = {};
let person: Person | null = null;
let localResult: CommandResult = { ok: true, ops: [] };
const commands: { name: string; args: unknown }[] = [];
const view = (collection: string, id: string, data: JsonObject): ViewDocument => ({
  collection,
  id,
  data,
  state: 'sync',
});
const PEOPLE: Record<string, JsonObject> = {
  lead: {
    id: 'lead',
    displayName: 'Erika Lead',
    email: 'erika@example.com',
    avatar: null,
    type: 'active',
    roles: ['user', 'auditor'],
  },
  co: {
    id: 'co',
    displayName: 'Carl Co',
    email: 'carl@example.com',
    avatar: null,
    type: 'active',
    roles: ['user', 'auditor'],
  },
  plain: {
    id: 'plain',
    displayName: 'Paula Plain',
    email: null,
    avatar: null,
    type: 'active',
    roles: ['user'],
  },
};
const STANDARDS: Record<string, JsonObject> = {
  iso9001: { name: 'ISO9001', description: 'Quality', chapters: [] },
  iso14001: { name: 'ISO14001', description: 'Environment', chapters: [] },
};
// Customer lists (/customerdata), tied to a field by its name without '_' (customer-lists.ts).
const LISTS: Record<string, JsonObject> = {
  suppliername: { title: 'Suppliers', data: [{ id: 's1', name: 'Hammer GmbH' }] },
  process: { title: 'Processes', data: [{ id: 'p1', name: 'Pressing' }] },
  chassisnumber: { title: 'Chassis', data: [{ id: 'c1', name: 'WMA06XZZ' }] },
};
vi.mock('../../lib/sync/use-document', () => ({
  useDocument: (collection: string, id: string | undefined) => {
    const data = collection === 'audits' && id ? audits[id] : undefined;
    return { document: data ? view(collection, id!, data) : undefined, loading: false };
  },
}));
vi.mock('../../lib/sync/use-query', () => ({
  useQuery: (query: { collection: string } | null) => {
    if (query === null) return { documents: [], loading: false };
    const source =
      query.collection === 'people'
        ? PEOPLE
        : query.collection === 'standards'
          ? STANDARDS
          : query.collection === 'audit_items'
            ? items
            : query.collection === 'autocompletion'
              ? LISTS
              : {};
    return {
      documents: Object.entries(source).map(([id, data]) => view(query.collection, id, data)),
      loading: false,
    };
  },
}));
vi.mock('../../lib/sync/use-command', () => ({
  useCommand: () => (name: string, args: unknown) => {
    commands.push({ name, args });
    const outcome: CommandOutcome = {
      local: localResult,
      // Never settles: the dialog must not wait for the server (offline).
      confirmed: new Promise(() => {}),
    };
    return Promise.resolve(outcome);
  },
}));
vi.mock('../../lib/session/session-provider', () => ({ usePerson: () => person }));

const YEAR = new Date().getFullYear();
const AUDIT: JsonObject = {
  id: 'a1',
  name: 'Werk Styr',
  standard: 'iso9001',
  type: 'system',
  audited_by: 'internal',
  scope: { plant: 'Styr', productline: 'TGX' },
  leadauditor: 'lead',
  coauditors: ['co'],
  responsible: 'plain',
  planning_year: YEAR,
  planning_date: `${YEAR}-03-02`,
  auditing_date: [`${YEAR}-03-10`],
  protected: false,
  workflow: { status: '2' },
  created_by: 'lead',
  created_date: `${YEAR}-01-01T00:00:00.000Z`,
};

function renderDialog(auditId?: string, language: 'de' | 'en' = 'en') {
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <SnackbarProvider>
        <AuditDialog open auditId={auditId} onClose={onClose} />
      </SnackbarProvider>
    </I18nextProvider>,
  );
  return onClose;
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

/** A 'YYYY-MM-DD' day as the English date field shows and takes it (MM/DD/YYYY). */
function shownDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

/** Sets a text field, or a date field by its typed text (in the dialog's language). */
function fill(testId: string, value: string) {
  fireEvent.change(input(testId), { target: { value } });
}

/** Picks an entry of an MUI select by its label. */
function choose(label: RegExp, option: string | RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** Picks a person in a user picker by typing part of the name. */
async function pickPerson(testId: string, text: string, name: string) {
  const field = input(testId);
  act(() => field.focus());
  fireEvent.change(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'ArrowDown' });
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

const save = () => fireEvent.click(screen.getByTestId('audit-dialog-save'));

// The dialog's selects and pickers in jsdom take seconds per test; on a loaded 2-core CI machine
// one took 23 s against the 20 s default (vitest.config.ts).
describe('AuditDialog', { timeout: 45_000 }, () => {
  afterEach(() => {
    cleanup();
    audits = {};
    person = null;
    localResult = { ok: true, ops: [] };
    commands.length = 0;
  });

  it("preselects the person's preferred planning year for a new audit, dates moved along", () => {
    person = testPerson({
      roles: ['user', 'qm'],
      preferences: { defaultPlanningYear: YEAR + 1, reminderMails: true },
    });
    renderDialog();
    expect(input('audit-dialog-planning_year').value).toBe(String(YEAR + 1));
    expect(input('audit-dialog-planning_date').value).toBe(
      shownDay(`${YEAR + 1}${localDay().slice(4)}`),
    );
    cleanup();
    // One the configured span (3 back, 3 ahead) does not offer is not preselected.
    person = testPerson({
      roles: ['user', 'qm'],
      preferences: { defaultPlanningYear: YEAR + 10, reminderMails: true },
    });
    renderDialog();
    expect(input('audit-dialog-planning_year').value).toBe(String(YEAR));
  });

  it('starts a new audit with the defaults and limits the dates to the planning year', () => {
    person = testPerson({ roles: ['user', 'qm'] });
    renderDialog();
    expect(screen.getByRole('heading', { name: 'New audit' })).toBeTruthy();
    expect(input('audit-dialog-planning_year').value).toBe(String(YEAR));
    expect(input('audit-dialog-planning_date').value).toBe(shownDay(localDay()));
    expect(input('audit-dialog-status').value).toBe('New');
    expect(input('audit-dialog-status').disabled).toBe(true);
    expect(screen.queryByTestId('audit-dialog-protected')).toBeNull();
    fireEvent.click(screen.getByTestId('audit-dialog-add-auditing-date'));
    expect(input('audit-dialog-auditing-date-0').value).toBe(shownDay(localDay()));
    // The dates are limited to the planning year: one after it is named at once.
    fill('audit-dialog-auditing-date-0', `01/01/${YEAR + 1}`);
    expect(screen.getByText(`Choose a date from 01/01/${YEAR} to 12/31/${YEAR}`)).toBeTruthy();
  });

  it('shows "Item is required" at name, lead auditor and the required scope fields', async () => {
    person = testPerson({ roles: ['qm'] });
    renderDialog();
    save();
    const dialog = screen.getByTestId('audit-dialog');
    expect(await within(dialog).findAllByText('Item is required')).toHaveLength(4);
    expect(input('audit-dialog-name').getAttribute('aria-invalid')).toBe('true');
    expect(input('audit-dialog-leadauditor').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('audit-dialog-error').textContent).toBe(
      'Please correct the marked fields.',
    );
    expect(commands).toEqual([]);

    // A field filled in loses its message at once; the others keep theirs until corrected.
    fill('audit-dialog-name', 'Werk Hamm');
    expect(within(dialog).getAllByText('Item is required')).toHaveLength(3);
    expect(input('audit-dialog-name').getAttribute('aria-invalid')).toBe('false');
    await pickPerson('audit-dialog-leadauditor', 'erika', 'Erika Lead');
    choose(/^Plant/, 'Styr');
    choose(/^Product line/, 'TGS');
    expect(within(dialog).queryByText('Item is required')).toBeNull();
    expect(screen.queryByTestId('audit-dialog-error')).toBeNull();
  });

  it('creates the audit with a new id and closes at once (German texts)', async () => {
    person = testPerson({ roles: ['qm'] });
    const onClose = renderDialog(undefined, 'de');
    expect(screen.getByRole('heading', { name: 'Neues Audit' })).toBeTruthy();
    save();
    expect(await screen.findAllByText('Eingabe erforderlich')).toHaveLength(4);

    fill('audit-dialog-name', 'Lieferantenaudit Hamm');
    await pickPerson('audit-dialog-leadauditor', 'erika', 'Erika Lead');
    choose(/^Werk/, 'Styr');
    choose(/^Produktlinie/, 'TGS');
    // Dates are shown and typed in German; the scope's date field is one too.
    expect(input('audit-dialog-planning_date').value).toBe(
      localDay().split('-').reverse().join('.'),
    );
    fill('audit-dialog-scope-production_date', `15.05.${YEAR}`);
    choose(/^Auditiert durch/, 'Lieferant');
    fill('audit-dialog-supplier-name', 'Hammer GmbH');
    expect(screen.getByLabelText(/^Leitender Auditor/)).toBeTruthy();
    expect(screen.getByLabelText(/^Planungsjahr/)).toBeTruthy();
    localResult = {
      ok: true,
      ops: [],
      // The domain's message key (a backtick literal: the catalog check looks for web keys).
      message: { key: `audit.created`, params: { name: 'Lieferantenaudit Hamm' } },
    };
    save();

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // Issue 11.9: the command's message is shown.
    expect(await screen.findByText('Audit Lieferantenaudit Hamm angelegt')).toBeTruthy();
    expect(commands).toHaveLength(1);
    const { name, args } = commands[0]! as { name: string; args: Record<string, unknown> };
    expect(name).toBe(createAuditCommand.name);
    const id = args.id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(onClose).toHaveBeenCalledWith(id);
    expect(args).toMatchObject({
      name: 'Lieferantenaudit Hamm',
      leadauditor: 'lead',
      audited_by: 'Lieferant',
      scope: { plant: 'Styr', productline: 'TGS', production_date: `${YEAR}-05-15` },
      planning_year: YEAR,
      planning_date: localDay(),
      coauditors: [],
      auditing_date: [],
      metadata: { supplier: { name: 'Hammer GmbH', location: '', no: '' } },
    });
  });

  it('shows supplier fields only for the supplier party, the process only for process types', () => {
    person = testPerson({ roles: ['qm'] });
    renderDialog();
    expect(screen.queryByTestId('audit-dialog-supplier')).toBeNull();
    expect(screen.queryByTestId('audit-dialog-process')).toBeNull();
    choose(/^Audited by/, 'Supplier');
    expect(screen.getByTestId('audit-dialog-supplier')).toBeTruthy();
    expect(screen.getByLabelText('Reason for the audit')).toBeTruthy();
    expect(screen.getByLabelText('Responsible (quality management)')).toBeTruthy();
    choose(/^Audited by/, 'External');
    expect(screen.queryByTestId('audit-dialog-supplier')).toBeNull();
    choose(/^Audit type/, 'Process audit with question catalogue');
    expect(screen.getByTestId('audit-dialog-process')).toBeTruthy();
    choose(/^Audit type/, 'Site walk');
    expect(screen.getByTestId('audit-dialog-process')).toBeTruthy();
    choose(/^Audit type/, 'System audit');
    expect(screen.queryByTestId('audit-dialog-process')).toBeNull();
  });

  it('offers the customer lists in supplier, process and scope fields; new values stay allowed', async () => {
    person = testPerson({ roles: ['qm'] });
    renderDialog();
    choose(/^Audited by/, 'Supplier');
    choose(/^Audit type/, 'Process audit with question catalogue');
    const offered = async (testId: string, typed: string) => {
      const field = input(testId);
      act(() => field.focus());
      fireEvent.change(field, { target: { value: typed } });
      // The field's own list (a select's closing menu may still be in the document).
      const list = await waitFor(() =>
        document.getElementById(field.getAttribute('aria-controls')!)!,
      );
      return within(list)
        .getAllByRole('option')
        .map((option) => option.textContent);
    };
    expect(await offered('audit-dialog-supplier-name', 'Ham')).toEqual(['Hammer GmbH']);
    fireEvent.click(screen.getByRole('option', { name: 'Hammer GmbH' }));
    expect(input('audit-dialog-supplier-name').value).toBe('Hammer GmbH');
    expect(await offered('audit-dialog-process', 'Pre')).toEqual(['Pressing']);
    fireEvent.click(screen.getByRole('option', { name: 'Pressing' }));
    // A process the list does not know is taken as typed.
    fill('audit-dialog-process', 'Painting');
    fireEvent.keyDown(input('audit-dialog-process'), { key: 'Enter' });
    const process = screen.getByTestId('audit-dialog-process').closest('.MuiAutocomplete-root')!;
    expect(within(process as HTMLElement).getByText('Pressing')).toBeTruthy();
    expect(within(process as HTMLElement).getByText('Painting')).toBeTruthy();
    expect(await offered('audit-dialog-scope-chassis_number', 'WMA')).toEqual(['WMA06XZZ']);
    fill('audit-dialog-scope-chassis_number', 'XYZ 1');
    expect(input('audit-dialog-scope-chassis_number').value).toBe('XYZ 1');
  });

  it('reports a date outside the planning year at its field', async () => {
    person = testPerson({ roles: ['qm'] });
    audits = { a1: AUDIT };
    renderDialog('a1');
    fill('audit-dialog-planning_date', `12/31/${YEAR - 1}`);
    save();
    expect(await screen.findByText(`The date must lie in the planning year ${YEAR}`)).toBeTruthy();
    expect(commands).toEqual([]);
  });

  it('edits: sends only the changed fields (and responsible), then the status and protection', async () => {
    person = testPerson({ id: 'someone', roles: ['qm'] });
    audits = { a1: AUDIT };
    const onClose = renderDialog('a1');
    expect(screen.getByRole('heading', { name: 'Edit audit' })).toBeTruthy();
    expect(input('audit-dialog-name').value).toBe('Werk Styr');
    expect(screen.getByText('ISO9001')).toBeTruthy();
    expect(input('audit-dialog-leadauditor').value).toBe('Erika Lead');
    expect(input('audit-dialog-auditing-date-0').value).toBe(`03/10/${YEAR}`);
    fill('audit-dialog-name', 'Werk Styr 2');
    choose(/^Status in the audit process/, 'Execution');
    fireEvent.click(input('audit-dialog-protected'));
    localResult = { ok: true, ops: [], message: { key: 'success.auditUpdated' } };
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('a1'));
    expect(await screen.findByText('Audit updated successfully')).toBeTruthy();
    expect(commands).toEqual([
      {
        name: updateAuditCommand.name,
        args: { id: 'a1', changes: { name: 'Werk Styr 2', responsible: 'plain' } },
      },
      {
        name: changeAuditStatusCommand.name,
        args: { id: 'a1', status: '3', numbering: 'phase' },
      },
      { name: protectAuditCommand.name, args: { id: 'a1' } },
    ]);
  });

  it('closes without commands when nothing changed', async () => {
    person = testPerson({ id: 'lead', roles: ['auditor'] });
    audits = { a1: AUDIT };
    const onClose = renderDialog('a1');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(undefined));
    expect(commands).toEqual([]);
  });

  it('shows a protected audit read-only, with the lock and why, to a co-auditor', () => {
    person = testPerson({ id: 'co', roles: ['user', 'auditor'] });
    audits = { a1: { ...AUDIT, protected: true } };
    renderDialog('a1');
    expect(screen.getByTestId('audit-dialog-lock')).toBeTruthy();
    expect(screen.getByTestId('audit-dialog-access').textContent).toBe(
      'This audit is protected: only administrators, quality managers and its lead auditor can change it.',
    );
    expect(input('audit-dialog-name').disabled).toBe(true);
    expect(input('audit-dialog-leadauditor').disabled).toBe(true);
    expect(screen.queryByTestId('audit-dialog-save')).toBeNull();
    expect(screen.queryByTestId('audit-dialog-protected')).toBeNull();
    expect(screen.getByTestId('audit-dialog-cancel').textContent).toBe('Close');
  });

  it('lets a co-auditor edit the audit but not its lead auditor or team', () => {
    person = testPerson({ id: 'co', roles: ['user', 'auditor'] });
    audits = { a1: AUDIT };
    renderDialog('a1');
    expect(input('audit-dialog-name').disabled).toBe(false);
    expect(input('audit-dialog-leadauditor').disabled).toBe(true);
    expect(input('audit-dialog-coauditors').disabled).toBe(true);
    expect(input('audit-dialog-audit_participants').disabled).toBe(false);
  });

  it('lets the lead auditor edit a protected audit and unprotect it first', async () => {
    person = testPerson({ id: 'lead', roles: ['user', 'auditor'] });
    audits = { a1: { ...AUDIT, protected: true } };
    const onClose = renderDialog('a1', 'de');
    expect(screen.getByTestId('audit-dialog-access').textContent).toContain('geschützt');
    fireEvent.click(input('audit-dialog-protected'));
    fill('audit-dialog-name', 'Neu');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('a1'));
    expect(commands.map((command) => command.name)).toEqual([
      unprotectAuditCommand.name,
      updateAuditCommand.name,
    ]);
    expect(commands[0]!.args).toEqual({ id: 'a1' });
  });

  it('shows a refusal of the local run and stays open', async () => {
    person = testPerson({ roles: ['qm'] });
    audits = { a1: AUDIT };
    localResult = {
      ok: false,
      error: { code: 'forbidden', message: { key: 'permission.auditProtected' } },
    };
    const onClose = renderDialog('a1');
    fill('audit-dialog-name', 'Anders');
    save();
    expect((await screen.findByTestId('audit-dialog-error')).textContent).toBe(
      'The audit is protected and cannot be changed',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks before Escape discards changes; without changes Escape just closes', async () => {
    person = testPerson({ roles: ['qm'] });
    audits = { a1: AUDIT };
    const onClose = renderDialog('a1');
    fill('audit-dialog-name', 'Geändert');
    // Enter in a text field does not save.
    fireEvent.keyDown(input('audit-dialog-name'), { key: 'Enter' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(await screen.findByTestId('audit-discard-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('audit-discard-keep'));
    await waitFor(() => expect(screen.queryByTestId('audit-discard-dialog')).toBeNull());
    expect(input('audit-dialog-name').value).toBe('Geändert');
    fireEvent.click(screen.getByTestId('audit-dialog-cancel'));
    fireEvent.click(await screen.findByTestId('audit-discard-confirm'));
    expect(onClose).toHaveBeenCalledWith();
    expect(commands).toEqual([]);

    cleanup();
    const closeClean = renderDialog('a1');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(closeClean).toHaveBeenCalledWith();
  });

  it('moves the planning and auditing dates along when the planning year changes (issue 18.5)', async () => {
    person = testPerson({ roles: ['qm'] });
    audits = { a1: AUDIT };
    const onClose = renderDialog('a1');
    choose(/^Planning year/, String(YEAR + 1));
    expect(input('audit-dialog-planning_date').value).toBe(`03/02/${YEAR + 1}`);
    expect(input('audit-dialog-auditing-date-0').value).toBe(`03/10/${YEAR + 1}`);
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith('a1'));
    expect(commands).toEqual([
      {
        name: updateAuditCommand.name,
        args: {
          id: 'a1',
          changes: {
            planning_year: YEAR + 1,
            planning_date: `${YEAR + 1}-03-02`,
            auditing_date: [`${YEAR + 1}-03-10`],
            responsible: 'plain',
          },
        },
      },
    ]);
  });

  it('puts the focus on the first field in error when a save is refused, in field order', async () => {
    person = testPerson({ roles: ['qm'] });
    renderDialog();
    const saveButton = screen.getByTestId('audit-dialog-save');
    act(() => saveButton.focus());
    save();
    // Name, then (further down) the lead auditor and the scope: the name comes first.
    await waitFor(() => expect(document.activeElement).toBe(input('audit-dialog-name')));

    fill('audit-dialog-name', 'Werk Hamm');
    act(() => saveButton.focus());
    save();
    // The scope's plant (a select) comes before the lead auditor in the dialog.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /^Plant/ })),
    );

    choose(/^Plant/, 'Styr');
    choose(/^Product line/, 'TGX');
    await pickPerson('audit-dialog-leadauditor', 'erika', 'Erika Lead');
    fill('audit-dialog-planning_date', `12/31/${YEAR - 1}`);
    act(() => saveButton.focus());
    save();
    // A date field takes the focus in its first section (MUI X date fields are sections).
    await waitFor(() =>
      expect(
        input('audit-dialog-planning_date')
          .closest('.MuiFormControl-root')!
          .contains(document.activeElement),
      ).toBe(true),
    );
    expect(screen.getByText(`The date must lie in the planning year ${YEAR}`)).toBeTruthy();
    expect(commands).toEqual([]);
  });

  it('puts the focus on the message when a refusal names no field', async () => {
    person = testPerson({ roles: ['qm'] });
    audits = { a1: AUDIT };
    localResult = {
      ok: false,
      error: { code: 'forbidden', message: { key: 'permission.auditProtected' } },
    };
    renderDialog('a1');
    fill('audit-dialog-name', 'Anders');
    act(() => screen.getByTestId('audit-dialog-save').focus());
    save();
    const message = await screen.findByTestId('audit-dialog-error');
    await waitFor(() => expect(document.activeElement).toBe(message));
  });

  it('says when the audit does not exist', () => {
    person = testPerson({ roles: ['qm'] });
    renderDialog('nope');
    expect(screen.getByTestId('audit-dialog-not-found').textContent).toBe(
      'There is no audit with this address, or it was deleted.',
    );
  });
});

describe(
  'AuditDialog: evaluation schema and VDA 6.3 set-up (issue 19)',
  { timeout: 45_000 },
  () => {
    afterEach(() => {
      cleanup();
      audits = {};
      items = {};
      person = null;
      localResult = { ok: true, ops: [] };
      commands.length = 0;
    });

    const stepNames = () =>
      screen
        .getAllByTestId(/^audit-dialog-vda-step-name-\d+$/)
        .map((element) => (element as HTMLInputElement).value);
    const addStep = (name: string) => {
      fireEvent.click(screen.getByTestId('audit-dialog-vda-add-step'));
      const fields = screen.getAllByTestId(/^audit-dialog-vda-step-name-\d+$/);
      fireEvent.change(fields.at(-1)!, { target: { value: name } });
    };
    const updateChanges = () =>
      (
        commands.find((entry) => entry.name === updateAuditCommand.name)!.args as {
          changes: Record<string, unknown>;
        }
      ).changes;

    it('offers the three schemas; VDA 6.3 shows the steps editor and the P3/P4 choice', async () => {
      person = testPerson({ id: 'someone', roles: ['qm'] });
      audits = { a1: { ...AUDIT, reportSchema: { calcSchema: 'compliance', customResult: 'qk' } } };
      const onClose = renderDialog('a1');
      const schema = input('audit-dialog-calcSchema') as unknown as HTMLSelectElement;
      expect(schema.value).toBe('compliance');
      expect([...schema.options].map((option) => option.text)).toEqual([
        'Deviations (higher is worse)',
        'Compliance',
        'VDA 6.3 (points 10–0, classes A/B/C)',
      ]);
      expect(screen.queryByTestId('audit-dialog-vda')).toBeNull();
      fireEvent.change(schema, { target: { value: 'vda63' } });
      expect(screen.getByText(/No process steps yet/)).toBeTruthy();
      addStep('Stanzen');
      addStep(' Lackieren ');
      addStep('Montage');
      // The last step moves up one place; the first cannot move up.
      expect((screen.getByTestId('audit-dialog-vda-step-up-0') as HTMLButtonElement).disabled).toBe(
        true,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Move Montage up' }));
      expect(stepNames()).toEqual(['Stanzen', 'Montage', ' Lackieren ']);
      fireEvent.click(
        screen.getByLabelText('Evaluate P3 and P4 separately for product and process'),
      );
      save();
      await waitFor(() => expect(onClose).toHaveBeenCalledWith('a1'));
      const changes = updateChanges();
      // customResult (the QK setting) stays as it was.
      expect(changes.reportSchema).toEqual({ calcSchema: 'vda63', customResult: 'qk' });
      const vda = changes.vda as { processSteps: { id: string; name: string }[] };
      expect(vda).toMatchObject({ productProcessSplit: true });
      expect(vda.processSteps.map((step) => step.name)).toEqual([
        'Stanzen',
        'Montage',
        'Lackieren',
      ]);
      expect(new Set(vda.processSteps.map((step) => step.id)).size).toBe(3);
    });

    it('keeps a step id when renamed; asks before removing a step with evaluations, and says how many', async () => {
      person = testPerson({ id: 'someone', roles: ['qm'] });
      const vda = {
        processSteps: [
          { id: 's1', name: 'Stanzen' },
          { id: 's2', name: 'Lackieren' },
        ],
        productProcessSplit: false,
      };
      audits = {
        a1: { ...AUDIT, reportSchema: { calcSchema: 'vda63', customResult: null }, vda },
      };
      const evaluation = { points: 8, reason: '', by: 'lead', at: '2026-01-01T00:00:00.000Z' };
      items = {
        i1: { id: 'i1', auditId: 'a1', vda: { s1: evaluation, s2: evaluation } },
        i2: { id: 'i2', auditId: 'a1', vda: { s1: evaluation } },
      };
      const onClose = renderDialog('a1');
      expect(stepNames()).toEqual(['Stanzen', 'Lackieren']);
      fireEvent.change(screen.getByTestId('audit-dialog-vda-step-name-1'), {
        target: { value: 'Pulverbeschichten' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Remove Stanzen' }));
      expect(
        await screen.findByText(
          'The process step "Stanzen" has 2 evaluations on this audit\'s questions. They no longer count once the step is removed.',
        ),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Keep step' }));
      await waitFor(() =>
        expect(screen.queryByTestId('audit-dialog-vda-remove-confirm')).toBeNull(),
      );
      expect(stepNames()).toEqual(['Stanzen', 'Pulverbeschichten']);
      fireEvent.click(screen.getByRole('button', { name: 'Remove Stanzen' }));
      fireEvent.click(await screen.findByTestId('audit-dialog-vda-remove-confirm'));
      await waitFor(() => expect(stepNames()).toEqual(['Pulverbeschichten']));
      save();
      await waitFor(() => expect(onClose).toHaveBeenCalledWith('a1'));
      expect(updateChanges().vda).toEqual({
        processSteps: [{ id: 's2', name: 'Pulverbeschichten' }],
        productProcessSplit: false,
      });
    });

    it('removes a step without evaluations at once, and refuses a step without a name', async () => {
      person = testPerson({ id: 'someone', roles: ['qm'] });
      audits = { a1: AUDIT };
      renderDialog('a1');
      fireEvent.change(input('audit-dialog-calcSchema'), { target: { value: 'vda63' } });
      addStep('Stanzen');
      fireEvent.click(screen.getByTestId('audit-dialog-vda-add-step'));
      // The new step has the focus, so it is named at once.
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByTestId('audit-dialog-vda-step-name-1')),
      );
      save();
      expect(await screen.findByText('Item is required')).toBeTruthy();
      expect(screen.getByTestId('audit-dialog-vda-step-name-1').getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(commands).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Remove Stanzen' }));
      expect(stepNames()).toEqual(['']);
    });

    it('warns before leaving VDA 6.3 once the edition is recorded', async () => {
      person = testPerson({ id: 'someone', roles: ['qm'] });
      audits = {
        a1: {
          ...AUDIT,
          reportSchema: { calcSchema: 'vda63', customResult: null },
          vda: { processSteps: [], productProcessSplit: false },
          vdaEdition: '2016',
        },
      };
      const onClose = renderDialog('a1');
      fireEvent.change(input('audit-dialog-calcSchema'), { target: { value: 'compliance' } });
      expect(await screen.findByText(/its VDA evaluations no longer count/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Keep VDA 6.3' }));
      await waitFor(() => expect(input('audit-dialog-calcSchema').value).toBe('vda63'));
      fireEvent.change(input('audit-dialog-calcSchema'), { target: { value: 'compliance' } });
      fireEvent.click(await screen.findByTestId('audit-dialog-schema-confirm'));
      await waitFor(() => expect(input('audit-dialog-calcSchema').value).toBe('compliance'));
      expect(screen.queryByTestId('audit-dialog-vda')).toBeNull();
      save();
      await waitFor(() => expect(onClose).toHaveBeenCalledWith('a1'));
      // The set-up stays stored (it counts again when switched back); only the schema changes.
      expect(updateChanges()).toEqual({
        reportSchema: { calcSchema: 'compliance', customResult: null },
        responsible: 'plain',
      });
    });

    it('"New VDA 6.3 process audit": preset, elements chosen, catalogue questions imported', async () => {
      person = testPerson({ roles: ['qm'] });
      const onClose = vi.fn();
      render(
        <I18nextProvider i18n={createI18n('de')}>
          <SnackbarProvider>
            <AuditDialog open vdaPreset onClose={onClose} />
          </SnackbarProvider>
        </I18nextProvider>,
      );
      expect(screen.getByRole('heading', { name: 'Neues VDA-6.3-Prozessaudit' })).toBeTruthy();
      expect(input('audit-dialog-calcSchema').value).toBe('vda63');
      expect(input('audit-dialog-type').value).toBe('Prozessaudit');
      const elements = ['P2', 'P3', 'P4', 'P5', 'P6', 'P7'];
      for (const element of elements) {
        expect(input(`audit-dialog-vda-element-${element}`).checked).toBe(true);
      }
      expect(screen.getByLabelText('P6 Serienproduktion')).toBeTruthy();
      // A partial audit: P7 left out.
      fireEvent.click(input('audit-dialog-vda-element-P7'));
      fireEvent.click(screen.getByTestId('audit-dialog-vda-add-step'));
      fireEvent.change(screen.getByTestId('audit-dialog-vda-step-name-0'), {
        target: { value: 'Montage' },
      });
      fireEvent.click(
        screen.getByLabelText('P3 und P4 getrennt nach Produkt und Prozess bewerten'),
      );
      fill('audit-dialog-name', 'Lieferant Hammer, Prozessaudit');
      await pickPerson('audit-dialog-leadauditor', 'erika', 'Erika Lead');
      choose(/^Werk/, 'Styr');
      choose(/^Produktlinie/, 'TGS');
      save();
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      expect(commands.map((entry) => entry.name)).toEqual([
        createAuditCommand.name,
        importAuditItemsCommand.name,
      ]);
      const created = commands[0]!.args as Record<string, unknown>;
      expect(onClose).toHaveBeenCalledWith(created.id);
      expect(created).toMatchObject({
        type: 'Prozessaudit',
        standard: ['vda-6-3'],
        reportSchema: { calcSchema: 'vda63', customResult: null },
        vda: { processSteps: [{ name: 'Montage' }], productProcessSplit: true },
      });
      const imported = commands[1]!.args as {
        auditId: string;
        items: { id: string; question: { category_id: string; no: string; text: string } }[];
      };
      expect(imported.auditId).toBe(created.id);
      expect(new Set(imported.items.map((item) => item.question.category_id))).toEqual(
        new Set(['2', '3', '4', '5', '6']),
      );
      expect(imported.items.some((item) => item.question.no === '6.2.1')).toBe(true);
      // In the user's language, chapters of the VDA 6.3 standard.
      expect(imported.items[0]!.question).toMatchObject({
        category: 'Projektsteuerung',
        chapters: [{ id: '2', standard: 'vda-6-3' }],
      });
    });

    it('a new VDA audit needs at least one element', async () => {
      person = testPerson({ roles: ['qm'] });
      render(
        <I18nextProvider i18n={createI18n('en')}>
          <SnackbarProvider>
            <AuditDialog open vdaPreset onClose={vi.fn()} />
          </SnackbarProvider>
        </I18nextProvider>,
      );
      for (const element of ['P2', 'P3', 'P4', 'P5', 'P6', 'P7']) {
        fireEvent.click(input(`audit-dialog-vda-element-${element}`));
      }
      save();
      expect((await screen.findByTestId('audit-dialog-error')).textContent).toBe(
        'Choose at least one process element.',
      );
      expect(commands).toEqual([]);
    });
  },
);
