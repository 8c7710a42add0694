import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncClient } from './sync-client';
import { SyncClientContext } from './sync-context';
import { THINGS_QUERY, createSyncHarness } from './sync-test-harness';
import { useCommand } from './use-command';
import { useDocument } from './use-document';
import { useQuery } from './use-query';
import { useSyncState } from './use-sync-state';

let harness: ReturnType<typeof createSyncHarness>;

afterEach(async () => {
  cleanup();
  await harness?.stopAll();
});

function withClient(client: SyncClient | null) {
  return ({ children }: { children: ReactNode }) => (
    <SyncClientContext.Provider value={client}>{children}</SyncClientContext.Provider>
  );
}

function useEverything(query = THINGS_QUERY) {
  return {
    // A new object every render: the hook compares queries by content.
    list: useQuery({ ...query }),
    one: useDocument('things', 'a'),
    status: useSyncState(),
    command: useCommand(),
  };
}

describe('sync hooks', () => {
  it('show the query result, live, with sync states, and run commands', async () => {
    harness = createSyncHarness();
    harness.server.write('things', 'a', { name: 'A' });
    harness.server.ignoreSubscribes = true;
    const client = harness.client();
    const { result } = renderHook(() => useEverything(), { wrapper: withClient(client) });
    await waitFor(() => expect(result.current.status.connection).toBe('online'));
    expect(result.current.list).toEqual({ documents: [], loading: true });
    expect(result.current.one).toEqual({ document: undefined, loading: true });

    harness.server.ignoreSubscribes = false;
    act(() => harness.server.disconnectAll());
    await waitFor(() => expect(result.current.status.connection).toBe('offline'));
    // Offline with nothing cached: nothing to wait for.
    expect(result.current.list).toEqual({ documents: [], loading: false });
    act(() => harness.goOnline());
    await waitFor(() =>
      expect(result.current.list).toEqual({
        documents: [{ collection: 'things', id: 'a', data: { name: 'A' }, state: 'sync' }],
        loading: false,
      }),
    );
    expect(result.current.one.document?.state).toBe('sync');
    // One subscription per socket (useDocument watches the same whole collection).
    expect(harness.server.messagesOfType('subscribe')).toHaveLength(2);
    expect(harness.server.messagesOfType('hello')).toHaveLength(2);

    harness.server.holdPushes = true;
    let outcome: Awaited<ReturnType<ReturnType<typeof useCommand>>> | undefined;
    await act(async () => {
      outcome = await result.current.command('thing.put', { id: 'b', data: { name: 'B' } });
    });
    expect(outcome?.local.ok).toBe(true);
    expect(result.current.list.documents.map((doc) => [doc.id, doc.state])).toEqual([
      ['a', 'sync'],
      ['b', 'unsaved'],
    ]);
    expect(result.current.status).toEqual({ connection: 'online', pending: 1, state: 'unsaved' });

    act(() => harness.server.releasePushes());
    await expect(outcome!.confirmed).resolves.toEqual({ ok: true });
    await waitFor(() => expect(result.current.status.pending).toBe(0));
    expect(result.current.list.documents.map((doc) => doc.state)).toEqual(['sync', 'sync']);
    expect(result.current.status.state).toBe('sync');
  });

  it('keep the same result object while nothing it shows changed', async () => {
    harness = createSyncHarness();
    harness.server.write('things', 'a', { name: 'A' });
    const client = harness.client();
    const { result, rerender } = renderHook(() => useEverything(), {
      wrapper: withClient(client),
    });
    await waitFor(() => expect(result.current.list.documents).toHaveLength(1));
    const before = result.current.list;
    rerender();
    harness.server.write('other', 'x', { n: 1 });
    await act(() => client.command('thing.noop', {}));
    expect(result.current.list).toBe(before);
  });

  it('release the subscription when the last component unmounts', async () => {
    harness = createSyncHarness();
    const client = harness.client();
    const first = renderHook(() => useQuery(THINGS_QUERY), { wrapper: withClient(client) });
    const second = renderHook(() => useQuery(THINGS_QUERY), { wrapper: withClient(client) });
    await waitFor(() => expect(harness.server.messagesOfType('subscribe')).toHaveLength(1));
    first.unmount();
    second.unmount();
    await waitFor(() => expect(harness.server.messagesOfType('unsubscribe')).toHaveLength(1));
  });

  it('show nothing (and do not wait) without a client or a query', async () => {
    const { result } = renderHook(
      () => ({
        none: useQuery(null),
        list: useQuery(THINGS_QUERY),
        one: useDocument('things', undefined),
        status: useSyncState(),
        command: useCommand(),
      }),
      { wrapper: withClient(null) },
    );
    expect(result.current.none).toEqual({ documents: [], loading: false });
    expect(result.current.list).toEqual({ documents: [], loading: false });
    expect(result.current.one).toEqual({ document: undefined, loading: false });
    expect(result.current.status).toEqual({ connection: 'offline', pending: 0, state: 'cached' });
    await expect(result.current.command('thing.noop', {})).rejects.toThrow(/no sync client/);
  });
});
