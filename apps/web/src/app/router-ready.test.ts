import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routerReady } from './app';

afterEach(() => vi.useRealTimers());

function routerWithLazyPage(load: Promise<void>) {
  return createMemoryRouter(
    [{ path: '/page', lazy: async () => (await load, { Component: () => null }) }],
    { initialEntries: ['/page'] },
  );
}

describe('routerReady: the first render waits for the first page', () => {
  it('resolves once the page chunk has loaded', async () => {
    let loaded: () => void = () => undefined;
    const router = routerWithLazyPage(new Promise<void>((resolve) => (loaded = resolve)));
    let ready = false;
    const waiting = routerReady(router, 60_000).then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false);
    loaded();
    await waiting;
    expect(router.state.initialized).toBe(true);
  });

  it('does not wait longer than it was told', async () => {
    vi.useFakeTimers();
    const router = routerWithLazyPage(new Promise<void>(() => undefined));
    let ready = false;
    void routerReady(router, 1500).then(() => (ready = true));
    await vi.advanceTimersByTimeAsync(1499);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    expect(router.state.initialized).toBe(false);
  });
});
