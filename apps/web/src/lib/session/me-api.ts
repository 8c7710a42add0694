import type { Person, PersonPreferences } from '@qa/domain';
import { apiGet, apiPost, apiRequest } from '../api/api-client';
import type { Language } from '../i18n/detect-language';

/**
 * The signed-in person's own account (issue 15, `/api/v1/me`): needs the server, so every call
 * rejects with NetworkError offline and the panels say so before one is made.
 */

export interface MeUpdate {
  displayName?: string;
  avatar?: string | null;
  language?: Language | null;
  preferences?: PersonPreferences;
}

export interface OwnSession {
  id: string;
  /** The session of this browser. */
  current: boolean;
  createdAt: string;
  updatedAt: string;
  userAgent: string | null;
  ipAddress: string | null;
}

export function patchMe(update: MeUpdate): Promise<{ person: Person }> {
  return apiRequest<{ person: Person }>('PATCH', '/api/v1/me', update);
}

export async function changeOwnPassword(
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  await apiPost('/api/v1/me/password', { currentPassword, newPassword });
}

export async function listOwnSessions(): Promise<OwnSession[]> {
  const body = await apiGet<{ sessions?: OwnSession[] }>('/api/v1/me/sessions');
  return Array.isArray(body?.sessions) ? body.sessions : [];
}

export async function endOwnSession(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/v1/me/sessions/${encodeURIComponent(id)}`);
}
