import type { FastifyInstance } from 'fastify';
import type { HealthRepository } from './health.repository';
import type { Readiness } from './readiness';

/**
 * For load balancers and orchestrators. `/healthz` is liveness: the process works and its
 * database answers (restart it otherwise). `/readyz` is readiness: send it traffic, which also
 * needs the schema migrated and no shutdown under way (take it out of rotation otherwise).
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  { health, readiness }: { health: HealthRepository; readiness: Readiness },
): void {
  app.get('/healthz', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await health.ping();
      return { status: 'ok' };
    } catch (err) {
      req.log.warn({ err }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  app.get('/readyz', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const reason = readiness.reason;
    if (reason) return reply.code(503).send({ status: reason });
    try {
      await health.ping();
    } catch (err) {
      req.log.warn({ err }, 'readiness check: database unavailable');
      return reply.code(503).send({ status: 'unavailable' });
    }
    // A shutdown may have begun while the database was asked.
    if (readiness.isStopping) return reply.code(503).send({ status: 'stopping' });
    return { status: 'ready' };
  });
}
