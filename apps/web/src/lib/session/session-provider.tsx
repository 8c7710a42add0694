import type { Person } from '@qa/domain';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { fetchSessionPerson, postSignOut } from './session-api';
import { clearCachedPerson, readCachedPerson, writeCachedPerson } from './session-cache';
import { loadSignedInData, runSignOutCleanup } from './session-lifecycle';

export type SessionState =
  | { status: 'loading' }
  /** `offline`: the server could not be asked; the person is the last confirmed one. */
  | { status: 'signed-in'; person: Person; offline: boolean }
  | { status: 'signed-out' };

interface SessionContextValue {
  state: SessionState;
  /** Asks the server again (after sign-in, on reconnect); resolves with the new state. */
  refresh: () => Promise<SessionState>;
  /** Ends the session on the server and forgets everything of the user here. */
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

async function resolveSession(): Promise<SessionState> {
  try {
    const person = await fetchSessionPerson();
    if (!person) {
      clearCachedPerson();
      return { status: 'signed-out' };
    }
    writeCachedPerson(person);
    return { status: 'signed-in', person, offline: false };
  } catch (error) {
    // No answer (offline, server down): start with the last confirmed person, if any.
    console.warn('session check failed', error);
    const cached = readCachedPerson();
    return cached
      ? { status: 'signed-in', person: cached, offline: true }
      : { status: 'signed-out' };
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const loadedFor = useRef<string | null>(null);

  const apply = useCallback((next: SessionState) => {
    setState(next);
    // SPEC section 4: signed out -> signed in "on an account change" loads the user's data once.
    if (next.status === 'signed-in' && loadedFor.current !== next.person.id) {
      void loadSignedInData(next.person);
    }
    loadedFor.current = next.status === 'signed-in' ? next.person.id : null;
  }, []);

  const refresh = useCallback(async () => {
    const next = await resolveSession();
    apply(next);
    return next;
  }, [apply]);

  const signOut = useCallback(async () => {
    try {
      await postSignOut();
    } catch (error) {
      // Offline the cookie stays until the next sign-out, but this device forgets the user now.
      console.warn('sign-out request failed', error);
    }
    clearCachedPerson();
    await runSignOutCleanup();
    apply({ status: 'signed-out' });
  }, [apply]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // A session taken from the cache on an offline start is confirmed (or ended) once the
  // network is back: it may have expired or been revoked meanwhile.
  const offline = state.status === 'signed-in' && state.offline;
  useEffect(() => {
    if (!offline) return;
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [offline, refresh]);

  const value = useMemo(() => ({ state, refresh, signOut }), [state, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}

/** The signed-in person, or null. */
export function usePerson(): Person | null {
  const { state } = useSession();
  return state.status === 'signed-in' ? state.person : null;
}
