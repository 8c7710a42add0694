import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { readCachedPerson, writeCachedPerson } from './session-cache';
import { registerSignOutCleanup } from './session-lifecycle';
import { SessionProvider, useSession } from './session-provider';

const PERSON = {
  id: 'p1',
  displayName: 'Erika Muster',
  email: 'erika@example.com',
  avatar: null,
  type: 'active' as const,
  roles: ['user' as const],
  accountId: 'a1',
  loginActive: true,
  createdDate: '2026-01-01',
};

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

  it('a 401 signs out and forgets the remembered person', async () => {
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
