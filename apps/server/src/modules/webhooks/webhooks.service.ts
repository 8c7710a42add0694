import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_PING_EVENT,
  WEBHOOKS_MAX,
  webhookUrlProblem,
  type Person,
  type Webhook,
  type WebhookAttempt,
  type WebhookAttemptError,
  type WebhookCreate,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEventPayload,
  type WebhookEventType,
  type WebhookUpdate,
  type WebhookWithSecret,
} from '@qa/domain';
import { AppError } from '../../shared/app-error';
import { BlockedAddressError, type WebhookAddressGuard } from './webhook-address-guard';
import { newWebhookSecret } from './webhook-signature';
import type { WebhookOptions } from './webhook-options';
import type { DeliveryRow, EndpointRow, WebhooksRepository } from './webhooks.repository';

export function toWebhook(row: EndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    active: Number(row.active) === 1,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status as WebhookDelivery['status'],
    attempts: Number(row.attempts),
    createdAt: row.created_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    expiresAt: row.expires_at,
    deliveredAt: row.delivered_at,
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    attemptLog: JSON.parse(row.attempt_log) as WebhookAttempt[],
    payload: JSON.parse(row.payload) as WebhookEventPayload,
  };
}

/**
 * The domain's pattern, then a real parse (a port above 65535, say, passes the pattern), then the
 * address: a literal internal one, or a name that resolves only to internal ones, is refused. A
 * name that does not resolve now passes (DNS may be down); every delivery checks again.
 */
async function checkUrl(url: string, guard: WebhookAddressGuard): Promise<void> {
  let problem = webhookUrlProblem(url);
  if (!problem && !URL.canParse(url))
    problem = { key: 'webhook.urlInvalid', params: { field: 'url' } };
  if (problem) {
    throw new AppError('invalid_request', 'The URL must be http(s)', undefined, [problem], problem);
  }
  try {
    await guard.addresses(new URL(url).hostname);
  } catch (error) {
    if (!(error instanceof BlockedAddressError)) return;
    const blocked = { key: 'webhook.addressBlocked', params: { field: 'url' } };
    throw new AppError(
      'invalid_request',
      'Webhooks may not reach internal addresses',
      undefined,
      [blocked],
      blocked,
    );
  }
}

const ENDPOINT_DEACTIVATED: WebhookAttemptError = 'endpoint_deactivated';

const notFound = () =>
  new AppError('not_found', 'No such webhook', undefined, undefined, { key: 'webhook.notFound' });

function encodeCursor(row: DeliveryRow): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the refusal.
  }
  const message = { key: 'webhook.cursorInvalid' };
  throw new AppError('invalid_request', 'Invalid cursor', undefined, [message], message);
}

/**
 * What the admin API does (docs/webhooks.md "Admin API"): endpoints with a secret made here and
 * shown once, the delivery log, resend and test. Authorization is the routes' (admins only).
 */
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly options: Pick<WebhookOptions, 'retryWindowMs'>,
    /** Which addresses an endpoint may have (WEBHOOK_ALLOWED_HOSTS). */
    private readonly guard: WebhookAddressGuard,
    /** Wakes this instance's deliverer (a test or resend is due now). */
    private readonly wake: () => void,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(): Promise<Webhook[]> {
    return (await this.repository.endpoints()).map(toWebhook);
  }

  async get(id: string): Promise<Webhook> {
    const row = await this.repository.endpoint(id);
    if (!row) throw notFound();
    return toWebhook(row);
  }

  async create(actor: Person, input: WebhookCreate): Promise<WebhookWithSecret> {
    await checkUrl(input.url, this.guard);
    if ((await this.repository.countEndpoints()) >= WEBHOOKS_MAX) {
      const message = { key: 'webhook.tooMany', params: { max: WEBHOOKS_MAX } };
      throw new AppError('conflict', 'Too many webhooks', undefined, undefined, message);
    }
    const now = this.clock().toISOString();
    const secret = newWebhookSecret();
    const row: EndpointRow = {
      id: randomUUID(),
      url: input.url,
      description: input.description,
      events: JSON.stringify([...new Set(input.events)]),
      secret,
      active: input.active ? 1 : 0,
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    };
    await this.repository.insertEndpoint(row);
    return { webhook: toWebhook(row), secret };
  }

  async update(id: string, input: WebhookUpdate): Promise<Webhook> {
    if (input.url !== undefined) await checkUrl(input.url, this.guard);
    return this.repository.transaction(async () => {
      const row = await this.repository.endpoint(id);
      if (!row) throw notFound();
      await this.repository.updateEndpoint(id, {
        ...(input.url === undefined ? {} : { url: input.url }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.events === undefined
          ? {}
          : { events: JSON.stringify([...new Set(input.events)]) }),
        ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
        updated_at: this.clock().toISOString(),
      });
      // Switched off: what waits for it fails now (resend brings one back).
      if (input.active === false) await this.repository.failPending(id, ENDPOINT_DEACTIVATED);
      return toWebhook((await this.repository.endpoint(id))!);
    });
  }

  async remove(id: string): Promise<void> {
    if (!(await this.repository.deleteEndpoint(id))) throw notFound();
  }

  async rotateSecret(id: string): Promise<WebhookWithSecret> {
    const row = await this.repository.endpoint(id);
    if (!row) throw notFound();
    const secret = newWebhookSecret();
    await this.repository.updateEndpoint(id, { secret, updated_at: this.clock().toISOString() });
    return { webhook: toWebhook({ ...row, secret }), secret };
  }

  async deliveries(id: string, query: WebhookDeliveriesQuery): Promise<WebhookDeliveryPage> {
    if (!(await this.repository.endpoint(id))) throw notFound();
    const rows = await this.repository.deliveryPage(id, {
      limit: query.limit + 1,
      ...(query.cursor ? { after: decodeCursor(query.cursor) } : {}),
      ...(query.status ? { status: query.status } : {}),
    });
    const page = rows.slice(0, query.limit);
    return {
      deliveries: page.map(toDelivery),
      nextCursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null,
    };
  }

  /** A new attempt now with a fresh retry window, whatever the delivery's state. */
  async resend(deliveryId: string): Promise<WebhookDelivery> {
    const now = this.clock();
    const row = await this.repository.delivery(deliveryId);
    if (!row) {
      throw new AppError('not_found', 'No such delivery', undefined, undefined, {
        key: 'webhook.deliveryNotFound',
      });
    }
    await this.repository.reschedule(deliveryId, now.toISOString(), this.deadline(now));
    // Read before waking the deliverer: the answer is the delivery as queued.
    const queued = toDelivery((await this.repository.delivery(deliveryId))!);
    this.wake();
    return queued;
  }

  /** Queues a `webhook.ping` for the endpoint, due now. */
  async test(id: string): Promise<WebhookDelivery> {
    const row = await this.repository.endpoint(id);
    if (!row) throw notFound();
    const now = this.clock();
    const eventId = randomUUID();
    const payload: WebhookEventPayload = {
      id: eventId,
      type: WEBHOOK_PING_EVENT,
      occurredAt: now.toISOString(),
      data: { collection: 'webhooks', id: row.id, version: 0, document: {} },
      actor: null,
    };
    const deliveryId = randomUUID();
    await this.repository.insertDeliveries([
      {
        id: deliveryId,
        endpointId: id,
        eventId,
        eventType: WEBHOOK_PING_EVENT,
        payload: JSON.stringify(payload),
        createdAt: now.toISOString(),
        expiresAt: this.deadline(now),
      },
    ]);
    const queued = toDelivery((await this.repository.delivery(deliveryId))!);
    this.wake();
    return queued;
  }

  private deadline(now: Date): string {
    return new Date(now.getTime() + this.options.retryWindowMs).toISOString();
  }
}
