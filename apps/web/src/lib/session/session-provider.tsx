import type { Person } from '@qa/domain';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLivePerson } from './live-person';
import { flushPendingSignOut, markSignOutPending } from './pending-sign-out';
import { fetchSessionPerson } from './session-api';
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
  /**
   * Forgets everything of the user here at once and ends the session on the server; offline,
   * the sign-out stays pending and is sent before the next session check or sign-in.
   */
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const SIGNED_OUT: SessionState = { status: 'signed-out' };

/** What the server said about the session: a person, nobody, or no answer at all. */
type SessionAnswer =
  { kind: 'person'; person: Person } | { kind: 'nobody' } | { kind: 'unreachable' };

/**
 * Asks the server who is signed in. A sign-out that the server has not confirmed yet is sent
 * first: while it is pending, the session cookie must not sign anybody in again.
 */
async function askServer(): Promise<SessionAnswer> {
  if (!(await flushPendingSignOut())) return { kind: 'nobody' };
  try {
    const person = await fetchSessionPerson();
    return person ? { kind: 'person', person } : { kind: 'nobody' };
  } catch (error) {
    console.warn('session check failed', error);
    return { kind: 'unreachable' };
  }
}

/** The state an answer leads to; updates the remembered person (decisions.md 7). */
function settle(answer: SessionAnswer): SessionState {
  switch (answer.kind) {
    case 'person':
      writeCachedPerson(answer.person);
      return { status: 'signed-in', person: answer.person, offline: false };
    case 'nobody':
      clearCachedPerson();
      return SIGNED_OUT;
    case 'unreachable': {
      // No answer (offline, server down): start with the last confirmed person, if any.
      const cached = readCachedPerson();
      return cached ? { status: 'signed-in', person: cached, offline: true } : SIGNED_OUT;
    }
  }
}

/** The check `checkSessionAtStart` began and did not wait for; the provider's first refresh takes it. */
let startupCheck: Promise<SessionAnswer> | null = null;

/**
 * The first session check, begun before React renders (main.tsx): the answer index.html
 * preloaded is usually there by the time the scripts have run, and the first render then shows
 * the page itself instead of a session spinner and a second render (issue 18: a slow phone's
 * start). Waits at most `waitMs`; undefined if the answer takes longer, and the provider then
 * shows its spinner and takes the same request when it arrives.
 */
export async function checkSessionAtStart(waitMs: number): Promise<SessionState | undefined> {
  const check = askServer();
  startupCheck = check;
  let timer: number | undefined;
  const answer = await Promise.race([
    check,
    new Promise<undefined>((resolve) => {
      timer = window.setTimeout(resolve, waitMs);
    }),
  ]);
  window.clearTimeout(timer);
  if (answer === undefined) return undefined;
  startupCheck = null;
  return settle(answer);
}

function takeStartupCheck(): Promise<SessionAnswer> | null {
  const check = startupCheck;
  startupCheck = null;
  return check;
}

/** `initial`: the state `checkSessionAtStart` settled on; without it the provider asks itself. */
export function SessionProvider({
  children,
  initial,
}: {
  children: ReactNode;
  initial?: SessionState;
}) {
  const [state, setState] = useState<SessionState>(initial ?? { status: 'loading' });
  const initialState = useRef(initial);
  const loadedFor = useRef<string | null>(null);
  // Every refresh and sign-out takes the next number; only the newest may change the state, so
  // a slow answer (a refresh after reconnecting, say) cannot undo a sign-out that came later.
  const generation = useRef(0);
  const latest = useRef<Promise<SessionState>>(Promise.resolve({ status: 'loading' }));

  /**
   * `gently`: the server's answer renders as a transition (the first screen behind the session
   * spinner, in slices a slow phone can interleave with input: issue 18, total blocking time);
   * a sign-out takes effect at once.
   */
  const apply = useCallback((next: SessionState, gently = false) => {
    if (gently) startTransition(() => setState(next));
    else setState(next);
    // SPEC section 4: signed out -> signed in "on an account change" loads the user's data once.
    if (next.status === 'signed-in' && loadedFor.current !== next.person.id) {
      void loadSignedInData(next.person);
    }
    loadedFor.current = next.status === 'signed-in' ? next.person.id : null;
  }, []);

  const refresh = useCallback(() => {
    const mine = ++generation.current;
    const run = (async (): Promise<SessionState> => {
      const answer = await (takeStartupCheck() ?? askServer());
      // Outdated: a newer refresh or a sign-out decides; its result is the answer here too.
      if (mine !== generation.current) return latest.current;
      const next = settle(answer);
      apply(next, true);
      return next;
    })();
    latest.current = run;
    return run;
  }, [apply]);

  const signOut = useCallback(async () => {
    generation.current += 1;
    latest.current = Promise.resolve(SIGNED_OUT);
    // Signed out here at once, whether or not the server can be told now (shared tablets):
    // the flag makes every later start or sign-in send the sign-out first.
    markSignOutPending();
    clearCachedPerson();
    await runSignOutCleanup();
    apply(SIGNED_OUT);
    await flushPendingSignOut();
  }, [apply]);

  useEffect(() => {
    // Answered before the first render: only what follows an answer is left to do.
    if (initialState.current) apply(initialState.current);
    else void refresh();
  }, [apply, refresh]);

  // A session taken from the cache on an offline start is confirmed (or ended) once the
  // network is back: it may have expired or been revoked meanwhile. A sign-out made offline is
  // sent then too.
  const offline = state.status === 'signed-in' && state.offline;
  useEffect(() => {
    const onOnline = () => {
      if (offline) void refresh();
      else void flushPendingSignOut();
    };
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

/**
 * The signed-in person, or null. Roles, name and picture follow the person's replicated `people`
 * document live (live-person.ts), so an open page loses what a removed role allowed at once.
 */
export function usePerson(): Person | null {
  const { state } = useSession();
  return useLivePerson(state.status === 'signed-in' ? state.person : null);
}
