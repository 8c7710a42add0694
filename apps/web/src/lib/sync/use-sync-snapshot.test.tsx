import { cleanup, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SyncClient, SyncSnapshot } from './sync-client';
import { SyncClientContext } from './sync-context';
import { NO_CLIENT_SNAPSHOT, useSyncSelector } from './use-sync-snapshot';

/** A client reduced to what the hook reads: a snapshot (its `pending` is the version) and a bell. */
function fakeClient() {
  let snapshot: SyncSnapshot = NO_CLIENT_SNAPSHOT;
  const listeners = new Set<() => void>();
  return {
    client: {
      getSnapshot: () => snapshot,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } as unknown as SyncClient,
    emit(version: number) {
      snapshot = { ...snapshot, pending: version };
      for (const listener of listeners) listener();
    },
  };
}

const version = (snapshot: SyncSnapshot) => snapshot.pending;
const parity = (snapshot: SyncSnapshot) => ({ even: snapshot.pending % 2 === 0 });
const sameParity = (a: { even: boolean }, b: { even: boolean }) => a.even === b.even;

const renders = { parity: 0 };

function Version({ name }: { name: string }) {
  return <span data-testid={name}>{useSyncSelector(version, Object.is)}</span>;
}

function Parity() {
  renders.parity += 1;
  return (
    <span data-testid="parity">{useSyncSelector(parity, sameParity).even ? 'even' : 'odd'}</span>
  );
}

function Screen({ late }: { late: boolean }) {
  return (
    <>
      <Version name="a" />
      <Parity />
      <Version name="b" />
      {late ? <Version name="late" /> : null}
    </>
  );
}

// The real scheduler, not act()'s queue: transitions render in slices, interleaved with emits.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let wasActEnvironment: boolean | undefined;
beforeAll(() => {
  wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});
afterEach(cleanup);

describe('useSyncSelector', () => {
  it('commits one snapshot on every component, only ever a later one, and skips equal values', async () => {
    const { client, emit } = fakeClient();
    let showLate: (late: boolean) => void = () => undefined;
    function App() {
      const [late, setLate] = useState(false);
      showLate = setLate;
      return (
        <SyncClientContext.Provider value={client}>
          <Screen late={late} />
        </SyncClientContext.Provider>
      );
    }
    const { container, getByTestId } = render(<App />);
    await waitFor(() => expect(getByTestId('a').textContent).toBe('0'));

    // After every commit (a mutation observer runs once the commit's DOM changes are done).
    const seen: number[][] = [];
    const observer = new MutationObserver(() => {
      const shown = ['a', 'b', 'late']
        .map((name) => container.querySelector(`[data-testid="${name}"]`)?.textContent)
        .filter((text): text is string => text !== undefined)
        .map(Number);
      seen.push(shown);
    });
    observer.observe(container, { subtree: true, childList: true, characterData: true });

    const rendersBefore = renders.parity;
    for (let next = 1; next <= 40; next += 1) {
      emit(next);
      if (next === 17) showLate(true);
      // Some emits come together, some a task apart.
      if (next % 3 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await waitFor(() => {
      expect(getByTestId('a').textContent).toBe('40');
      expect(getByTestId('late').textContent).toBe('40');
    });
    observer.disconnect();

    expect(seen.length).toBeGreaterThan(0);
    for (const [a, b, late] of seen) {
      // Components that were there show the same snapshot; one that mounts meanwhile reads the
      // newest at once (never an older one), and the others catch up with the next commit.
      expect(a, `one commit: ${a}, ${b}`).toBe(b);
      if (late !== undefined) expect(late).toBeGreaterThanOrEqual(a!);
    }
    for (const column of [0, 2]) {
      const shown = seen.map((row) => row[column]).filter((value) => value !== undefined);
      expect(shown, 'only later snapshots').toEqual([...shown].sort((x, y) => x! - y!));
    }
    // 40 snapshots, but the parity component renders only when even/odd changes, and batched
    // emits render once.
    expect(getByTestId('parity').textContent).toBe('even');
    expect(renders.parity - rendersBefore).toBeLessThan(40);
  });

  it('reads the newest snapshot for a client that changes and for a component that mounts', async () => {
    const first = fakeClient();
    const second = fakeClient();
    second.emit(7);
    const { getByTestId, rerender } = render(
      <SyncClientContext.Provider value={first.client}>
        <Version name="a" />
      </SyncClientContext.Provider>,
    );
    first.emit(3);
    await waitFor(() => expect(getByTestId('a').textContent).toBe('3'));
    rerender(
      <SyncClientContext.Provider value={second.client}>
        <Version name="a" />
      </SyncClientContext.Provider>,
    );
    expect(getByTestId('a').textContent).toBe('7');
    // The first client's notifications no longer reach it.
    first.emit(4);
    second.emit(8);
    await waitFor(() => expect(getByTestId('a').textContent).toBe('8'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getByTestId('a').textContent).toBe('8');
  });
});
