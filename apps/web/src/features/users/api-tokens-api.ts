import type { ApiToken, ApiTokenCreated } from '@qa/domain';
import { apiGet, apiPost, apiRequest } from '../../lib/api/api-client';

/**
 * One's own API tokens (issue 16, `/api/v1/me/tokens`): a server thing, made and revoked with the
 * session cookie only. The secret comes in the create answer and nowhere else.
 */

export interface ApiTokenInput {
  name: string;
  /** The last day it is valid ('YYYY-MM-DD', end of that day UTC). */
  expiresAt: string;
  readOnly: boolean;
  /** May download the backup (administrators only choose it). */
  backup: boolean;
}

/** Newest first, as the server sends them. */
export async function listApiTokens(): Promise<ApiToken[]> {
  const body = await apiGet<{ tokens?: ApiToken[] }>('/api/v1/me/tokens');
  return Array.isArray(body?.tokens) ? body.tokens : [];
}

export function createApiToken(input: ApiTokenInput): Promise<ApiTokenCreated> {
  return apiPost<ApiTokenCreated>('/api/v1/me/tokens', input);
}

export async function revokeApiToken(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/v1/me/tokens/${encodeURIComponent(id)}`);
}
