import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../../db/database';
import type { PushObserver, SettledPush } from '../sync/push.service';

/** Every metric's name starts with this, the process and event-loop ones included. */
const PREFIX = 'qa_';

/** Seconds; finer at the low end than prom-client's default, where a group commit lands. */
const COMMAND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the gauges read when Prometheus scrapes, so nothing is counted on the hot paths. */
export interface MetricsSources {
  connectionCount(): number;
  subscriptionCount(): number;
  /** The newest sequence of the change log (on PostgreSQL shared by every instance). */
  lastSequence(): Promise<number>;
  /** The newest sequence this instance's change feed has handed to its connections. */
  deliveredSequence(): number;
  /** PostgreSQL's connection pool; absent on SQLite. */
  poolStats?: () => PoolStats;
}

/**
 * Removes prom-client's gauges whose name ends in `_total` (`qa_nodejs_active_handles_total`,
 * `..._requests_total`, `..._resources_total`): Prometheus keeps that suffix for counters, so
 * `promtool check metrics` flags them. Each is the sum of the gauge of the same name without
 * the suffix (by `type`), so nothing is lost: `sum(qa_nodejs_active_handles)`.
 */
function dropTotalGauges(registry: Registry): void {
  for (const metric of registry.getMetricsAsArray()) {
    if (metric.name.endsWith('_total') && !(metric instanceof Counter)) {
      registry.removeSingleMetric(metric.name);
    }
  }
}

/**
 * The instance's Prometheus metrics (names in the README's Monitoring section). One registry per
 * built app, not prom-client's global one: tests run several apps in one process, and each app's
 * numbers must be its own.
 */
export class AppMetrics implements PushObserver {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly commandDuration: Histogram<'command'>;
  private readonly commands: Counter<'command' | 'outcome' | 'code'>;
  private readonly uploadBytes: Counter;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    dropTotalGauges(this.registry);
    this.httpDuration = new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'HTTP requests by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.commandDuration = new Histogram({
      name: `${PREFIX}command_duration_seconds`,
      help: 'Commands (sync and REST) from arrival to answer, group commit included, by name',
      labelNames: ['command'],
      buckets: COMMAND_BUCKETS,
      registers,
    });
    this.commands = new Counter({
      name: `${PREFIX}commands_total`,
      help: 'Commands by name and outcome (accepted, rejected with its code, failed)',
      labelNames: ['command', 'outcome', 'code'],
      registers,
    });
    this.uploadBytes = new Counter({
      name: `${PREFIX}upload_bytes_total`,
      help: 'Bytes of uploaded files stored',
      registers,
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text Prometheus scrapes. */
  async scrape(): Promise<string> {
    // prom-client writes NaN as "Nan"; the exposition format spells it "NaN". A sample line
    // ends in its value (no timestamps here), and label values cannot hold a line break.
    return (await this.registry.metrics()).replace(/ Nan$/gm, ' NaN');
  }

  /** `route` is the route's pattern (`/api/v1/audits/:id`): raw URLs would be endless series. */
  httpRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  /** PushObserver: every command once it is answered. */
  settled({ command, outcome, code, seconds }: SettledPush): void {
    // A name the registry does not know is whatever a client sent: one series for all of them.
    const name = command ?? 'unknown';
    this.commandDuration.observe({ command: name }, seconds);
    const counted =
      outcome === 'ack'
        ? { outcome: 'accepted', code: '' }
        : outcome === 'failed'
          ? { outcome: 'failed', code: '' }
          : // A stale `If-Match` (REST 412) is refused like a rejection, with its own code.
            { outcome: 'rejected', code: outcome === 'stale' ? 'stale' : (code ?? '') };
    this.commands.inc({ command: name, ...counted });
  }

  /** A file stored (not a retried upload of one already there). */
  stored(bytes: number): void {
    this.uploadBytes.inc(bytes);
  }

  /**
   * Adds the gauges computed at scrape time. A failing read (the database is down) leaves that
   * gauge NaN rather than failing the scrape: the process metrics still matter then.
   */
  watch(sources: MetricsSources, onError: (error: unknown) => void): void {
    const registers = [this.registry];
    new Gauge({
      name: `${PREFIX}sync_connections`,
      help: 'Open sync WebSocket connections of this instance',
      registers,
      collect() {
        this.set(sources.connectionCount());
      },
    });
    new Gauge({
      name: `${PREFIX}sync_subscriptions`,
      help: 'Open query subscriptions over all sync connections of this instance',
      registers,
      collect() {
        this.set(sources.subscriptionCount());
      },
    });
    new Gauge({
      name: `${PREFIX}change_log_lag`,
      help:
        'Changes in the change log (written by any instance) that this instance has not yet ' +
        'delivered to its sync connections',
      registers,
      async collect() {
        try {
          // The log first, then the feed: a change committed between the two reads does not
          // count, so the lag may be understated by a moment's work, never overstated.
          const last = await sources.lastSequence();
          this.set(Math.max(0, last - sources.deliveredSequence()));
        } catch (error) {
          onError(error);
          this.set(Number.NaN);
        }
      },
    });
    const { poolStats } = sources;
    if (!poolStats) return;
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name: `${PREFIX}${name}`,
        help,
        registers,
        collect() {
          this.set(read(poolStats()));
        },
      });
    poolGauge('db_pool_connections', 'Open PostgreSQL connections, idle or in use', (s) => s.total);
    poolGauge('db_pool_idle_connections', 'Idle PostgreSQL connections', (s) => s.idle);
    poolGauge(
      'db_pool_waiting_queries',
      'Queries waiting for a PostgreSQL connection from the pool',
      (s) => s.waiting,
    );
  }
}
