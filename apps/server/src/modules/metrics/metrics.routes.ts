import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import type { AppMetrics } from './app-metrics';
import { startMetricsListener } from './metrics-listener';
import { bearerMatches } from './metrics-token';

export const METRICS_PATH = '/metrics';

export interface MetricsRouteOptions {
  /** METRICS_PORT: a listener of its own on `host`; the main port then has no /metrics. */
  port: number | null;
  /** METRICS_TOKEN: required as `Authorization: Bearer` wherever /metrics is served. */
  token: string | null;
  /** HOST, where the main port listens too. */
  host: string;
}

/**
 * Times every request (by route pattern) and serves `/metrics`: on its own port, opened when the
 * app is ready and closed with it, or else on the main port behind the token (without either,
 * buildApp has no metrics and does not call this).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  { port, token, host }: MetricsRouteOptions,
): void {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    if (route === METRICS_PATH) return;
    // Unmatched URLs (404s, scanners) share one series instead of one each.
    metrics.httpRequest(
      req.method,
      route ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  if (port !== null) {
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stop = await startMetricsListener(metrics, {
        port,
        host,
        token,
        onError: (err) => app.log.error({ err }, 'metrics failed'),
      });
      app.log.info({ port, host }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
    return;
  }
  if (token === null) return;
  app.get(METRICS_PATH, async (req, reply) => {
    if (!bearerMatches(token, req.headers.authorization)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('unauthenticated', 'The metrics token is missing or wrong');
    }
    reply.header('cache-control', 'no-store').type(metrics.contentType);
    return metrics.scrape();
  });
}
