import type { Person } from '@qa/domain';
import { isPerson } from './session-api';

const CACHE_KEY = 'qa.session.person';

/**
 * The last confirmed person, so the app starts signed in when it starts with no network
 * (SPEC section 8, DESIGN offline first). Cleared on sign-out and whenever the server says
 * nobody is signed in.
 */
export function readCachedPerson(): Person | null {
  try {
    const text = window.localStorage.getItem(CACHE_KEY);
    const value: unknown = text ? JSON.parse(text) : null;
    return isPerson(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeCachedPerson(person: Person): void {
  try {
    window.localStorage.setItem(CACHE_KEY, JSON.stringify(person));
  } catch {
    // Without storage an offline start shows the sign-in page; nothing else is lost.
  }
}

export function clearCachedPerson(): void {
  try {
    window.localStorage.removeItem(CACHE_KEY);
  } catch {
    // Nothing stored then, nothing to clear.
  }
}
