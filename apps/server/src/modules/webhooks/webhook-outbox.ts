import { randomUUID } from 'node:crypto';
import {
  CONFIGURATION_COLLECTION,
  EMPTY_WORKFLOW,
  auditWorkflowFromConfig,
  mayRaiseWebhookEvents,
  needsAuditWorkflow,
  webhookEventsOf,
  type DerivedWebhookEvent,
  type WebhookEventPayload,
  type WrittenDocument,
} from '@qa/domain';
import type { DocumentsRepository } from '../sync/documents.repository';
import type { AppliedHook } from '../sync/push.service';
import type { NewDelivery, WebhooksRepository } from './webhooks.repository';

/** An event ready to be queued: its id, type and the body every endpoint receives. */
export interface OutboxEvent {
  id: string;
  type: string;
  payload: WebhookEventPayload;
}

export function eventPayload(
  id: string,
  event: Pick<
    DerivedWebhookEvent,
    'type' | 'collection' | 'id' | 'version' | 'document' | 'details'
  >,
  occurredAt: string,
  actor: WebhookEventPayload['actor'],
): WebhookEventPayload {
  return {
    id,
    type: event.type,
    occurredAt,
    data: {
      collection: event.collection,
      id: event.id,
      version: event.version,
      document: event.document,
      ...event.details,
    } as WebhookEventPayload['data'],
    actor,
  };
}

/**
 * The outbox (decision in docs/decisions.md): turns what a command wrote into deliveries, in the
 * command's transaction (PushService.onApplied), so they commit with it or not at all. A
 * command that raises no event costs nothing; one that does costs one read of the active
 * endpoints and one multi-row insert.
 */
export class WebhookOutbox {
  /**
   * The last change sequence of each command that queued deliveries (noted before its commit).
   * The change feed hands a command's changes out only after the commit, so the deliverer is
   * woken when the feed passes one of these (`passed`), and the deliveries are visible then.
   */
  private queuedSeqs: number[] = [];

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly documents: DocumentsRepository,
    private readonly retryWindowMs: () => number,
    private readonly newId: () => string = randomUUID,
  ) {}

  /** The PushService hook. */
  readonly onApplied: AppliedHook = async ({ person, changes, now }) => {
    const seq = changes.at(-1)?.seq;
    const written: WrittenDocument[] = changes.map(({ document, prev }) => ({
      collection: document.collection,
      id: document.id,
      version: document.version,
      deleted: document.deleted,
      data: document.data,
      prev,
    }));
    if (!mayRaiseWebhookEvents(written)) return;
    const audit = needsAuditWorkflow(written) ? await this.auditWorkflow() : EMPTY_WORKFLOW;
    const derived = webhookEventsOf(written, { audit, measure: EMPTY_WORKFLOW });
    if (derived.length === 0) return;
    const actor = { id: person.id, displayName: person.displayName };
    const queued = await this.enqueue(
      derived.map((event) => {
        const id = this.newId();
        return { id, type: event.type, payload: eventPayload(id, event, now, actor) };
      }),
      now,
    );
    // Bounded: with the feed stalled the poll delivers anyway.
    if (queued > 0 && seq !== undefined && this.queuedSeqs.length < 10_000) {
      this.queuedSeqs.push(seq);
    }
  };

  /**
   * Queues the events for every active endpoint subscribed to their type (inside the caller's
   * transaction). Answers the number of deliveries written.
   */
  async enqueue(events: readonly OutboxEvent[], now: string): Promise<number> {
    if (events.length === 0) return 0;
    const endpoints = (await this.repository.activeEndpoints()).map((endpoint) => ({
      id: endpoint.id,
      events: new Set(JSON.parse(endpoint.events) as string[]),
    }));
    if (endpoints.length === 0) return 0;
    const expiresAt = new Date(Date.parse(now) + this.retryWindowMs()).toISOString();
    const deliveries: NewDelivery[] = [];
    for (const event of events) {
      const body = JSON.stringify(event.payload);
      for (const endpoint of endpoints) {
        if (!endpoint.events.has(event.type)) continue;
        deliveries.push({
          id: this.newId(),
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: event.type,
          payload: body,
          createdAt: now,
          expiresAt,
        });
      }
    }
    await this.repository.insertDeliveries(deliveries);
    return deliveries.length;
  }

  /**
   * Whether the change feed, now through `sequence`, passed a command that queued deliveries.
   * (A rolled-back command's number is handed out again, so it is passed later: one needless
   * look at the outbox.)
   */
  passed(sequence: number): boolean {
    if (this.queuedSeqs.length === 0) return false;
    const before = this.queuedSeqs.length;
    this.queuedSeqs = this.queuedSeqs.filter((seq) => seq > sequence);
    return this.queuedSeqs.length < before;
  }

  private async auditWorkflow() {
    const [doc] = await this.documents.findMany([
      { collection: CONFIGURATION_COLLECTION, id: 'workflow' },
    ]);
    return auditWorkflowFromConfig(doc && !doc.deleted ? doc.data : undefined).workflow;
  }
}
