import { z } from 'zod/mini';
import type { DomainMessage } from '../messages/message';
import { WEBHOOK_EVENT_TYPES } from './webhook-events';

/**
 * The shapes of the webhook admin API (`/api/v1/webhooks`, docs/webhooks.md): the server declares
 * its routes with them (and so the OpenAPI document), the admin screen builds its forms and reads
 * the answers with them.
 */

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** Endpoints one installation may register. */
export const WEBHOOKS_MAX = 50;
/** Deliveries per page of the delivery log. */
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;
export const WEBHOOK_DELIVERIES_PAGE_DEFAULT = 50;
/** The attempts a delivery keeps in its log (the newest). */
export const WEBHOOK_ATTEMPTS_KEPT = 20;

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/**
 * An absolute http(s) URL: scheme, a host (name, IPv4 or [IPv6]) with an optional port, then an
 * optional path, query or fragment; no white space. The package runs without the URL class (no
 * DOM or Node types), so this is a pattern; the server parses the URL once more.
 */
const HTTP_URL = /^https?:\/\/(?:[^\s/?#@[\]:]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * Why a URL cannot be a webhook endpoint (`webhook.urlInvalid`), or null: it must be an absolute
 * http or https URL without user name or password (the secret signs; credentials in a URL end up
 * in logs).
 */
export function webhookUrlProblem(url: string): DomainMessage | null {
  const invalid: DomainMessage = { key: 'webhook.urlInvalid', params: { field: 'url' } };
  if (url.length === 0 || url.length > WEBHOOK_URL_MAX) return invalid;
  return HTTP_URL.test(url) ? null : invalid;
}

/** The URL field of the form: the same check as the server's. */
export const webhookUrlSchema = z
  .string()
  .check(z.trim())
  .check(z.refine((url) => webhookUrlProblem(url) === null, { error: 'webhook.urlInvalid' }));

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .check(z.minLength(1))
  .check(z.maxLength(WEBHOOK_EVENT_TYPES.length * 2))
  .check(z.describe('The events delivered to the endpoint (at least one).'));

/**
 * `POST /api/v1/webhooks`. The URL is checked by the server (`webhookUrlProblem`, a 400 with the
 * key `webhook.urlInvalid`), so the request schema only bounds its length.
 */
export const webhookCreateSchema = z.strictObject({
  url: z
    .string()
    .check(z.trim())
    .check(z.minLength(1))
    .check(z.maxLength(WEBHOOK_URL_MAX))
    .check(z.describe('http(s) URL the events are POSTed to')),
  events: eventsSchema,
  description: z._default(
    z.string().check(z.trim()).check(z.maxLength(WEBHOOK_DESCRIPTION_MAX)),
    '',
  ),
  active: z._default(z.boolean(), true),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

/** `PATCH /api/v1/webhooks/{id}`: any of the fields; deactivating fails the pending deliveries. */
export const webhookUpdateSchema = z.partial(
  z.strictObject({
    url: z.string().check(z.trim()).check(z.minLength(1)).check(z.maxLength(WEBHOOK_URL_MAX)),
    events: eventsSchema,
    description: z.string().check(z.trim()).check(z.maxLength(WEBHOOK_DESCRIPTION_MAX)),
    active: z.boolean(),
  }),
);
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

/** An endpoint as the admin sees it: never its secret (shown once on create and rotate). */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  active: z.boolean(),
  /** Person id of the admin who registered it. */
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });
export const webhookAnswerSchema = z.object({ webhook: webhookSchema });

/** Create and rotate answers: the secret, `whsec_<base64>`, shown this once. */
export const webhookWithSecretSchema = z.object({
  webhook: webhookSchema,
  secret: z.string().check(z.describe('whsec_<base64 of 32 random bytes>: shown once, keep it')),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookIdParamsSchema = z.object({
  id: z.string().check(z.minLength(1)).check(z.maxLength(100)),
});
export const webhookDeliveryIdParamsSchema = z.object({
  deliveryId: z.string().check(z.minLength(1)).check(z.maxLength(100)),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** The body every endpoint receives (docs/webhooks.md "Payload"). */
export const webhookEventPayloadSchema = z.object({
  /** The event's id; also the `webhook-id` header, the same on every attempt. */
  id: z.string(),
  type: z.string().check(z.describe('One of the event types, or webhook.ping')),
  occurredAt: z.string(),
  data: z.object({
    collection: z.string(),
    id: z.string(),
    version: z.int(),
    /** The document as stored after the command. */
    document: z.record(z.string(), z.unknown()),
    previousStatus: z.optional(z.nullable(z.string())),
    status: z.optional(z.nullable(z.string())),
    findingId: z.optional(z.string()),
    finding: z.optional(z.unknown()),
    dueDate: z.optional(z.string()),
  }),
  /** Who ran the command; null for events of the server itself (overdue, ping). */
  actor: z.nullable(z.object({ id: z.string(), displayName: z.string() })),
});
export type WebhookEventPayload = z.infer<typeof webhookEventPayloadSchema>;

/**
 * Why an attempt got no HTTP answer, as `error` of an attempt and a delivery's `lastError`
 * (docs/webhooks.md). A closed list the admin screen translates, never the receiver's words:
 * `unreachable` stands for every network failure alike (refused, reset, timeout, no HTTP), so the
 * log does not tell an open port from a closed one (decision 79). An HTTP answer has no error,
 * only its status code.
 */
export const WEBHOOK_ATTEMPT_ERRORS = [
  'unreachable',
  'address_blocked',
  'endpoint_deactivated',
  'endpoint_deleted',
  'server_shutdown',
] as const;
export type WebhookAttemptError = (typeof WEBHOOK_ATTEMPT_ERRORS)[number];

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The endpoint's HTTP status; null when no answer came (refused, timeout). */
  statusCode: z.nullable(z.int()),
  error: z.nullable(z.string()),
  durationMs: z.int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: webhookDeliveryStatusSchema,
  /** Attempts made so far. */
  attempts: z.int(),
  createdAt: z.string(),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.nullable(z.string()),
  /** After this moment no further attempt is made: the delivery fails. */
  expiresAt: z.string(),
  deliveredAt: z.nullable(z.string()),
  lastStatusCode: z.nullable(z.int()),
  lastError: z.nullable(z.string()),
  /** The newest attempts first (at most WEBHOOK_ATTEMPTS_KEPT). */
  attemptLog: z.array(webhookAttemptSchema),
  payload: webhookEventPayloadSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.strictObject({
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(WEBHOOK_DELIVERIES_PAGE_MAX)),
    WEBHOOK_DELIVERIES_PAGE_DEFAULT,
  ),
  /** `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.maxLength(400))),
  status: z.optional(webhookDeliveryStatusSchema),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;

/** Newest first; `nextCursor` null on the last page. */
export const webhookDeliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  nextCursor: z.nullable(z.string()),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookDeliveryAnswerSchema = z.object({ delivery: webhookDeliverySchema });
