import { domainCommandRegistry, type Activity } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationButton } from '../../components/shell/notification-button';
import { RightDrawerProvider } from '../../components/shell/right-drawer-provider';
import { SnackbarProvider } from '../../components/snackbar/snackbar-provider';
import { createI18n } from '../../lib/i18n/i18n';
import { SessionProvider } from '../../lib/session/session-provider';
import { FakeSyncServer } from '../../lib/sync/fake-sync-server';
import { SyncProvider } from '../../lib/sync/sync-provider';
import { fakeServer } from '../../test/fake-server';
import { testPerson } from '../../test/test-person';

/** Wednesday 11 March 2026, 10:00 on the device's clock (Monday was the 9th). */
const NOW = new Date(2026, 2, 11, 10, 0);
const at = (days: number, hours: number, minutes = 0) =>
  new Date(2026, 2, 11 - days, hours, minutes).toISOString();

const ME = testPerson({ roles: ['auditor'] });

function activity(id: string, overrides: Partial<Activity> = {}): JsonObject {
  return {
    id,
    actor: 'p-max',
    actor_name: 'Max Mustermann',
    avatar: null,
    verb: 'created',
    object: 'Supplier Styr',
    object_url: '/audit/a1',
    timestamp: at(0, 9, 55),
    notified: {},
    ...overrides,
  } as JsonObject;
}

const SEEDED: JsonObject[] = [
  activity('today'),
  activity('yesterday', {
    verb: 'createdMeasure',
    object: 'Write it down',
    object_url: '/measure/m1',
    timestamp: at(1, 16),
  }),
  // Monday of this week and the Thursday before: both within the last 7 days.
  activity('monday', { verb: 'statusChanged', object: 'Audit B → Execution', timestamp: at(2, 8) }),
  activity('thursday', { verb: 'protected', object: 'Audit C', timestamp: at(6, 8) }),
  activity('older', {
    verb: 'deletedMeasure',
    object: 'Old',
    object_url: '/measures',
    timestamp: at(9, 12),
  }),
  // Not shown: the person's own, and one the person has read.
  activity('own', { actor: ME.id, actor_name: ME.displayName }),
  activity('read', { notified: { [ME.id]: true } }),
];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function setup(language: 'de' | 'en') {
  // Only Date is faked: the sync engine's timers and IndexedDB keep running.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  fakeServer({ 'GET /api/v1/session': { status: 200, body: { person: ME } } });
  const server = new FakeSyncServer({
    registry: domainCommandRegistry,
    actor: { personId: ME.id, roles: ME.roles },
  });
  for (const doc of SEEDED) server.write('activities', doc.id as string, doc);
  // As in the app: the drawer is part of the shell, inside the router.
  const router = createMemoryRouter(
    [
      {
        element: (
          <RightDrawerProvider>
            <NotificationButton />
            <Outlet />
          </RightDrawerProvider>
        ),
        children: [{ path: '*', element: null }],
      },
    ],
    { initialEntries: ['/'] },
  );
  const indexedDB = new IDBFactory();
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <SessionProvider>
        <SnackbarProvider>
          <SyncProvider createSocket={server.createSocket} indexedDb={{ indexedDB, IDBKeyRange }}>
            <RouterProvider router={router} />
          </SyncProvider>
        </SnackbarProvider>
      </SessionProvider>
    </I18nextProvider>,
  );
  return { server, router };
}

const bell = () => screen.getByTestId('notification-button');
const badge = () => screen.getByTestId('notification-badge').querySelector('.MuiBadge-badge');

async function openStream() {
  fireEvent.click(bell());
  return within(await screen.findByTestId('activity-stream'));
}

function markReadPushes(server: FakeSyncServer) {
  return server
    .messagesOfType('push')
    .flatMap((message) => message.mutations)
    .filter((mutation) => mutation.name === 'activity.markRead')
    .map((mutation) => mutation.args);
}

describe('activity stream', () => {
  it('groups the unread activities of others Today, Yesterday, Last week, Older (English)', async () => {
    setup('en');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('5 unread notifications'));
    expect(badge()?.textContent).toBe('5');

    const stream = await openStream();
    const headings = screen.getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Today',
      'Yesterday',
      'Last week',
      'Older',
    ]);
    const items = stream.getAllByTestId('activity-item');
    expect(
      items.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent),
    ).toEqual([
      'Max Mustermann created the audit Supplier Styr',
      'Max Mustermann created the measure Write it down',
      'Max Mustermann changed the audit status: Audit B → Execution',
      'Max Mustermann protected the audit Audit C',
      'Max Mustermann deleted the measure Old',
    ]);
    expect(items.map((item) => item.querySelector('time')?.textContent)).toEqual([
      '5 minutes ago',
      '18 hours ago',
      '2 days ago',
      '6 days ago',
      'last week',
    ]);
    expect(
      within(items[0]!).getByRole('link', { name: 'Supplier Styr' }).getAttribute('href'),
    ).toBe('/audit/a1');
    // Initials stand in for a missing avatar.
    expect(items[0]!.querySelector('.MuiAvatar-root')?.textContent).toBe('MM');
    expect(stream.getByText('5 unread')).toBeTruthy();
  });

  it('speaks German: groups, sentences and relative times', async () => {
    setup('de');
    await waitFor(() =>
      expect(bell().getAttribute('aria-label')).toBe('5 ungelesene Benachrichtigungen'),
    );
    const stream = await openStream();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Heute',
      'Gestern',
      'Letzte Woche',
      'Älter',
    ]);
    const first = stream.getAllByTestId('activity-item')[0]!;
    expect(first.querySelector('.MuiListItemText-primary')?.textContent).toBe(
      'Max Mustermann hat das Audit Supplier Styr angelegt',
    );
    expect(first.querySelector('time')?.textContent).toBe('vor 5 Minuten');
    expect(
      stream.getByRole('button', {
        name: 'Als gelesen markieren: Max Mustermann hat das Audit Supplier Styr angelegt',
      }),
    ).toBeTruthy();
    expect(stream.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeTruthy();
  });

  it('marks one read: it leaves the stream, the badge drops, the server gets the command', async () => {
    const { server } = setup('en');
    await waitFor(() => expect(badge()?.textContent).toBe('5'));
    const stream = await openStream();
    const check = stream.getByRole('button', {
      name: 'Mark as read: Max Mustermann created the measure Write it down',
    });
    fireEvent.click(check);
    await waitFor(() => expect(badge()?.textContent).toBe('4'));
    expect(stream.queryByText('Write it down')).toBeNull();
    expect(stream.getAllByTestId('activity-item')).toHaveLength(4);
    // Keyboard focus goes on to the next item's check.
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      'Mark as read: Max Mustermann changed the audit status: Audit B → Execution',
    );
    await waitFor(() => expect(markReadPushes(server)).toEqual([{ ids: ['yesterday'] }]));
    await waitFor(() =>
      expect(server.documents.get('activities/yesterday')?.data.notified).toEqual({
        [ME.id]: true,
      }),
    );
  });

  it('marks all read, then says so; a new activity raises the badge live', async () => {
    const { server } = setup('en');
    await waitFor(() => expect(badge()?.textContent).toBe('5'));
    const stream = await openStream();
    fireEvent.click(stream.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('0 unread notifications'));
    expect((await screen.findByTestId('activity-empty')).textContent).toBe('No unread activities');
    await waitFor(() =>
      expect(markReadPushes(server)).toEqual([
        { ids: ['today', 'yesterday', 'monday', 'thursday', 'older'] },
      ]),
    );

    // Somebody else writes: the badge rises without a reload, the open drawer shows it.
    act(() => {
      server.write(
        'activities',
        'new',
        activity('new', { object: 'Audit N', timestamp: at(0, 9, 59) }),
      );
    });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('1 unread notification'));
    expect(await screen.findByText('Audit N')).toBeTruthy();
  });

  it('shows a round of findings as one entry naming its audit; its check reads them all', async () => {
    const { server } = setup('de');
    server.write('audits', 'a7', { id: 'a7', name: 'Lieferant Styr' } as JsonObject);
    for (const [id, minute] of [
      ['f1', 56],
      ['f2', 57],
      ['f3', 58],
    ] as const) {
      server.write(
        'activities',
        id,
        activity(id, {
          verb: 'createdFinding',
          object: `Frage ${id}`,
          object_url: '/audit/a7/auditexecution',
          timestamp: at(0, 9, minute),
        }),
      );
    }
    await waitFor(() => expect(badge()?.textContent).toBe('8'));
    const stream = await openStream();
    const round = stream.getAllByTestId('activity-item')[0]!;
    expect(round.querySelector('.MuiListItemText-primary')?.textContent).toBe(
      'Max Mustermann hat eine Feststellung zur Frage Frage f3 erfasst',
    );
    await waitFor(() =>
      expect(within(round).getByTestId('activity-audit').textContent).toBe(
        ' · im Audit Lieferant Styr',
      ),
    );
    fireEvent.click(within(round).getByRole('button', { name: 'und 2 weitere Einträge' }));
    expect(within(round).getByText(/Frage f1 erfasst/)).toBeTruthy();
    fireEvent.click(
      within(round).getByRole('button', {
        name: /^Als gelesen markieren: .* Frage f3 erfasst und 2 weitere Einträge$/,
      }),
    );
    await waitFor(() => expect(badge()?.textContent).toBe('5'));
    await waitFor(() => expect(markReadPushes(server)).toEqual([{ ids: ['f3', 'f2', 'f1'] }]));
  });

  it('follows the object link and closes the drawer', async () => {
    const { router } = setup('en');
    await waitFor(() => expect(badge()?.textContent).toBe('5'));
    const stream = await openStream();
    fireEvent.click(stream.getByRole('link', { name: 'Write it down' }));
    expect(router.state.location.pathname).toBe('/measure/m1');
    await waitFor(() => expect(screen.queryByTestId('activity-stream')).toBeNull());
  });
});
