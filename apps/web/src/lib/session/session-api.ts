import type { Person } from '@qa/domain';
import { apiGet, apiPost } from '../api/api-client';
import { ApiError } from '../api/api-error';

/**
 * The signed-in person, or null when the server says nobody is signed in (`{person: null}`;
 * a 401 from a server of an older version means the same). Other failures reject
 * (NetworkError offline, ApiError for a broken server).
 */
export async function fetchSessionPerson(): Promise<Person | null> {
  try {
    const body = await apiGet<{ person?: unknown }>('/api/v1/session');
    if (body?.person === null) return null;
    if (!isPerson(body?.person)) throw new ApiError(200, 'invalid_session_body', 'no person');
    return body.person;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export async function postSignOut(): Promise<void> {
  await apiPost('/api/auth/sign-out', {});
}

/**
 * A shallow check of the fields the shell reads. The full zod schema lives in @qa/domain; it is
 * not imported here as a value to keep zod out of the entry chunk, and the server already
 * validated the record.
 */
export function isPerson(value: unknown): value is Person {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'string' &&
    typeof record.displayName === 'string' &&
    Array.isArray(record.roles)
  );
}
