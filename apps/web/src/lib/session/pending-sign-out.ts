import { postSignOut } from './session-api';

const PENDING_KEY = 'qa.session.signOutPending';

/** Only used when localStorage refuses to store the flag: then it lasts as long as the page. */
let pendingInMemory = false;
/** The sign-out request on its way, so concurrent callers share one request. */
let inFlight: Promise<void> | null = null;

/**
 * A sign-out the server has not confirmed yet (sent offline, or the server did not answer).
 * The session cookie is HttpOnly, so only the server can end it: until it has, the next start
 * would sign the same person in again, on a shared tablet the wrong one. The flag survives a
 * reload; it is cleared only when the server confirmed the sign-out.
 */
export function isSignOutPending(): boolean {
  if (pendingInMemory) return true;
  try {
    return window.localStorage.getItem(PENDING_KEY) !== null;
  } catch {
    return false;
  }
}

export function markSignOutPending(): void {
  try {
    window.localStorage.setItem(PENDING_KEY, new Date().toISOString());
  } catch {
    pendingInMemory = true;
  }
}

function clearSignOutPending(): void {
  pendingInMemory = false;
  try {
    window.localStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing stored then, nothing to clear.
  }
}

/**
 * Sends a pending sign-out, if there is one. Resolves once none is pending (the server
 * confirmed it, or there was none); rejects with the request's error and keeps the flag
 * otherwise. Sign-in calls this first, so an old session never outlives a new sign-in.
 */
export function sendPendingSignOut(send: () => Promise<void> = postSignOut): Promise<void> {
  if (!isSignOutPending()) return Promise.resolve();
  if (inFlight) return inFlight;
  const attempt = Promise.resolve()
    .then(send)
    .then(() => clearSignOutPending());
  inFlight = attempt;
  const release = () => {
    if (inFlight === attempt) inFlight = null;
  };
  attempt.then(release, release);
  return attempt;
}

/** Like sendPendingSignOut, but never rejects: true when no sign-out is pending any more. */
export async function flushPendingSignOut(
  send: () => Promise<void> = postSignOut,
): Promise<boolean> {
  try {
    await sendPendingSignOut(send);
    return true;
  } catch (error) {
    console.warn('pending sign-out not confirmed yet', error);
    return false;
  }
}
