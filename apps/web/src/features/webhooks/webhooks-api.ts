import type {
  Webhook,
  WebhookCreate,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryStatus,
  WebhookUpdate,
  WebhookWithSecret,
} from '@qa/domain';
import { apiGet, apiPost, apiRequest } from '../../lib/api/api-client';

/**
 * The webhook admin API (issue 16, docs/webhooks.md "Admin API"): admins only, on the server
 * only, so these are plain requests the page makes when online.
 */

const path = (id: string) => `/api/v1/webhooks/${encodeURIComponent(id)}`;

/** Oldest first, as the server sends them. */
export async function listWebhooks(): Promise<Webhook[]> {
  const body = await apiGet<{ webhooks?: Webhook[] }>('/api/v1/webhooks');
  return Array.isArray(body?.webhooks) ? body.webhooks : [];
}

export function createWebhook(input: WebhookCreate): Promise<WebhookWithSecret> {
  return apiPost<WebhookWithSecret>('/api/v1/webhooks', input);
}

export async function updateWebhook(id: string, update: WebhookUpdate): Promise<Webhook> {
  const body = await apiRequest<{ webhook: Webhook }>('PATCH', path(id), update);
  return body.webhook;
}

export async function deleteWebhook(id: string): Promise<void> {
  await apiRequest('DELETE', path(id));
}

export function rotateWebhookSecret(id: string): Promise<WebhookWithSecret> {
  return apiPost<WebhookWithSecret>(`${path(id)}/rotate-secret`);
}

export async function sendWebhookTest(id: string): Promise<WebhookDelivery> {
  const body = await apiPost<{ delivery: WebhookDelivery }>(`${path(id)}/test`);
  return body.delivery;
}

export interface DeliveriesQuery {
  cursor?: string | null;
  status?: WebhookDeliveryStatus | null;
  limit?: number;
}

/** One page of an endpoint's delivery log, newest first; `nextCursor` null on the last page. */
export function listWebhookDeliveries(
  id: string,
  query: DeliveriesQuery = {},
): Promise<WebhookDeliveryPage> {
  const params = new URLSearchParams();
  if (query.limit) params.set('limit', String(query.limit));
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.status) params.set('status', query.status);
  const search = params.toString();
  return apiGet<WebhookDeliveryPage>(`${path(id)}/deliveries${search ? `?${search}` : ''}`);
}

export async function resendWebhookDelivery(deliveryId: string): Promise<WebhookDelivery> {
  const body = await apiPost<{ delivery: WebhookDelivery }>(
    `/api/v1/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`,
  );
  return body.delivery;
}
