import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  copyAuditItemsCommand,
  createAuditItemCommand,
  deactivateAuditItemCommand,
  deleteAuditItemCommand,
  importAuditItemsCommand,
  reactivateAuditItemCommand,
  updateAuditItemCommand,
  useTemplateCommand,
  type CommandResult,
  type Person,
} from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../../components/snackbar/snackbar-provider';
import { createI18n } from '../../../lib/i18n/i18n';
import type { CommandOutcome, ViewDocument } from '../../../lib/sync/sync-types';
import { testPerson } from '../../../test/test-person';
import { AuditPhasePage } from '../audit-phase-page';
import { PreparationTab } from './preparation-tab';

// The tab is tested against the sync hooks' contract, not the engine behind them.
let audits: Record<string, JsonObject> = {};
let items: Record<string, JsonObject> = {};
let standards: Record<string, JsonObject> = {};
let people: Record<string, JsonObject> = {};
let templates: Record<string, JsonObject> = {};
let templateItems: Record<string, JsonObject> = {};
let states: Record<string, ViewDocument['state']> = {};
let person: Person | null = null;
let nextResult: CommandResult | null = null;
const commands: { name: string; args: unknown }[] = [];
const view = (collection: string, id: string, data: JsonObject): ViewDocument => ({
  collection,
  id,
  data,
  state: states[id] ?? 'sync',
});
vi.mock('../../../lib/sync/use-query', () => ({
  useQuery: (
    query: { collection: string; filters: { path: string[]; op: string; value: unknown }[] } | null,
  ) => {
    if (query === null) return { documents: [], loading: false };
    const source =
      query.collection === 'audit_items'
        ? items
        : query.collection === 'standards'
          ? standards
          : query.collection === 'people'
            ? people
            : query.collection === 'audits'
              ? audits
              : query.collection === 'templates'
                ? templates
                : query.collection === 'template_items'
                  ? templateItems
                  : {};
    const filter = query.filters[0];
    const matches = (value: JsonValue | undefined) =>
      !filter ||
      (filter.op === 'in' ? (filter.value as unknown[]).includes(value) : value === filter.value);
    return {
      documents: Object.entries(source)
        .filter(([, data]) => matches(data[filter?.path[0] ?? '']))
        .map(([id, data]) => view(query.collection, id, data)),
      loading: false,
    };
  },
}));
vi.mock('../../../lib/sync/use-document', () => ({
  useDocument: (collection: string, id: string | undefined) => ({
    document:
      collection === 'audits' && id && audits[id] ? view(collection, id, audits[id]) : undefined,
    loading: false,
  }),
}));
vi.mock('../../../lib/sync/use-command', () => ({
  useCommand: () => (name: string, args: unknown) => {
    commands.push({ name, args });
    const outcome: CommandOutcome = {
      local: nextResult ?? { ok: true, ops: [] },
      confirmed: Promise.resolve({ ok: true }),
    };
    return Promise.resolve(outcome);
  },
}));
vi.mock('../../../lib/sync/sync-state-icon', () => ({
  SyncStateIcon: ({ state }: { state: string }) => <span data-testid="sync-icon">{state}</span>,
}));
vi.mock('../../../lib/session/session-provider', () => ({ usePerson: () => person }));
vi.mock('../../people/user-picker', () => ({
  UserPicker: (props: { label: string; value: string[]; onChange: (ids: string[]) => void }) => (
    <label>
      {props.label}
      <input
        data-testid="user-picker"
        value={props.value.join(',')}
        onChange={(event) => props.onChange(event.target.value ? [event.target.value] : [])}
      />
    </label>
  ),
}));

const AUDIT: JsonObject = {
  id: 'a1',
  name: 'Werk Styr 2026',
  standard: 'iso9001',
  leadauditor: 'p-lead',
  coauditors: ['p1'],
  protected: false,
  auditing_date: ['2026-05-04', '2026-05-05'],
  process: ['Einkauf'],
};

const item = (id: string, question: JsonObject, extra: JsonObject = {}): JsonObject => ({
  id,
  auditId: 'a1',
  processes: [],
  question: { hint: '', category: '', category_id: '', importance: '', chapters: [], ...question },
  Weight: 1,
  auditItemState: null,
  deviations: {},
  ...extra,
});

function seed() {
  audits = { a1: AUDIT, other: { ...AUDIT, id: 'other' } };
  standards = {
    iso9001: {
      name: 'ISO9001',
      description: 'Quality management systems',
      chapters: [
        { id: '4.1', description: 'Understanding the organization' },
        { id: '5', description: 'Leadership' },
      ],
    },
  };
  people = {
    p1: {
      id: 'p1',
      displayName: 'Otto Auditor',
      email: null,
      avatar: null,
      type: 'active',
      roles: ['auditor'],
    },
  };
  items = {
    i1: item('i1', {
      no: '1',
      text: 'Is the project plan released?',
      hint: 'Look at the signature',
      category_id: 'hls-8',
      category: 'Betriebsablauf',
      importance: '9',
      chapters: [{ id: '4.1', standard: 'iso9001', description: 'Understanding the organization' }],
      assignedAuditor: 'p1',
      auditDay: '2026-05-04',
    }),
    i2: item(
      'i2',
      { no: '2', text: 'Are suppliers rated?', importance: '1' },
      { auditItemState: 'deactivated', deactivated: true },
    ),
    i3: item('i3', { no: '10', text: 'Is training documented?', category_id: 'hls-8' }),
    elsewhere: { ...item('elsewhere', { no: '1', text: 'Other audit' }), auditId: 'other' },
  };
  states = { i3: 'unsync' };
}

function renderTab(language: 'de' | 'en' = 'en') {
  const router = createMemoryRouter(
    [
      {
        path: '/audit/:auditId/auditpreparation',
        element: <AuditPhasePage phase="auditpreparation" tab={PreparationTab} />,
      },
    ],
    { initialEntries: ['/audit/a1/auditpreparation'] },
  );
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </I18nextProvider>,
  );
}

const row = (id: string) => within(screen.getByTestId(`item-row-${id}`));

/** Opens a question's row menu and returns its entry `name`. */
async function rowAction(menu: string, name: string) {
  fireEvent.click(await screen.findByRole('button', { name: menu }));
  return within(await screen.findByRole('menu')).getByRole('menuitem', { name });
}
/** The button that is a question's whole row (it opens the question). */
const rowButton = async (id: string) =>
  (await screen.findByTestId(`item-row-${id}`)).closest<HTMLElement>('[role="button"]')!;

async function openMoreAction(name: string) {
  fireEvent.click(await screen.findByTestId('list-more-actions'));
  return screen.findByRole('menuitem', { name });
}

describe('PreparationTab', () => {
  afterEach(() => {
    cleanup();
    audits = {};
    items = {};
    standards = {};
    templates = {};
    templateItems = {};
    states = {};
    person = null;
    nextResult = null;
    commands.length = 0;
  });

  it("lists the audit's questions with number, hint, category, chapters, importance and state", async () => {
    seed();
    person = testPerson({ id: 'p1', roles: ['user', 'auditor'] });
    renderTab();
    const first = row('i1');
    expect(await screen.findByTestId('item-row-i1')).toBeTruthy();
    expect(screen.getByTestId('list-count').textContent).toBe('3 entries');
    expect(screen.queryByText('Other audit')).toBeNull();
    expect(first.getByText('Is the project plan released?')).toBeTruthy();
    expect(first.getByText('Hint: Look at the signature')).toBeTruthy();
    expect(first.getByText('Operation')).toBeTruthy();
    expect(first.getByText('Very important question')).toBeTruthy();
    expect(first.getByText('Chapters: 4.1')).toBeTruthy();
    expect(row('i2').getByTestId('item-deactivated').textContent).toBe('Deactivated');
    expect(row('i2').getByText('No category')).toBeTruthy();
    expect(row('i2').getByText('Remark')).toBeTruthy();
    expect(row('i2').getByTestId('item-text').closest('[data-deactivated]')).toBeTruthy();
    expect(row('i1').getByTestId('item-text').closest('[data-deactivated]')).toBeNull();
    // Sorted by number as dotted numbers: 1, 2, 10; each row with its sync state.
    const texts = screen.getAllByTestId('item-text').map((node) => node.textContent);
    expect(texts).toEqual([
      'Is the project plan released?',
      'Are suppliers rated?',
      'Is training documented?',
    ]);
    expect(screen.getAllByTestId('sync-icon').map((node) => node.textContent)).toEqual([
      'sync',
      'sync',
      'unsync',
    ]);
  });

  it("names a question's assigned auditor and audit day, and 'User: {id}' for an unknown person", async () => {
    seed();
    items.i3 = item('i3', { no: '10', text: 'Is training documented?', assignedAuditor: 'p-gone' });
    renderTab();
    const first = await screen.findByTestId('item-row-i1');
    expect(within(first).getByTestId('item-auditor').textContent).toBe('Auditor: Otto Auditor');
    expect(first.textContent).toContain('Audit day: May 4, 2026');
    const third = screen.getByTestId('item-row-i3');
    expect(within(third).getByTestId('item-auditor').textContent).toBe('Auditor: User: p-gone');
  });

  it('groups by category with "Keine Kategorie" and filters by the category facet', async () => {
    seed();
    person = testPerson({ id: 'p1', roles: ['auditor'] });
    renderTab('de');
    fireEvent.click(await screen.findByTestId('list-group-toggle'));
    const headers = screen.getAllByTestId('list-group-header').map((node) => node.textContent);
    expect(headers).toHaveLength(2);
    expect(headers[0]).toContain('Betrieb');
    expect(headers[1]).toContain('Keine Kategorie');

    fireEvent.click(screen.getByTestId('list-filter-button'));
    const drawer = within(await screen.findByTestId('facet-category'));
    fireEvent.click(drawer.getByRole('checkbox', { name: 'Keine Kategorie (1)' }));
    await waitFor(() => expect(screen.getByTestId('list-count').textContent).toBe('1 Eintrag'));
    expect(screen.getByText('Are suppliers rated?')).toBeTruthy();
  });

  it('creates a question with auditItem.create and a client id', async () => {
    seed();
    person = testPerson({ id: 'p1', roles: ['auditor'] });
    renderTab();
    fireEvent.click(await screen.findByTestId('question-create'));
    const dialog = within(await screen.findByTestId('question-dialog'));
    expect((dialog.getByTestId('question-no') as HTMLInputElement).value).toBe('11');
    fireEvent.change(dialog.getByTestId('question-text'), {
      target: { value: '  Is the FMEA current?  ' },
    });
    fireEvent.change(dialog.getByTestId('question-hint'), { target: { value: 'Check dates' } });
    fireEvent.change(dialog.getByTestId('question-category'), { target: { value: 'hls-6' } });
    fireEvent.change(dialog.getByTestId('question-importance'), { target: { value: '3' } });
    fireEvent.change(dialog.getByTestId('question-auditDay'), { target: { value: '2026-05-05' } });
    fireEvent.change(dialog.getByTestId('user-picker'), { target: { value: 'p-aud' } });
    const chapters = dialog.getByTestId('question-chapters');
    fireEvent.change(chapters, { target: { value: 'Leader' } });
    fireEvent.click(await screen.findByRole('option', { name: '5 Leadership' }));
    fireEvent.click(dialog.getByTestId('question-save'));

    await waitFor(() => expect(commands).toHaveLength(1));
    const { name, args } = commands[0] as { name: string; args: Record<string, unknown> };
    expect(name).toBe(createAuditItemCommand.name);
    expect(typeof args.id).toBe('string');
    expect(args).toEqual({
      auditId: 'a1',
      id: args.id,
      processes: [],
      question: {
        no: '11',
        text: 'Is the FMEA current?',
        hint: 'Check dates',
        category_id: 'hls-6',
        category: 'Planning',
        subcategory: '',
        importance: '3',
        chapters: [{ id: '5', standard: 'iso9001', description: 'Leadership' }],
        assignedAuditor: 'p-aud',
        auditDay: '2026-05-05',
      },
    });
    expect(await screen.findByText('Audit item successfully created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('question-dialog')).toBeNull());
  });

  it('edits a question with only the changed fields and shows field errors at their field', async () => {
    seed();
    person = testPerson({ id: 'p-lead', roles: ['auditor'] });
    renderTab();
    // The whole row opens the question (issue 18.3), by touch, click, Enter or Space.
    const open = await rowButton('i1');
    expect(open.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(open, { key: 'Enter' });
    const dialog = within(await screen.findByTestId('question-dialog'));
    expect((dialog.getByTestId('question-text') as HTMLTextAreaElement).value).toBe(
      'Is the project plan released?',
    );

    nextResult = {
      ok: false,
      error: {
        code: 'rule',
        message: { key: 'validation.required', params: { field: 'question.text' } },
        issues: [{ key: 'validation.required', params: { field: 'question.text' } }],
      },
    };
    fireEvent.change(dialog.getByTestId('question-text'), { target: { value: ' ' } });
    fireEvent.click(dialog.getByTestId('question-save'));
    expect(await dialog.findByText('Item is required')).toBeTruthy();
    expect(dialog.getByTestId('question-error').textContent).toContain('correct the marked fields');

    nextResult = null;
    commands.length = 0;
    fireEvent.change(dialog.getByTestId('question-text'), {
      target: { value: 'Is the project plan released?' },
    });
    fireEvent.change(dialog.getByTestId('question-hint'), { target: { value: 'New hint' } });
    fireEvent.click(dialog.getByTestId('question-save'));
    await waitFor(() => expect(commands).toHaveLength(1));
    expect(commands[0]).toEqual({
      name: updateAuditItemCommand.name,
      args: { auditId: 'a1', id: 'i1', changes: { question: { hint: 'New hint' } } },
    });
    expect(await screen.findByText('Audit item update successful')).toBeTruthy();
  });

  it('asks before deleting, in both languages, and deletes on confirmation', async () => {
    seed();
    person = testPerson({ id: 'p1', roles: ['qm'] });
    renderTab();
    // Delete is in the row's menu, last and apart from the others.
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for question 10' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual([
      'Edit question 10',
      'Deactivate question 10',
      'Delete question 10',
    ]);
    expect(menu.getByRole('separator')).toBeTruthy();
    fireEvent.click(menu.getByRole('menuitem', { name: 'Delete question 10' }));
    expect((await screen.findByTestId('item-delete-text')).textContent).toBe(
      'Are you sure you want to delete this audit item?',
    );
    fireEvent.click(screen.getByTestId('item-delete-confirm'));
    await waitFor(() => expect(commands).toHaveLength(1));
    expect(commands[0]).toEqual({
      name: deleteAuditItemCommand.name,
      args: { auditId: 'a1', id: 'i3' },
    });
    cleanup();

    commands.length = 0;
    renderTab('de');
    fireEvent.click(await rowAction('Aktionen für Frage 10', 'Frage 10 löschen'));
    expect((await screen.findByTestId('item-delete-text')).textContent).toBe(
      'Möchten Sie diese Auditfrage wirklich löschen?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByTestId('item-delete-text')).toBeNull());
    expect(commands).toEqual([]);
  });

  it('deactivates an active question and reactivates (undo) a deactivated one', async () => {
    seed();
    person = testPerson({ id: 'p1', roles: ['auditor'] });
    renderTab();
    fireEvent.click(await rowAction('Actions for question 1', 'Deactivate question 1'));
    fireEvent.click(await rowAction('Actions for question 2', 'Reactivate question 2 (undo)'));
    await waitFor(() => expect(commands).toHaveLength(2));
    expect(commands).toEqual([
      { name: deactivateAuditItemCommand.name, args: { auditId: 'a1', id: 'i1' } },
      { name: reactivateAuditItemCommand.name, args: { auditId: 'a1', id: 'i2' } },
    ]);
  });

  it('reports the CSV before importing and sends only the valid items', async () => {
    seed();
    person = testPerson({ id: 'p1', roles: ['auditor'] });
    renderTab();
    fireEvent.click(await openMoreAction('Import items (CSV)'));
    const dialog = within(await screen.findByTestId('item-import-dialog'));
    fireEvent.change(dialog.getByTestId('item-import-text'), {
      target: {
        value: [
          'text;no;importance;chapter_id',
          'Is the layout approved?;1;9;4.1',
          ';2;1;5',
          'Are gauges calibrated?;3;;9.9',
        ].join('\n'),
      },
    });
    expect((await dialog.findByTestId('item-import-count')).textContent).toBe(
      '2 valid questions will be imported',
    );
    expect(dialog.getByTestId('item-import-errors').textContent).toContain(
      'Invalid CSV Row ignored (row 3)',
    );
    expect(dialog.getByTestId('item-import-warnings').textContent).toContain(
      'Chapter Id unmappable: 9.9 (row 4)',
    );
    fireEvent.change(dialog.getByTestId('item-import-importance'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('item-import-submit'));

    await waitFor(() => expect(commands).toHaveLength(1));
    const { name, args } = commands[0] as {
      name: string;
      args: { auditId: string; items: { id: string; question: JsonObject; Weight: number }[] };
    };
    expect(name).toBe(importAuditItemsCommand.name);
    expect(args.auditId).toBe('a1');
    expect(args.items.map((entry) => entry.question.text)).toEqual([
      'Is the layout approved?',
      'Are gauges calibrated?',
    ]);
    expect(args.items.map((entry) => entry.question.importance)).toEqual(['9', '3']);
    expect(new Set(args.items.map((entry) => entry.id)).size).toBe(2);
    expect(args.items[1]!.question.chapters).toEqual([
      { id: '9.9', standard: 'iso9001', description: 'Chapter 9.9' },
    ]);
    expect((await screen.findByTestId('item-import-result')).textContent).toBe(
      '2 audit items imported',
    );
  });

  it('says "Field must not be empty" when the CSV text is emptied, and imports nothing', async () => {
    seed();
    person = testPerson({ id: 'p1', roles: ['auditor'] });
    renderTab();
    fireEvent.click(await openMoreAction('Import items (CSV)'));
    const dialog = within(await screen.findByTestId('item-import-dialog'));
    fireEvent.change(dialog.getByTestId('item-import-text'), { target: { value: 'text\nA?' } });
    fireEvent.change(dialog.getByTestId('item-import-text'), { target: { value: '  ' } });
    expect((await dialog.findByTestId('item-import-errors')).textContent).toContain(
      'Field must not be empty',
    );
    expect((screen.getByTestId('item-import-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(commands).toHaveLength(0);
  });

  it('shows a protected audit read-only to its co-auditor and says why', async () => {
    seed();
    audits.a1 = { ...AUDIT, protected: true };
    person = testPerson({ id: 'p1', roles: ['auditor'] });
    renderTab();
    expect((await screen.findByTestId('preparation-read-only')).textContent).toContain(
      'This audit is protected',
    );
    expect(screen.queryByTestId('question-create')).toBeNull();
    // Neither a row that opens nor a row menu.
    expect(await rowButton('i1')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for question 1' })).toBeNull();
    const importEntry = await openMoreAction('Import items (CSV)');
    expect(importEntry.getAttribute('aria-disabled')).toBe('true');
    expect(
      screen.getByRole('menuitem', { name: 'Use template' }).getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('lets the lead auditor work on a protected audit, and tells an outsider why not', async () => {
    seed();
    audits.a1 = { ...AUDIT, protected: true };
    person = testPerson({ id: 'p-lead', roles: ['auditor'] });
    renderTab();
    expect(await screen.findByTestId('question-create')).toBeTruthy();
    expect(screen.queryByTestId('preparation-read-only')).toBeNull();
    cleanup();

    audits.a1 = AUDIT;
    person = testPerson({ id: 'p-other', roles: ['auditor'] });
    renderTab('de');
    expect((await screen.findByTestId('preparation-read-only')).textContent).toContain(
      'Nur das Auditteam',
    );
    expect(screen.queryByTestId('question-create')).toBeNull();
  });
  it('uses a template: chooses a category and a question, reports unmappable chapters, copies', async () => {
    seed();
    person = testPerson({ id: 'p1', roles: ['user', 'auditor'] });
    templates = { t1: { id: 't1', name: 'Process audit' } };
    const templateItem = (id: string, category_id: string, no: string, chapter: string) => ({
      id,
      templateId: 't1',
      question: { text: `Question ${id}`, no, category_id, chapters: [{ id: chapter }] },
    });
    templateItems = {
      ta1: templateItem('ta1', 'cat-a', '1', '4.1'),
      ta2: templateItem('ta2', 'cat-a', '2', '5'),
      tb1: templateItem('tb1', 'cat-b', '3', '77.7'),
    };
    renderTab();
    fireEvent.click(await openMoreAction('Use template'));
    const dialog = await screen.findByRole('dialog', { name: 'Use template: choose questions' });
    // The only template is chosen at once.
    const groups = await within(dialog).findAllByTestId('template-category');
    expect(groups).toHaveLength(2);
    fireEvent.click(within(groups[0]!).getByRole('checkbox'));
    expect(within(dialog).getByTestId('template-chosen-count').textContent).toBe(
      '2 of 3 questions chosen',
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '3 Question tb1' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '2 Question ta2' }));
    const groupBox = within(groups[0]!).getByRole('checkbox') as HTMLInputElement;
    expect(groupBox.getAttribute('data-indeterminate')).toBe('true');
    fireEvent.click(within(dialog).getByTestId('template-next'));
    expect((await within(dialog).findByTestId('template-unmappable')).textContent).toContain(
      '77.7',
    );
    fireEvent.click(within(dialog).getByTestId('template-submit'));
    await waitFor(() => expect(commands).toHaveLength(1));
    const command = commands[0] as { name: string; args: { items: { templateItemId: string }[] } };
    expect(command.name).toBe(useTemplateCommand.name);
    expect(command.args).toMatchObject({
      auditId: 'a1',
      templateId: 't1',
      standardIds: ['iso9001'],
    });
    expect(command.args.items.map((row) => row.templateItemId)).toEqual(['ta1', 'tb1']);
  });

  it('copies the questions of the last audit of this scope after a confirmation', async () => {
    seed();
    person = testPerson({ id: 'p1', roles: ['user', 'auditor'] });
    renderTab();
    const none = await openMoreAction(
      'Copy questions from the last audit: no earlier audit of this standard and scope has questions',
    );
    expect(none.getAttribute('aria-disabled')).toBe('true');
    cleanup();

    audits.a0 = { ...AUDIT, id: 'a0', name: 'Werk Styr 2025', auditing_date: ['2025-05-04'] };
    items.e1 = item('e1', { text: 'Earlier', no: '1' });
    items.e1 = { ...items.e1, auditId: 'a0' };
    renderTab();
    fireEvent.click(await openMoreAction('Copy questions from the last audit of this scope'));
    expect((await screen.findByTestId('copy-items-text')).textContent).toBe(
      '1 question of the audit Werk Styr 2025 will be copied into this audit.',
    );
    fireEvent.click(screen.getByTestId('copy-items-confirm'));
    await waitFor(() => expect(commands).toHaveLength(1));
    expect(commands[0]).toMatchObject({
      name: copyAuditItemsCommand.name,
      args: { auditId: 'a1', sourceAuditId: 'a0', items: [{ sourceItemId: 'e1' }] },
    });
  });
});
