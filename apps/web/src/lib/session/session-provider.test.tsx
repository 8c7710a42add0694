import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { isSignOutPending, markSignOutPending } from './pending-sign-out';
import { readCachedPerson, writeCachedPerson } from './session-cache';
import { registerSignOutCleanup } from './session-lifecycle';
import { checkSessionAtStart, SessionProvider, useSession } from './session-provider';
import { testPerson } from '../../test/test-person';

const PERSON = testPerson();

const wrapper = ({ children }: { children: ReactNode }) => (
  <SessionProvider>{children}</SessionProvider>
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('SessionProvider', () => {
  it('starts loading, then is signed in and remembers the person', async () => {
    fakeServer({ 'GET /api/v1/session': { status: 200, body: { person: PERSON } } });
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.state.status).toBe('loading');
    await waitFor(() => expect(result.current.state.status).toBe('signed-in'));
    expect(readCachedPerson()?.id).toBe('p1');
  });

  it('an answer without a person signs out and forgets the remembered person', async () => {
    writeCachedPerson(PERSON);
    vi.spyOn(console, 'warn');
    fakeServer({ 'GET /api/v1/session': { status: 200, body: { person: null } } });
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.state.status).toBe('signed-out'));
    expect(readCachedPerson()).toBeNull();
    // A real answer, not a failed check: nothing to warn about.
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('a 401 (a server of an older version) signs out too', async () => {
    writeCachedPerson(PERSON);
    fakeServer({ 'GET /api/v1/session': { status: 401, body: { error: { code: 'x' } } } });
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.state.status).toBe('signed-out'));
    expect(readCachedPerson()).toBeNull();
  });

  it('with no network it starts with the remembered person (offline first)', async () => {
    writeCachedPerson(PERSON);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() =>
      expect(result.current.state).toEqual({ status: 'signed-in', person: PERSON, offline: true }),
    );
  });

  it('with no network and nobody remembered it is signed out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.state.status).toBe('signed-out'));
  });

  it('sign-out tells the server, forgets the person and runs the clean-ups', async () => {
    const server = fakeServer({
      'GET /api/v1/session': { status: 200, body: { person: PERSON } },
      'POST /api/auth/sign-out': { status: 200, body: { success: true } },
    });
    const cleanupSpy = vi.fn();
    const unregister = registerSignOutCleanup(cleanupSpy);
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.state.status).toBe('signed-in'));
    await act(() => result.current.signOut());
    unregister();
    expect(result.current.state.status).toBe('signed-out');
    expect(readCachedPerson()).toBeNull();
    expect(cleanupSpy).toHaveBeenCalledOnce();
    expect(server.calls.some((c) => c.method === 'POST' && c.path === '/api/auth/sign-out')).toBe(
      true,
    );
  });
});

/** A fetch whose answers the test decides, also later (deferred), per "METHOD /path". */
function scriptedFetch() {
  type Answer = () => Promise<Response>;
  const calls: string[] = [];
  const routes: Record<string, Answer> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}`;
      calls.push(key);
      const answer = routes[key];
      if (!answer) throw new Error(`unexpected ${key}`);
      return answer();
    }),
  );
  return { calls, routes };
}

const json = (status: number, body: unknown) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const SIGNED_IN = json(200, { person: PERSON });
const NOBODY = json(401, { error: { code: 'unauthenticated' } });

function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { answer: () => promise, resolve };
}

describe('SessionProvider: a sign-out the server has not confirmed (shared tablets)', () => {
  it('offline, signs out here at once and keeps the sign-out pending', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { routes } = scriptedFetch();
    routes['GET /api/v1/session'] = SIGNED_IN;
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.state.status).toBe('signed-in'));

    routes['POST /api/auth/sign-out'] = offline;
    await act(() => result.current.signOut());
    expect(result.current.state.status).toBe('signed-out');
    expect(readCachedPerson()).toBeNull();
    expect(isSignOutPending()).toBe(true);
  });

  it('the next start sends the pending sign-out before it asks for the session', async () => {
    markSignOutPending();
    const { calls, routes } = scriptedFetch();
    // The cookie is still there until the server has ended the session.
    let cookie = true;
    routes['POST /api/auth/sign-out'] = () => {
      cookie = false;
      return json(200, { success: true })();
    };
    routes['GET /api/v1/session'] = () => (cookie ? SIGNED_IN() : NOBODY());
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.state.status).toBe('signed-out'));
    expect(calls.indexOf('POST /api/auth/sign-out')).toBe(0);
    expect(calls).toContain('GET /api/v1/session');
    expect(isSignOutPending()).toBe(false);
  });

  it('while the sign-out cannot be sent, the old session does not come back', async () => {
    markSignOutPending();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls, routes } = scriptedFetch();
    routes['POST /api/auth/sign-out'] = json(503, { code: 'SERVICE_UNAVAILABLE' });
    routes['GET /api/v1/session'] = SIGNED_IN;
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.state.status).toBe('signed-out'));
    await act(() => result.current.refresh());
    expect(result.current.state.status).toBe('signed-out');
    expect(calls).not.toContain('GET /api/v1/session');
    expect(isSignOutPending()).toBe(true);
    expect(readCachedPerson()).toBeNull();
  });

  it('is sent once the network is back', async () => {
    markSignOutPending();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls, routes } = scriptedFetch();
    routes['POST /api/auth/sign-out'] = offline;
    routes['GET /api/v1/session'] = offline;
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.state.status).toBe('signed-out'));
    expect(isSignOutPending()).toBe(true);

    routes['POST /api/auth/sign-out'] = json(200, { success: true });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(isSignOutPending()).toBe(false));
    expect(calls.filter((call) => call === 'POST /api/auth/sign-out')).toHaveLength(2);
    expect(result.current.state.status).toBe('signed-out');
  });
});

describe('SessionProvider: only the newest session check counts', () => {
  it('a check after reconnecting that answers after a sign-out does not sign in again', async () => {
    writeCachedPerson(PERSON);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { routes } = scriptedFetch();
    routes['GET /api/v1/session'] = offline;
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.state).toMatchObject({ offline: true }));

    const slow = deferred();
    routes['GET /api/v1/session'] = slow.answer;
    routes['POST /api/auth/sign-out'] = json(200, { success: true });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await act(() => result.current.signOut());
    expect(result.current.state.status).toBe('signed-out');

    await act(async () => {
      slow.resolve(new Response(JSON.stringify({ person: PERSON }), { status: 200 }));
      await new Promise((done) => setTimeout(done, 0));
    });
    expect(result.current.state.status).toBe('signed-out');
    expect(readCachedPerson()).toBeNull();
  });

  it('an older check that answers last is dropped, and its caller gets the newer state', async () => {
    const { routes } = scriptedFetch();
    const first = deferred();
    routes['GET /api/v1/session'] = first.answer;
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.state.status).toBe('loading'));

    routes['GET /api/v1/session'] = NOBODY;
    const newer = await act(() => result.current.refresh());
    expect(newer.status).toBe('signed-out');

    await act(async () => {
      first.resolve(new Response(JSON.stringify({ person: PERSON }), { status: 200 }));
      await new Promise((done) => setTimeout(done, 0));
    });
    expect(result.current.state.status).toBe('signed-out');
    expect(readCachedPerson()).toBeNull();
  });
});

describe('checkSessionAtStart: the check made before the first render', () => {
  it('an answer in time is the first state: no spinner, no second request', async () => {
    const { calls } = fakeServer({
      'GET /api/v1/session': { status: 200, body: { person: PERSON } },
    });
    const initial = await checkSessionAtStart(1000);
    expect(initial).toEqual({ status: 'signed-in', person: PERSON, offline: false });
    const { result } = renderHook(() => useSession(), {
      wrapper: ({ children }) => <SessionProvider initial={initial}>{children}</SessionProvider>,
    });
    expect(result.current.state.status).toBe('signed-in');
    await act(async () => {});
    expect(calls.filter((call) => call.path === '/api/v1/session')).toHaveLength(1);
    expect(readCachedPerson()?.id).toBe('p1');
  });

  it('a late answer is not waited for: the provider shows its spinner and takes that answer', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    expect(await checkSessionAtStart(10)).toBeUndefined();
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.state.status).toBe('loading');
    answer(new Response(JSON.stringify({ person: PERSON }), { status: 200 }));
    await waitFor(() => expect(result.current.state.status).toBe('signed-in'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
