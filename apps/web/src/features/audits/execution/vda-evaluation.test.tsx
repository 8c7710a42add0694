import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  createFindingCommand,
  domainCommandRegistry,
  evaluateAuditItemCommand,
  type DomainMessage,
  type Person,
} from '@qa/domain';
import { applyOps, documentKey, type JsonObject } from '@qa/sync';
import { useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../../components/snackbar/snackbar-provider';
import { translateDomainMessage } from '../../../lib/i18n/domain-message';
import { createI18n } from '../../../lib/i18n/i18n';
import type { CommandOutcome, ViewDocument } from '../../../lib/sync/sync-types';
import { testPerson } from '../../../test/test-person';
import { AuditPhasePage } from '../audit-phase-page';
import { ExecutionTab } from './execution-tab';

/**
 * The VDA 6.3 evaluation view of the execution tab (issue 19.4) against a small replica: the
 * sync hooks read an in-memory store, and every command runs the domain's own rules on it, as
 * the sync engine does on the device, so a refused evaluation changes nothing.
 */
let store = new Map<string, JsonObject>();
let version = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getVersion = () => version;
let person: Person | null = null;
const commands: { name: string; args: unknown; ok: boolean; refusal?: DomainMessage }[] = [];
let nextId = 0;

function useStore() {
  useSyncExternalStore(subscribe, getVersion);
  return store;
}

function documentsOf(collection: string): ViewDocument[] {
  const prefix = `${collection}/`;
  return [...store.entries()]
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, data]) => ({ collection, id: key.slice(prefix.length), data, state: 'sync' }));
}

function runCommand(name: string, args: unknown): Promise<CommandOutcome> {
  const local = domainCommandRegistry.execute(
    name,
    args,
    { get: (collection, id) => store.get(documentKey(collection, id)) },
    {
      actor: { personId: person?.id ?? 'nobody', roles: person?.roles ?? [] },
      now: '2026-05-04T10:00:00.000Z',
      newId: () => `n${++nextId}`,
    },
  );
  commands.push(
    local.ok ? { name, args, ok: true } : { name, args, ok: false, refusal: local.error.message },
  );
  if (local.ok) {
    store = applyOps(store, local.ops).store;
    version += 1;
    for (const listener of listeners) listener();
  }
  return Promise.resolve({ local, confirmed: Promise.resolve({ ok: true }) } as CommandOutcome);
}

vi.mock('../../../lib/sync/use-query', () => ({
  useQuery: (
    query: { collection: string; filters: { path: string[]; value: unknown }[] } | null,
  ) => {
    useStore();
    if (query === null) return { documents: [], loading: false };
    const filter = query.filters[0];
    return {
      documents: documentsOf(query.collection).filter(
        (doc) => !filter || doc.data[filter.path[0] ?? ''] === filter.value,
      ),
      loading: false,
    };
  },
}));
vi.mock('../../../lib/sync/use-document', () => ({
  useDocument: (collection: string, id: string | undefined) => {
    const current = useStore();
    const data = id ? current.get(documentKey(collection, id)) : undefined;
    return {
      document: data ? { collection, id, data, state: 'sync' } : undefined,
      loading: false,
    };
  },
}));
vi.mock('../../../lib/sync/use-command', () => ({ useCommand: () => runCommand }));
vi.mock('../../../lib/sync/sync-state-icon', () => ({
  SyncStateIcon: ({ state }: { state: string }) => <span data-testid="sync-icon">{state}</span>,
}));
vi.mock('../../../lib/session/session-provider', () => ({ usePerson: () => person }));

const VDA_AUDIT: JsonObject = {
  id: 'a1',
  name: 'Lieferant Muster 2026',
  leadauditor: 'p1',
  coauditors: [],
  protected: false,
  reportSchema: { calcSchema: 'vda63', customResult: null },
  vda: {
    processSteps: [
      { id: 's1', name: 'Stanzen' },
      { id: 's2', name: 'Lackieren' },
    ],
    productProcessSplit: false,
  },
};

const item = (id: string, question: JsonObject, extra: JsonObject = {}): JsonObject => ({
  id,
  auditId: 'a1',
  processes: [],
  question: { hint: '', category: '', importance: '', chapters: [], ...question },
  Weight: 1,
  auditItemState: null,
  deviations: {},
  ...extra,
});

const finding = (id: string, importance: string, text: string): JsonObject => ({
  id,
  importance,
  text,
  reason: '',
  solution: '',
  geolocation: null,
  findingperson: null,
  riskassessment: '',
  media: {},
});

const evaluation = (points: number | null, reason = ''): JsonObject => ({
  points,
  reason,
  by: 'p1',
  at: '2026-05-04T09:00:00.000Z',
});

function seed(audit: JsonObject = VDA_AUDIT) {
  const docs: [string, string, JsonObject][] = [
    ['audits', 'a1', audit],
    [
      'audit_items',
      'i51',
      item('i51', { no: '5.1', text: 'Is the supplier approved?', category_id: '5' }),
    ],
    [
      'audit_items',
      'i52',
      item(
        'i52',
        {
          no: '5.2',
          text: 'Are special characteristics controlled?',
          category_id: '5',
          specialRisk: true,
        },
        {
          deviations: { f1: finding('f1', '1', 'Control plan incomplete') },
          vda: { all: evaluation(8) },
        },
      ),
    ],
    [
      'audit_items',
      'i61',
      item(
        'i61',
        { no: '6.1.1', text: 'Are the process inputs released?', category_id: '6' },
        {
          deviations: { f2: finding('f2', '3', 'Paint batch not released') },
          vda: { s1: evaluation(10), s2: evaluation(6) },
        },
      ),
    ],
    [
      'audit_items',
      'i62',
      item('i62', { no: '6.2.1', text: 'Is the work content defined?', category_id: '6' }),
    ],
  ];
  store = new Map(docs.map(([collection, id, data]) => [documentKey(collection, id), data]));
  version += 1;
}

function renderTab(language: 'de' | 'en' = 'en', url = '/audit/a1/auditexecution') {
  const router = createMemoryRouter(
    [
      {
        path: '/audit/:auditId/auditexecution',
        element: <AuditPhasePage phase="auditexecution" tab={ExecutionTab} />,
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </I18nextProvider>,
  );
  return router;
}

const row = async (id: string) => within(await screen.findByTestId(`exec-row-${id}`));
const pressed = (element: HTMLElement) => element.getAttribute('aria-pressed');
/** The evaluations recorded (run on the replica, so queued for the server). */
const evaluations = () =>
  commands
    .filter((entry) => entry.ok && entry.name === evaluateAuditItemCommand.name)
    .map((entry) => entry.args);

describe('ExecutionTab: VDA 6.3 evaluation', () => {
  beforeEach(() => {
    person = testPerson({ id: 'p1', roles: ['user', 'auditor'] });
  });
  afterEach(() => {
    cleanup();
    store = new Map();
    commands.length = 0;
    person = null;
  });

  it('shows the point buttons, the *-question, the chosen values and the running levels', async () => {
    seed();
    renderTab();
    const first = await row('i51');
    const buttons = within(first.getByRole('group', { name: 'Evaluation of question 5.1' }))
      .getAllByRole('button')
      .map((button) => [button.textContent, button.getAttribute('aria-label'), pressed(button)]);
    expect(buttons).toEqual([
      ['10', '10 points', 'false'],
      ['8', '8 points', 'false'],
      ['6', '6 points', 'false'],
      ['4', '4 points', 'false'],
      ['0', '0 points', 'false'],
      ['n.e.', 'n.e. (not evaluated)', 'false'],
    ]);
    const star = await row('i52');
    expect(star.getByLabelText('Number 5.2, special-risk question').textContent).toBe('5.2*');
    expect(pressed(star.getByRole('button', { name: '8 points' }))).toBe('true');
    // The levels at the element headings (group view), colour in words: E_P5 = 8 / 10.
    expect((await screen.findByTestId('vda-heading-level-P5')).textContent).toBe(
      'E_P5 80 % · yellow',
    );
    // P6: 6.1.1 is (10 + 6) / 2 = 8 points; Stanzen 10 / 10; the sub-element U1 80 %.
    expect(screen.getByTestId('vda-heading-level-P6').textContent).toBe('E_P6 80 % · yellow');
    expect(screen.getByTestId('vda-heading-step-level').textContent).toBe(
      'E_n Stanzen 100 % · green',
    );
    expect(
      within(screen.getByTestId('vda-heading-P6')).getByTestId('vda-level-U1').textContent,
    ).toBe('E_U1 80 % · yellow');
    expect(within(screen.getByTestId('vda-levels')).getByTestId('vda-level-G').textContent).toBe(
      'E_G 80 % · yellow',
    );
    // A P6 question shows the selected step's buttons and what every step got.
    const p6 = await row('i61');
    expect(
      pressed(
        within(p6.getByRole('group', { name: 'Evaluation of question 6.1.1, Stanzen' })).getByRole(
          'button',
          { name: '10 points' },
        ),
      ),
    ).toBe('true');
    expect(p6.getByTestId('vda-steps-summary').textContent).toBe(
      'All process steps: Stanzen 10 · Lackieren 6',
    );
    // Answered are the questions evaluated under every key: 5.2 and 6.1.1.
    expect(screen.getByTestId('execution-progress').textContent).toContain(
      '2 of 4 questions answered (50 %)',
    );
  });

  it('evaluates with a tap, and takes the evaluation back with a second tap', async () => {
    seed();
    renderTab();
    fireEvent.click((await row('i51')).getByRole('button', { name: '10 points' }));
    await waitFor(() =>
      expect(evaluations()).toEqual([
        { auditId: 'a1', itemId: 'i51', key: 'all', evaluation: { points: 10 } },
      ]),
    );
    await waitFor(async () =>
      expect(pressed((await row('i51')).getByRole('button', { name: '10 points' }))).toBe('true'),
    );
    // The running level follows: (10 + 8) / 20 = 90 %.
    await waitFor(() =>
      expect(screen.getByTestId('vda-heading-level-P5').textContent).toBe('E_P5 90 % · green'),
    );
    fireEvent.click((await row('i51')).getByRole('button', { name: '10 points' }));
    await waitFor(() =>
      expect(evaluations()[1]).toEqual({
        auditId: 'a1',
        itemId: 'i51',
        key: 'all',
        evaluation: null,
      }),
    );
    await waitFor(async () =>
      expect(pressed((await row('i51')).getByRole('button', { name: '10 points' }))).toBe('false'),
    );
    expect(screen.getByTestId('vda-heading-level-P5').textContent).toBe('E_P5 80 % · yellow');
  });

  it('asks for the reason of n.e. and refuses an empty one', async () => {
    seed();
    renderTab();
    fireEvent.click((await row('i51')).getByRole('button', { name: 'n.e. (not evaluated)' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Not evaluated: question 5.1')).toBeTruthy();
    // An empty reason: the domain refuses, its message shows at the field, nothing is recorded.
    fireEvent.click(dialog.getByTestId('vda-reason-save'));
    await waitFor(() => expect(commands).toHaveLength(1));
    const refusal = commands[0]!.refusal!;
    expect(refusal.key).toBe(`vda.reasonRequired`);
    expect(await dialog.findByText(translateDomainMessage(refusal, 'en'))).toBeTruthy();
    expect(evaluations()).toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.change(dialog.getByTestId('vda-reason'), {
      target: { value: 'No series production yet' },
    });
    fireEvent.click(dialog.getByTestId('vda-reason-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(evaluations()).toEqual([
      {
        auditId: 'a1',
        itemId: 'i51',
        key: 'all',
        evaluation: { points: null, reason: 'No series production yet' },
      },
    ]);
    await waitFor(async () =>
      expect((await row('i51')).getByTestId('vda-reason').textContent).toBe(
        'n.e.: No series production yet',
      ),
    );
    expect(pressed((await row('i51')).getByRole('button', { name: 'n.e. (not evaluated)' }))).toBe(
      'true',
    );
  });

  it('asks for the finding first below 10 points, then records the points', async () => {
    seed();
    renderTab();
    fireEvent.click((await row('i51')).getByRole('button', { name: '6 points' }));
    let dialog = within(await screen.findByTestId('finding-dialog'));
    expect(dialog.getByTestId('finding-hint').textContent).toBe(
      'Below 10 points the evaluation needs a finding',
    );
    // Cancelled: neither finding nor points.
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('finding-dialog')).toBeNull());
    expect(commands).toEqual([]);

    fireEvent.click((await row('i51')).getByRole('button', { name: '6 points' }));
    dialog = within(await screen.findByTestId('finding-dialog'));
    fireEvent.change(dialog.getByTestId('finding-text'), {
      target: { value: 'Approval of the sub-supplier expired' },
    });
    fireEvent.click(dialog.getByTestId('finding-save'));
    await waitFor(() => expect(commands).toHaveLength(2));
    // Both ran on this device in this order (so they queue for the server in it): the finding,
    // then the points the finding documents.
    expect(commands.map((entry) => [entry.name, entry.ok])).toEqual([
      [createFindingCommand.name, true],
      [evaluateAuditItemCommand.name, true],
    ]);
    expect(commands[1]!.args).toEqual({
      auditId: 'a1',
      itemId: 'i51',
      key: 'all',
      evaluation: { points: 6 },
    });
    await waitFor(async () =>
      expect(pressed((await row('i51')).getByRole('button', { name: '6 points' }))).toBe('true'),
    );
    // A question with a documenting finding takes points below 10 at once.
    commands.length = 0;
    fireEvent.click((await row('i52')).getByRole('button', { name: '4 points' }));
    await waitFor(() =>
      expect(evaluations()).toEqual([
        { auditId: 'a1', itemId: 'i52', key: 'all', evaluation: { points: 4 } },
      ]),
    );
    expect(screen.queryByTestId('finding-dialog')).toBeNull();
  });

  it('evaluates P6 per process step with the step switcher', async () => {
    seed();
    const router = renderTab();
    const switcher = within(await screen.findByTestId('vda-step-switcher'));
    expect(pressed(switcher.getByRole('button', { name: 'Stanzen' }))).toBe('true');
    fireEvent.click(switcher.getByRole('button', { name: 'Lackieren' }));
    await waitFor(() => expect(router.state.location.search).toBe('?step=s2'));
    const p6 = await row('i61');
    const group = within(
      p6.getByRole('group', { name: 'Evaluation of question 6.1.1, Lackieren' }),
    );
    expect(pressed(group.getByRole('button', { name: '6 points' }))).toBe('true');
    expect(screen.getByTestId('vda-heading-step-level').textContent).toBe(
      'E_n Lackieren 60 % · red',
    );
    expect(screen.getByTestId('vda-selected-step-level').textContent).toBe(
      'E_n Lackieren 60 % · red',
    );
    fireEvent.click(group.getByRole('button', { name: '8 points' }));
    await waitFor(() =>
      expect(evaluations()).toEqual([
        { auditId: 'a1', itemId: 'i61', key: 's2', evaluation: { points: 8 } },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('vda-heading-step-level').textContent).toBe(
        'E_n Lackieren 80 % · yellow',
      ),
    );
    // The other P6 question is evaluated for the same step.
    fireEvent.click((await row('i62')).getByRole('button', { name: '10 points' }));
    await waitFor(() =>
      expect(evaluations()[1]).toEqual({
        auditId: 'a1',
        itemId: 'i62',
        key: 's2',
        evaluation: { points: 10 },
      }),
    );
  });

  it('opens on the step of the URL', async () => {
    seed();
    renderTab('en', '/audit/a1/auditexecution?step=s2');
    const switcher = within(await screen.findByTestId('vda-step-switcher'));
    expect(pressed(switcher.getByRole('button', { name: 'Lackieren' }))).toBe('true');
    expect((await row('i61')).getByTestId('vda-line-s2')).toBeTruthy();
  });

  it('speaks German', async () => {
    seed();
    renderTab('de');
    const star = await row('i52');
    expect(star.getByLabelText('Nummer 5.2, Sternfrage').textContent).toBe('5.2*');
    expect((await screen.findByTestId('vda-heading-level-P5')).textContent).toBe(
      'E_P5 80 % · gelb',
    );
    fireEvent.click((await row('i51')).getByRole('button', { name: '8 Punkte' }));
    expect((await screen.findByTestId('finding-hint')).textContent).toBe(
      'Unter 10 Punkten braucht die Bewertung eine Feststellung',
    );
  });

  it('evaluates P3 separately for product and process when the audit says so', async () => {
    seed({ ...VDA_AUDIT, vda: { processSteps: [], productProcessSplit: true } });
    store.set(
      documentKey('audit_items', 'i31'),
      item('i31', { no: '3.1', text: 'Are the requirements known?', category_id: '3' }),
    );
    renderTab();
    const p3 = await row('i31');
    fireEvent.click(
      within(p3.getByRole('group', { name: 'Evaluation of question 3.1, Process' })).getByRole(
        'button',
        { name: '10 points' },
      ),
    );
    await waitFor(() =>
      expect(evaluations()).toEqual([
        { auditId: 'a1', itemId: 'i31', key: 'process', evaluation: { points: 10 } },
      ]),
    );
    expect(p3.getByRole('group', { name: 'Evaluation of question 3.1, Product' })).toBeTruthy();
    // Without process steps, P6 is evaluated once and there is no switcher.
    expect(screen.queryByTestId('vda-step-switcher')).toBeNull();
    expect((await row('i62')).getByTestId('vda-line-all')).toBeTruthy();
  });

  it("lists the open measures of the supplier's last VDA audit beside their questions", async () => {
    seed({ ...VDA_AUDIT, planning_year: 2026 });
    const measure = (id: string, itemId: string, status: string, text: string): JsonObject => ({
      id,
      text,
      status,
      createdDate: '2025-05-04T10:00:00.000Z',
      autor: 'p1',
      dueDate: '2025-09-30',
      audit_id: 'a0',
      audititem_id: itemId,
    });
    const earlier: [string, string, JsonObject][] = [
      [
        'audits',
        'a0',
        { ...VDA_AUDIT, id: 'a0', name: 'Lieferant Muster 2025', planning_year: 2025 },
      ],
      [
        'audit_items',
        'e51',
        { ...item('e51', { no: '5.1', text: 'Old wording', category_id: '5' }), auditId: 'a0' },
      ],
      [
        'audit_items',
        'e99',
        { ...item('e99', { no: '5.9', text: 'Dropped', category_id: '5' }), auditId: 'a0' },
      ],
      ['measures', 'm1', measure('m1', 'e51', '2', 'Approve the sub-supplier')],
      ['measures', 'm2', measure('m2', 'e51', '6', 'Already effective')],
      ['measures', 'm3', measure('m3', 'e99', '5', 'Train the packers')],
    ];
    for (const [collection, id, data] of earlier) store.set(documentKey(collection, id), data);
    version += 1;
    renderTab();
    const first = await row('i51');
    const listed = await first.findAllByTestId('vda-follow-up-measure');
    expect(listed.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Approve the sub-supplier'),
    ]);
    expect(first.getByTestId('vda-follow-up').getAttribute('aria-label')).toBe(
      'Open measures from the last VDA audit "Lieferant Muster 2025"',
    );
    expect((await row('i52')).queryByTestId('vda-follow-up')).toBeNull();
    const unmatched = screen.getByTestId('vda-follow-up-unmatched');
    expect(within(unmatched).getByText('Train the packers')).toBeTruthy();
  });

  it('leaves an audit of another schema as it was', async () => {
    seed({ ...VDA_AUDIT, reportSchema: { calcSchema: 'deviation', customResult: null } });
    renderTab();
    expect(await screen.findByTestId('exec-row-i51')).toBeTruthy();
    expect(screen.queryByTestId('vda-evaluation')).toBeNull();
    expect(screen.queryByTestId('vda-levels')).toBeNull();
    expect(screen.queryByTestId('vda-step-switcher')).toBeNull();
    expect(screen.queryByTestId('list-groups')).toBeNull();
    expect((await row('i52')).getByLabelText('Number 5.2').textContent).toBe('5.2');
  });
});
