import { systemResolver, type HostResolver } from './webhook-address-guard';

/** The deliverer's timing and resolver (BuildOptions.webhooks; tests shorten and replace them). */
export interface WebhookOptions {
  /** Longest the deliverer sleeps between looks at the outbox (commits wake it earlier). */
  pollIntervalMs: number;
  /** The first retry's delay; each further one doubles it, up to `retryCapMs`. */
  retryBaseMs: number;
  retryCapMs: number;
  /** Retries stop this long after the event (or a resend): the delivery fails. */
  retryWindowMs: number;
  /** One request's limit: connect, answer and body. */
  requestTimeoutMs: number;
  /** How long a claim holds a delivery; must well exceed `requestTimeoutMs`. */
  leaseMs: number;
  /** How often the `measure.overdue` check runs (and old deliveries are pruned). */
  overdueIntervalMs: number;
  /** Deliveries claimed (and sent in parallel) per round. */
  batchSize: number;
  /** Ended deliveries are kept this long after their deadline. */
  retentionMs: number;
  /** Off: no deliverer and no overdue check in this instance (tests of the outbox alone). */
  deliver: boolean;
  /** Resolves endpoint host names, at registration and for every connection (DNS by default). */
  resolve: HostResolver;
}

export const DEFAULT_WEBHOOK_OPTIONS: WebhookOptions = {
  pollIntervalMs: 5_000,
  retryBaseMs: 30_000,
  retryCapMs: 60 * 60_000,
  retryWindowMs: 24 * 60 * 60_000,
  requestTimeoutMs: 10_000,
  leaseMs: 60_000,
  overdueIntervalMs: 15 * 60_000,
  batchSize: 20,
  retentionMs: 30 * 24 * 60 * 60_000,
  deliver: true,
  resolve: systemResolver,
};

/**
 * The delay before the attempt after `attempts` failed ones: base doubled per failure, capped,
 * with ±20 % jitter so the retries of many deliveries to one recovering receiver spread out.
 */
export function retryDelayMs(
  attempts: number,
  options: Pick<WebhookOptions, 'retryBaseMs' | 'retryCapMs'>,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const delay = Math.min(options.retryBaseMs * 2 ** exponent, options.retryCapMs);
  return Math.round(delay * (0.8 + 0.4 * random()));
}
