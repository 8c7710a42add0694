import { randomUUID } from 'node:crypto';
import {
  CONFIGURATION_COLLECTION,
  MEASURES_COLLECTION,
  WEBHOOK_ATTEMPTS_KEPT,
  isWebhookOverdue,
  localDay,
  measureWorkflowFromConfig,
  type WebhookAttempt,
  type WebhookAttemptError,
} from '@qa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentsRepository } from '../sync/documents.repository';
import { BlockedAddressError, type WebhookAddressGuard } from './webhook-address-guard';
import { postWebhook } from './webhook-request';
import { webhookHeaders } from './webhook-signature';
import { retryDelayMs, type WebhookOptions } from './webhook-options';
import { eventPayload, type WebhookOutbox } from './webhook-outbox';
import type { DeliveryRow, EndpointRow, WebhooksRepository } from './webhooks.repository';

interface AttemptResult {
  statusCode: number | null;
  error: WebhookAttemptError | null;
  ok: boolean;
}

export interface WebhookDelivererDeps {
  repository: WebhooksRepository;
  outbox: WebhookOutbox;
  documents: DocumentsRepository;
  options: WebhookOptions;
  /** Which addresses a delivery may connect to (WEBHOOK_ALLOWED_HOSTS). */
  guard: WebhookAddressGuard;
  log: FastifyBaseLogger;
  /** The day the overdue check goes by (BuildOptions.clock; tests fix it). */
  clock: () => Date;
}

/**
 * Delivers the outbox, one per server instance (docs/webhooks.md "Delivery"). A round claims due
 * deliveries with a lease (WebhooksRepository.claimDue), POSTs each (in parallel, each with its
 * timeout), and records the attempt if it still holds the lease: 2xx delivered; otherwise the
 * next attempt after an exponential, jittered delay, or `failed` once past the deadline.
 *
 * Woken by `wake()` (a local commit that queued deliveries, through the change feed; the admin
 * API), else it sleeps until the earliest pending delivery is due, at most `pollIntervalMs`. A
 * round waits for its slowest request (at most the timeout) before the next claims. The
 * `measure.overdue` check runs at start and every `overdueIntervalMs`. stop() aborts requests in
 * flight and waits for the round to record them.
 */
export class WebhookDeliverer {
  private readonly owner = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private overdueTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private overdueRunning: Promise<unknown> | null = null;
  private again = false;
  private stopped = false;
  private started = false;
  /** Aborts the requests in flight at shutdown (they are retried, by this or another instance). */
  private readonly shutdown = new AbortController();

  constructor(private readonly deps: WebhookDelivererDeps) {}

  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.overdueTimer = setInterval(
      () => void this.checkOverdueSafely(),
      this.deps.options.overdueIntervalMs,
    );
    this.overdueTimer.unref();
    void this.checkOverdueSafely();
    this.wake();
  }

  /** Looks at the outbox now (joins a running round, which then looks again). */
  wake(): void {
    if (this.stopped || !this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.rounds().finally(() => {
      this.running = null;
      this.schedule();
    });
  }

  private async rounds(): Promise<void> {
    do {
      this.again = false;
      try {
        // A full batch may leave more due: claim again at once.
        while (!this.stopped && (await this.round()) === this.deps.options.batchSize);
      } catch (err) {
        this.deps.log.error({ err }, 'webhooks: delivery round failed');
      }
    } while (this.again && !this.stopped);
  }

  /** Sleeps until the earliest pending delivery is due, at most the poll interval. */
  private schedule(): void {
    if (this.stopped) return;
    const poll = this.deps.options.pollIntervalMs;
    const arm = (delay: number) => {
      if (this.stopped || this.running) return;
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => this.wake(), Math.max(0, Math.min(delay, poll)));
      this.timer.unref();
    };
    arm(poll);
    this.deps.repository
      .nextDue()
      .then((next) => {
        if (next !== null) arm(Date.parse(next) - Date.now() + 5);
      })
      .catch((err: unknown) => this.deps.log.warn({ err }, 'webhooks: next due time unknown'));
  }

  /** Claims and sends one batch; answers how many it claimed. */
  private async round(): Promise<number> {
    const { repository, options } = this.deps;
    const now = new Date();
    const claimed = await repository.claimDue(
      this.owner,
      now.toISOString(),
      new Date(now.getTime() + options.leaseMs).toISOString(),
      options.batchSize,
    );
    if (claimed.length === 0) return 0;
    const endpoints = new Map(
      (await repository.endpointsByIds([...new Set(claimed.map((d) => d.endpoint_id))])).map(
        (endpoint) => [endpoint.id, endpoint],
      ),
    );
    await Promise.all(
      claimed.map((delivery) => this.attempt(delivery, endpoints.get(delivery.endpoint_id))),
    );
    return claimed.length;
  }

  private async attempt(delivery: DeliveryRow, endpoint: EndpointRow | undefined): Promise<void> {
    const { repository, options, log } = this.deps;
    const started = new Date();
    const result: AttemptResult = endpoint
      ? await this.post(endpoint, delivery, started)
      : { ok: false, statusCode: null, error: 'endpoint_deleted' };
    const finished = new Date();
    const attempt: WebhookAttempt = {
      at: started.toISOString(),
      statusCode: result.statusCode,
      error: result.error,
      durationMs: finished.getTime() - started.getTime(),
    };
    const log_ = [attempt, ...(JSON.parse(delivery.attempt_log) as WebhookAttempt[])].slice(
      0,
      WEBHOOK_ATTEMPTS_KEPT,
    );
    const attempts = delivery.attempts + 1;
    let status: 'pending' | 'delivered' | 'failed';
    let nextAttemptAt: string | null = null;
    if (result.ok) {
      status = 'delivered';
    } else if (finished.toISOString() >= delivery.expires_at || !endpoint) {
      status = 'failed';
    } else {
      status = 'pending';
      const next = finished.getTime() + retryDelayMs(attempts, options);
      nextAttemptAt = new Date(Math.min(next, Date.parse(delivery.expires_at))).toISOString();
    }
    const kept = await repository.finishAttempt(delivery.id, this.owner, {
      status,
      nextAttemptAt,
      deliveredAt: result.ok ? finished.toISOString() : null,
      statusCode: result.statusCode,
      error: result.error,
      attemptLog: JSON.stringify(log_),
    });
    if (!kept) {
      // Deactivated or deleted meanwhile (or the lease ran out: then another instance retries).
      log.info(
        { delivery: delivery.id },
        'webhooks: delivery changed during an attempt; result dropped',
      );
    } else if (status === 'failed') {
      log.warn(
        {
          delivery: delivery.id,
          endpoint: delivery.endpoint_id,
          event: delivery.event_type,
          attempts,
        },
        'webhooks: delivery failed for good',
      );
    }
  }

  private async post(
    endpoint: EndpointRow,
    delivery: DeliveryRow,
    now: Date,
  ): Promise<AttemptResult> {
    const { options, guard, log } = this.deps;
    try {
      const statusCode = await postWebhook(
        endpoint.url,
        webhookHeaders(endpoint.secret, delivery.event_id, delivery.payload, now),
        delivery.payload,
        guard,
        AbortSignal.any([AbortSignal.timeout(options.requestTimeoutMs), this.shutdown.signal]),
      );
      // A redirect is a failure too: the admin registered this URL, not where it points to.
      const ok = statusCode >= 200 && statusCode < 300;
      return { ok, statusCode, error: null };
    } catch (error) {
      // One word for every network failure, so the log does not tell open ports from closed
      // ones; the operator's log keeps the cause.
      const reason: WebhookAttemptError = this.stopped
        ? 'server_shutdown'
        : error instanceof BlockedAddressError
          ? 'address_blocked'
          : 'unreachable';
      const cause = (error as { code?: string; name?: string }).code ?? (error as Error).name;
      log.debug({ delivery: delivery.id, reason, cause }, 'webhooks: attempt got no answer');
      return { ok: false, statusCode: null, error: reason };
    }
  }

  private checkOverdueSafely(): Promise<unknown> {
    if (this.stopped) return Promise.resolve();
    this.overdueRunning ??= this.checkOverdue()
      .catch((err: unknown) => this.deps.log.error({ err }, 'webhooks: overdue check failed'))
      .finally(() => {
        this.overdueRunning = null;
      });
    return this.overdueRunning;
  }

  /**
   * `measure.overdue` (docs/webhooks.md): one event per open measure and passed due date. Each
   * is claimed by its (measure, due date) row and queued in the same transaction, so of several
   * instances exactly one raises it. Also prunes deliveries that ended long ago. Answers the
   * number of events this call raised.
   */
  async checkOverdue(): Promise<number> {
    const { repository, documents, outbox, options, clock } = this.deps;
    const today = localDay(clock());
    const [workflowDoc] = await documents.findMany([
      { collection: CONFIGURATION_COLLECTION, id: 'workflow' },
    ]);
    const workflow = measureWorkflowFromConfig(
      workflowDoc && !workflowDoc.deleted ? workflowDoc.data : undefined,
    );
    const overdue = (await documents.liveDocuments(MEASURES_COLLECTION)).filter((doc) => {
      const { status, dueDate } = doc.data;
      return isWebhookOverdue(
        {
          id: doc.id,
          status: typeof status === 'string' || typeof status === 'number' ? status : null,
          dueDate: typeof dueDate === 'string' ? dueDate : null,
        },
        today,
        workflow,
      );
    });
    const raisedBefore = await repository.overdueRaised(overdue.map((doc) => doc.id));
    let raised = 0;
    for (const doc of overdue) {
      const dueDate = doc.data.dueDate as string;
      if (raisedBefore.has(`${doc.id}\n${dueDate}`) || this.stopped) continue;
      const now = new Date().toISOString();
      const eventId = randomUUID();
      const claimed = await repository.transaction(async () => {
        if (!(await repository.claimOverdue(doc.id, dueDate, eventId, now))) return false;
        const payload = eventPayload(
          eventId,
          {
            type: 'measure.overdue',
            collection: MEASURES_COLLECTION,
            id: doc.id,
            version: doc.version,
            document: doc.data,
            details: { dueDate },
          },
          now,
          null,
        );
        await outbox.enqueue([{ id: eventId, type: 'measure.overdue', payload }], now);
        return true;
      });
      if (claimed) raised += 1;
    }
    await repository.pruneEnded(new Date(Date.now() - options.retentionMs).toISOString());
    if (raised > 0) this.wake();
    return raised;
  }

  /** Stops the timers and waits for a running round (at most `timeoutMs`). */
  async stop(timeoutMs = 3_000): Promise<void> {
    this.stopped = true;
    this.shutdown.abort();
    if (this.timer) clearTimeout(this.timer);
    if (this.overdueTimer) clearInterval(this.overdueTimer);
    this.timer = null;
    this.overdueTimer = null;
    const pending = [this.running, this.overdueRunning].filter(Boolean);
    if (pending.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      await Promise.race([Promise.allSettled(pending), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
