import { createServer } from 'node:http';
import type { AppMetrics } from './app-metrics';
import { bearerMatches } from './metrics-token';

/**
 * METRICS_PORT: a plain HTTP server that answers `GET /metrics` and nothing else, so the port
 * can be opened to the monitoring network while the app's port is not (and the reverse).
 * Resolves once listening (rejects if the port is taken); answers its close function.
 */
export async function startMetricsListener(
  metrics: AppMetrics,
  {
    port,
    host,
    token,
    onError,
  }: { port: number; host: string; token: string | null; onError: (error: unknown) => void },
): Promise<() => Promise<void>> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (token !== null && !bearerMatches(token, req.headers.authorization)) {
      res
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('The metrics token is missing or wrong\n');
      return;
    }
    metrics.scrape().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        onError(error);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      server.on('error', onError);
      resolve();
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      // Scrapes are short; a keep-alive connection of Prometheus must not hold the shutdown.
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
