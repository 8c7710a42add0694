import { domainCommandRegistry } from '@qa/domain';
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { useEffect, type ReactNode } from 'react';
import type { QueryResult } from './view-selectors';
import type { SyncClient } from './sync-client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../components/snackbar/snackbar-provider';
import { fakeServer } from '../../test/fake-server';
import { testPerson } from '../../test/test-person';
import { createI18n } from '../i18n/i18n';
import { SessionProvider, usePerson, useSession } from '../session/session-provider';
import { FakeSyncServer } from './fake-sync-server';
import { SyncProvider } from './sync-provider';
import { useSyncClient } from './sync-context';
import { useCommand } from './use-command';
import { useQuery } from './use-query';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

interface Hooks {
  client: SyncClient | null;
  list: QueryResult;
  signedIn: boolean;
}

function setup(
  language: 'de' | 'en',
  options: { indexedDB?: IDBFactory; onCommit?: (value: Hooks) => void } = {},
) {
  const person = testPerson({ roles: ['admin'] });
  // The engine logs every rejection for developers.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  fakeServer({
    'GET /api/v1/session': { status: 200, body: { person } },
    'POST /api/auth/sign-out': { status: 200, body: { success: true } },
  });
  // The server knows the person with fewer rights than the stale copy in the browser.
  const server = new FakeSyncServer({
    registry: domainCommandRegistry,
    actor: { personId: person.id, roles: ['user'] },
  });
  const indexedDB = options.indexedDB ?? new IDBFactory();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={createI18n(language)}>
      <SessionProvider>
        <SnackbarProvider>
          <SyncProvider createSocket={server.createSocket} indexedDb={{ indexedDB, IDBKeyRange }}>
            {children}
          </SyncProvider>
        </SnackbarProvider>
      </SessionProvider>
    </I18nextProvider>
  );
  const hook = renderHook(
    () => {
      const value = {
        session: useSession(),
        client: useSyncClient(),
        command: useCommand(),
        list: useQuery({ collection: 'autocompletion', filters: [] }),
        signedIn: usePerson() !== null,
      };
      const { onCommit } = options;
      useEffect(() => onCommit?.(value));
      return value;
    },
    { wrapper },
  );
  return { ...hook, server, indexedDB };
}

const SAVE = {
  id: 'suppliers',
  title: 'Suppliers',
  data: [{ id: 's1', name: 'ACME' }],
};

describe('SyncProvider', () => {
  it('syncs for the signed-in person and shows a rejection as a translated snackbar', async () => {
    const { result, server } = setup('en');
    await waitFor(() => expect(result.current.client).not.toBeNull());
    // Leadership comes with the Web Lock, a moment after the engine started.
    await waitFor(() => expect(result.current.client?.isLeader).toBe(true));
    await waitFor(() => expect(server.messagesOfType('hello')).toHaveLength(1));

    let outcome: Awaited<ReturnType<ReturnType<typeof useCommand>>> | undefined;
    await act(async () => {
      outcome = await result.current.command('autocompletion.save', SAVE);
    });
    expect(outcome?.local.ok).toBe(true);
    await expect(outcome!.confirmed).resolves.toMatchObject({ ok: false, code: 'forbidden' });
    await waitFor(() =>
      expect(screen.getByTestId('snackbar-message').textContent).toBe(
        'You are not allowed to do autocompletion.save',
      ),
    );
  });

  it('shows a generic text for a rejection without detail (German)', async () => {
    const { result, server } = setup('de');
    await waitFor(() => expect(server.sockets.size).toBe(1));
    await waitFor(() => expect(server.messagesOfType('hello')).toHaveLength(1));
    const [socket] = server.sockets;
    // A rejection the server sends without a translatable detail.
    vi.spyOn(server, 'receive').mockImplementation((_socket, json) => {
      const message = json as { type: string; mutations?: { mutationId: number }[] };
      if (message.type !== 'push') return;
      for (const { mutationId } of message.mutations ?? []) {
        server.send(socket!, { type: 'reject', mutationId, code: 'internal', message: 'boom' });
      }
    });
    await act(() => result.current.command('autocompletion.save', SAVE));
    await waitFor(() =>
      expect(screen.getByTestId('snackbar-message').textContent).toBe(
        'Der Server hat die Änderung abgelehnt',
      ),
    );
  });

  it('says so when the server was restored from a backup (German)', async () => {
    const { server } = setup('de');
    await waitFor(() => expect(server.messagesOfType('subscribe').length).toBeGreaterThan(0));
    server.restore(server.backup());
    // The engine reconnects after its backoff (real timers here) and meets the new change log.
    await waitFor(
      () =>
        expect(screen.getByTestId('snackbar-message').textContent).toBe(
          'Die Daten des Servers wurden aus einer Sicherung wiederhergestellt; dieses Gerät hat ' +
            'sie neu geladen. Noch nicht gespeicherte Änderungen werden erneut gesendet.',
        ),
      { timeout: 3_000 },
    );
  });

  it('deletes the replica on sign-out', async () => {
    const { result, indexedDB } = setup('en');
    await waitFor(() => expect(result.current.client).not.toBeNull());
    await result.current.client!.start();
    expect((await indexedDB.databases()).map((db) => db.name)).toEqual(['qa-replica-p1']);

    await act(() => result.current.session.signOut());
    expect(result.current.client).toBeNull();
    await waitFor(async () => expect(await indexedDB.databases()).toEqual([]));
  });

  it('has the lists of a signed-in screen loading, not empty, until the engine has read the replica', async () => {
    // Every commit: signed in or not, with or without the engine, and what the list said.
    const seen: string[] = [];
    const onCommit = ({ signedIn, client, list }: Hooks) => {
      const entries = list.loading ? 'loading' : `${list.documents.length} entries`;
      const state = `${signedIn ? 'signed in' : 'signed out'}, ${client ? 'engine' : 'no engine'}, ${entries}`;
      if (seen.at(-1) !== state) seen.push(state);
    };
    const { result } = setup('en', { onCommit });
    await waitFor(() => {
      expect(result.current.client).not.toBeNull();
      expect(result.current.list.loading).toBe(false);
    });
    // Signed in, the engine's chunk still loading: the list was loading, never "0 entries".
    expect(seen).toContain('signed in, no engine, loading');
    expect(seen).not.toContain('signed in, no engine, 0 entries');
  });

  it('says the lists are loaded (empty) once the replica failed to open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = new IDBFactory();
    vi.spyOn(broken, 'open').mockImplementation(() => {
      throw new DOMException('The user denied storage', 'InvalidStateError');
    });
    const { result } = setup('en', { indexedDB: broken });
    await waitFor(() => expect(result.current.signedIn).toBe(true));
    await waitFor(() => expect(result.current.list.loading).toBe(false));
    expect(result.current.client).toBeNull();
    expect(result.current.list.documents).toEqual([]);
  });
});
