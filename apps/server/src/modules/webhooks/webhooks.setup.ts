import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { SessionService } from '../auth/session.service';
import type { ChangeFeed } from '../sync/change-feed';
import type { DocumentsRepository } from '../sync/documents.repository';
import type { PushService } from '../sync/push.service';
import { WebhookAddressGuard } from './webhook-address-guard';
import { WebhookDeliverer } from './webhook-deliverer';
import { DEFAULT_WEBHOOK_OPTIONS, type WebhookOptions } from './webhook-options';
import { WebhookOutbox } from './webhook-outbox';
import { registerWebhookRoutes } from './webhooks.routes';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

export interface WebhooksSetupDeps {
  database: Database;
  documents: DocumentsRepository;
  push: PushService;
  feed: ChangeFeed;
  sessions: SessionService;
  trustedOrigins: readonly string[];
  options?: Partial<WebhookOptions>;
  /** WEBHOOK_ALLOWED_HOSTS: host names and ranges webhooks may reach though internal. */
  allowedHosts: readonly string[];
  /** The day of the overdue check (BuildOptions.clock). */
  clock?: () => Date;
}

export interface Webhooks {
  service: WebhooksService;
  deliverer: WebhookDeliverer;
  outbox: WebhookOutbox;
  repository: WebhooksRepository;
  options: WebhookOptions;
}

/**
 * Webhooks (docs/webhooks.md): the outbox hooked into every command's transaction, the admin
 * routes, and this instance's deliverer, woken by the change feed after a local command that
 * queued deliveries has committed. The
 * caller starts the deliverer once the app is ready and stops it before the database closes.
 */
export async function registerWebhooks(
  app: FastifyInstance,
  deps: WebhooksSetupDeps,
): Promise<Webhooks> {
  const options = { ...DEFAULT_WEBHOOK_OPTIONS, ...deps.options };
  const repository = new WebhooksRepository(deps.database);
  const guard = new WebhookAddressGuard(deps.allowedHosts, options.resolve);
  const outbox = new WebhookOutbox(repository, deps.documents, () => options.retryWindowMs);
  deps.push.onApplied(outbox.onApplied);
  const deliverer = new WebhookDeliverer({
    repository,
    outbox,
    documents: deps.documents,
    options,
    guard,
    log: app.log,
    clock: deps.clock ?? (() => new Date()),
  });
  if (options.deliver) {
    // After a commit of this instance that queued deliveries: the feed hands the command's
    // changes out only once they are committed, so the deliveries are visible by then. (Other
    // instances deliver what they queued themselves; the poll is the safety net.)
    deps.feed.subscribe((changes) => {
      const last = changes.at(-1);
      if (last && outbox.passed(last.seq)) deliverer.wake();
    });
  }
  const service = new WebhooksService(repository, options, guard, () => deliverer.wake());
  await registerWebhookRoutes(app, {
    sessions: deps.sessions,
    webhooks: service,
    trustedOrigins: deps.trustedOrigins,
  });
  return { service, deliverer, outbox, repository, options };
}
